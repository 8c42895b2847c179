import type { CorrectionRefusal } from '../../core/store';
import type { CorrectionInput, IssueInput } from '../../core/types';
import { MI_TAX_CODES, miAdjustBody, miReplaceBody, miSaveBody, type MiInvoiceInput, type MiLine } from './wire';
import { PROVIDER, type Paths, SAVE_PATHS, ADJUST_PATHS, parse } from './common';

/** The four create calls' bodies as one document, what M-Invoice checks in it, and the core's input made from it. */

/** M-Invoice's trang_thai_hd of a correction and of the original it names (MI_INVOICE_STATUS; D247). */
export const CORRECTION_STATUS = { replace: { self: 3, original: 5 }, adjust: { self: 2, original: 6 } } as const;

/** M-Invoice's refusal of the original a correction names (D244). */
export const ORIGINAL_REFUSALS: Record<CorrectionRefusal, string> = {
  unknown: 'Không tìm thấy hóa đơn gốc',
  'not-issued': 'Hóa đơn gốc chưa được ký và gửi CQT',
  replaced: 'Hóa đơn gốc đã bị thay thế',
  adjustment: 'Không được thay thế hóa đơn điều chỉnh',
  mismatch: 'Ngày lập hoặc mẫu số của hóa đơn gốc không đúng',
};

/** The invoice of any of the four calls in one shape: its own fields, its lines, and what it corrects. */
type MiHead = Omit<MiInvoiceInput, 'details'>;
export interface MiDoc {
  head: MiHead;
  lines: MiLine[];
  at: Paths;
  /** ThayThe / DieuChinh: the original's id (inv_originalId / inv_InvoiceAuth_id), the reason, information only. */
  corrects?: { kind: 'replace' | 'adjust'; originalId: string; reason: string; info: boolean };
}

/** The body of a call as one MiDoc; a body that does not parse answers `01` naming its fields. */
export function docOf(body: unknown, call: 'save' | 'replace' | 'adjust'): MiDoc {
  if (call === 'save') {
    const { details, ...head } = parse(miSaveBody, body).data[0]!;
    return { head, lines: details[0]!.data, at: SAVE_PATHS };
  }
  if (call === 'replace') {
    const { details, inv_originalId, ghi_chu, sovb: _sovb, ngayvb: _ngayvb, ...head } = parse(miReplaceBody, body).data[0]!;
    return {
      head,
      lines: details[0]!.data,
      at: SAVE_PATHS,
      corrects: { kind: 'replace', originalId: inv_originalId, reason: ghi_chu, info: false },
    };
  }
  const { data, inv_InvoiceAuth_id, inv_adjustmentType, ghi_chu, sovb: _sovb, ngayvb: _ngayvb, ...head } = parse(miAdjustBody, body);
  return {
    head,
    lines: data,
    at: ADJUST_PATHS,
    corrects: { kind: 'adjust', originalId: inv_InvoiceAuth_id, reason: ghi_chu, info: inv_adjustmentType === 5 },
  };
}

/**
 * What M-Invoice checks of a line beyond the core (D259, D247): a goods line states inv_quantity,
 * inv_unitPrice and inv_TotalAmountWithoutVat, a VAT invoice's line its ma_thue, and inv_TotalAmount
 * (when sent) is its amount and VAT together; a note line (tchat 4) only on an adjustment of
 * information, which has nothing else; a negative figure only on an adjusting invoice. A VAT invoice
 * states its total before tax and its VAT.
 */
export function lineProblem(doc: MiDoc): string | null {
  const adjusting = doc.corrects?.kind === 'adjust';
  const info = adjusting && doc.corrects?.info === true;
  const h = doc.head;
  for (const [i, l] of doc.lines.entries()) {
    const at = `${doc.at.lines}${i}`;
    if (info) {
      const figures = [l.inv_quantity, l.inv_TotalAmountWithoutVat, l.inv_vatAmount, l.inv_TotalAmount];
      if (l.tchat !== 4 || figures.some((v) => v !== undefined && v !== null && v !== 0)) return `${at}.tchat`;
      continue;
    }
    if (l.tchat === 4) return `${at}.tchat`;
    if (l.inv_quantity === undefined) return `${at}.inv_quantity`;
    if (l.inv_unitPrice === undefined) return `${at}.inv_unitPrice`;
    if (l.inv_TotalAmountWithoutVat === undefined) return `${at}.inv_TotalAmountWithoutVat`;
    if (!adjusting && [l.inv_quantity, l.inv_TotalAmountWithoutVat, l.inv_vatAmount ?? 0].some((v) => v < 0)) return `${at}.inv_quantity`;
    if (l.inv_TotalAmount !== undefined && l.inv_TotalAmount !== null) {
      if (Math.abs(l.inv_TotalAmount - (l.inv_TotalAmountWithoutVat + (l.inv_vatAmount ?? 0))) > 1) return `${at}.inv_TotalAmount`;
    }
  }
  const sales = h.inv_invoiceSeries.startsWith('2');
  if (!sales && !info) {
    if (h.inv_TotalAmountWithoutVat === undefined) return `${doc.at.head}inv_TotalAmountWithoutVat`;
    if (h.inv_vatAmount === undefined) return `${doc.at.head}inv_vatAmount`;
  }
  const totals = [h.inv_TotalAmountWithoutVat ?? 0, h.inv_vatAmount ?? 0, h.inv_TotalAmount];
  if (info && totals.some((v) => v !== 0)) return `${doc.at.head}inv_TotalAmount`;
  if (!adjusting && totals.some((v) => v < 0)) return `${doc.at.head}inv_TotalAmount`;
  return null;
}

export function issueInput(merchantId: string, doc: MiDoc, issuedAt: number, correction?: CorrectionInput): IssueInput {
  const info = correction?.adjustKind === 'info';
  const h = doc.head;
  // A company name makes a business buyer (which then needs its tax code); a tax code alone is an
  // individual's personal one.
  const business = Boolean(h.inv_buyerLegalName);
  const sales = h.inv_invoiceSeries.startsWith('2');
  return {
    merchantId,
    provider: PROVIDER,
    templateCode: h.inv_invoiceSeries[0] as '1' | '2',
    series: h.inv_invoiceSeries.slice(1),
    issuedAt,
    buyer: {
      isIndividual: !business,
      name: h.inv_buyerDisplayName,
      company: h.inv_buyerLegalName,
      taxCode: h.inv_buyerTaxCode,
      address: h.inv_buyerAddressLine,
      email: h.inv_buyerEmail,
      phone: h.buyerTel,
      customerCode: h.ma_dt,
      idCard: h.cccdan,
    },
    // D259: the figures as sent, in their published meanings; M-Invoice's request has no breakdown,
    // so the core works it from the lines and checks the totals against it. ma_thue becomes TSuat.
    // An adjustment's decrease comes negative (D247): its size, marked as lowering the original.
    lines: info
      ? []
      : doc.lines.map((l) => ({
          name: l.inv_itemName,
          unit: l.inv_unitCode,
          quantity: Math.abs(l.inv_quantity ?? 0),
          unitPrice: l.inv_unitPrice ?? 0,
          amount: Math.abs(l.inv_TotalAmountWithoutVat ?? 0),
          rate: l.ma_thue === undefined ? null : MI_TAX_CODES[l.ma_thue],
          ...(l.inv_vatAmount !== undefined ? { vat: Math.abs(l.inv_vatAmount) } : {}),
          ...((l.inv_TotalAmountWithoutVat ?? 0) < 0 || (l.inv_quantity ?? 0) < 0 ? { decrease: true } : {}),
        })),
    // A sales invoice may state its total alone (M-Invoice's sample): before tax it is the same, VAT none.
    totals: {
      net: h.inv_TotalAmountWithoutVat ?? (sales || info ? h.inv_TotalAmount : 0),
      vat: h.inv_vatAmount ?? 0,
      gross: h.inv_TotalAmount,
    },
    paymentMethod: h.inv_paymentMethodName,
    clientRef: h.key_api,
    ...(h.inv_invoiceNote || info
      ? { notes: [...(h.inv_invoiceNote ? [h.inv_invoiceNote] : []), ...(info ? doc.lines.map((l) => l.inv_itemName) : [])] }
      : {}),
    ...(correction ? { correction } : {}),
  };
}
