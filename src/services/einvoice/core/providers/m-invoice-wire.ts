import { z } from '../../../../config/zod-classic';
import { eivCode } from '../registry';
import type { CorrectionRef, CorrectionRequest, EinvoiceRow, ExportInput, ExportResult } from '../types';
import { cleanBuyer, cleanLine, declarationRowSchema, paymentCode, vnDayStart, WALK_IN_BUYER } from './common';

/**
 * M-Invoice's wire (its names, schemas, the request bodies and the rows it answers); the calls are in
 * m-invoice.ts. M-Invoice (docs/areas/einvoice.md "M-Invoice"; D233). Every answer is HTTP 200 with the outcome in the
 * body's `code` ("00" success): the HTTP status says nothing (notes; D177). Calls after login carry the
 * bearer and the seller's tax code (`TaxCode` header), which the adapter's token carries (seller-token.ts).
 */

export const ROUTE = 'm-invoice';
/** The unit code (mã đơn vị) of the login; the merchants' accounts have the one unit, VP. */
export const MI_UNIT_CODE = 'VP';
/** GetInvoices pages at most this many rows. */
export const MI_MAX_PAGE_SIZE = 100;

export const MI_ERRORS: Readonly<Record<string, string>> = {
  '02': 'EINV_TOKEN_EXPIRED',
  '03': 'EINV_LOGIN_FAIL',
  '04': 'NOT_FOUND',
  '05': 'EINV_SIGN_REFUSED',
  '07': 'EINV_SERIAL_INVALID',
  '08': 'EINV_TAX_CODE_INVALID',
  '10': 'EINV_DECLARATION_PENDING',
  '11': 'EINV_PDF_NOT_READY',
};

export const envelope = z.object({ code: z.string(), message: z.string().optional() }).passthrough();

/**
 * The invoice as M-Invoice answers it (D259): its published Save answer carries the tax authority's
 * lower-case names (hoadon68_id, khieu, shdon, macqt, sobaomat, trang_thai_hd) beside the request's
 * inv_* ones; the CQT status is the number `trang_thai` (`tthai` is its words).
 */
export const invoiceSchema = z.object({
  hoadon68_id: z.string(),
  khieu: z.string(),
  shdon: z.number().int(),
  inv_invoiceIssuedDate: z.string(),
  tnmua: z.string().nullish(),
  ten: z.string().nullish(),
  tgtthue: z.number().nullish(),
  tgtttbso: z.number(),
  trang_thai_hd: z.number().nullish(),
  trang_thai: z.number().nullish(),
  macqt: z.string().nullish(),
  sobaomat: z.string(),
  // A correction names its original: no published answer shows how, so the emulator's TTHDLQuan in
  // lower case (D247, D260).
  tthdlquan: z
    .object({
      tchdon: z.number(),
      khmshdclquan: z.string(),
      khhdclquan: z.string(),
      shdclquan: z.number(),
      nlhdclquan: z.string(),
      gchu: z.string().nullish(),
      dcthongtin: z.boolean().nullish(),
    })
    .nullish(),
});
type MiInvoice = z.infer<typeof invoiceSchema>;

export const loginSchema = z.object({ code: z.literal('00'), token: z.string().min(1), expires_in: z.number().positive() });
export const companySchema = z.object({
  mst: z.string(),
  ten_cty: z.string(),
  dia_chi: z.string().nullish(),
  nguoi_dai_dien: z.string().nullish(),
  email: z.string().nullish(),
  dien_thoai: z.string().nullish(),
});
export const seriesSchema = z.array(z.object({ khhdon: z.string(), khmshdon: z.enum(['1', '2']), ten_loai: z.string() }));
export const declarationSchema = z.object({
  trang_thai: z.string(),
  ds_to_khai: z.array(declarationRowSchema),
});
export const pageSchema = z.object({ data: z.array(invoiceSchema), total: z.number().int().nonnegative() });

function correctsOf(invoice: MiInvoice): CorrectionRef | null {
  const r = invoice.tthdlquan;
  if (!r || (r.tchdon !== 1 && r.tchdon !== 2)) return null;
  return {
    kind: r.tchdon === 1 ? 'replace' : 'adjust',
    adjustKind: r.tchdon === 1 ? null : r.dcthongtin ? 'info' : 'amount',
    serial: `${r.khmshdclquan}${r.khhdclquan}`,
    seq: r.shdclquan,
    invoiceDate: vnDayStart(r.nlhdclquan),
    reason: r.gchu ?? '',
  };
}

export function toRow(invoice: MiInvoice): EinvoiceRow {
  return {
    corrects: correctsOf(invoice),
    id: invoice.hoadon68_id,
    serial: invoice.khieu,
    seq: invoice.shdon,
    invoiceDate: vnDayStart(invoice.inv_invoiceIssuedDate.slice(0, 10)),
    taxAuthorityCode: invoice.macqt ?? null,
    searchCode: invoice.sobaomat,
    buyerName: invoice.ten || invoice.tnmua || '',
    vat: invoice.tgtthue ?? 0,
    total: invoice.tgtttbso,
    status: invoice.trang_thai_hd === null || invoice.trang_thai_hd === undefined ? null : String(invoice.trang_thai_hd),
    statusReceived: invoice.trang_thai === null || invoice.trang_thai === undefined ? null : String(invoice.trang_thai),
  };
}

export function exportResult(invoice: MiInvoice, existing: boolean): ExportResult {
  return {
    eivCode: eivCode(invoice.macqt, invoice.sobaomat, invoice.shdon),
    serial: invoice.khieu,
    providerId: invoice.hoadon68_id,
    existing,
  };
}

/** M-Invoice writes the template digit in front of the series ('1C26TMV'); add it if the serial lacks it. */
function khieuOf(input: ExportInput): string {
  const value = input.serial.value.trim().toUpperCase();
  return /^\d[A-Z0-9]{6}$/.test(value) ? value : `${input.serial.templateCode}${value}`;
}

/** yyyy-MM-dd of an instant in Vietnam: inv_invoiceIssuedDate, ngayvb. */
const vnDate = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * The invoice's own fields in M-Invoice's API 2.0 names (D259; its published sample body, the NestJS
 * DTO and the Python client agree): the series with its template digit, the invoice's date (the
 * sale's, D261), `key_api` the idempotency key, `so_benh_an` the order, the buyer, and the totals
 * ExportInput.tax worked once (D226): the adapter works no tax out.
 */
function invoiceHead(input: ExportInput, key: string, corrects = false): Record<string, unknown> {
  const buyer = cleanBuyer(input.buyer);
  const head: Record<string, unknown> = {
    inv_invoiceSeries: khieuOf(input),
    inv_invoiceIssuedDate: vnDate(input.issuedAt),
    inv_currencyCode: 'VND',
    inv_exchangeRate: 1,
    // D178, D243: the order (or the correction's key) is the key, so a repeat finds the first invoice.
    key_api: key,
    // The seller's own document number: the order. A correction's orderId is only its key (types.ts), so none.
    ...(corrects ? {} : { so_benh_an: input.orderId }),
    inv_paymentMethodName: paymentCode(input.paymentMethod),
    inv_buyerDisplayName: buyer.name || WALK_IN_BUYER,
  };
  if (!buyer.isIndividual) {
    if (buyer.company) head.inv_buyerLegalName = buyer.company;
    if (buyer.taxCode) head.inv_buyerTaxCode = buyer.taxCode;
  } else if (buyer.taxCode) {
    head.inv_buyerTaxCode = buyer.taxCode;
  }
  if (buyer.address) head.inv_buyerAddressLine = buyer.address;
  if (buyer.email) head.inv_buyerEmail = buyer.email;
  if (buyer.phone) head.buyerTel = buyer.phone;
  // The buyer's personal identification number (D237; the XML's CCCDan).
  if (buyer.idCard) head.cccdan = buyer.idCard;
  if (input.tax.notes.length > 0) head.inv_invoiceNote = input.tax.notes.join(' ');
  // A sales invoice (template 2) states its total alone, as M-Invoice's sample does: no VAT.
  if (input.tax.kind !== 'sales') {
    head.inv_TotalAmountWithoutVat = input.tax.totals.net;
    head.inv_vatAmount = input.tax.totals.vat;
  }
  head.inv_TotalAmount = input.tax.totals.gross;
  return head;
}

/**
 * The lines by their published meanings (D259): inv_unitPrice and inv_TotalAmountWithoutVat before
 * tax, ma_thue the line's rate ('10', '8', '5', '0', '-1' KCT, '-2' KKKNT), inv_vatAmount its VAT,
 * inv_TotalAmount both; a sales invoice (template 2) has no rate or VAT on its lines.
 */
function invoiceLines(input: ExportInput): Record<string, unknown>[] {
  return input.lines.map(cleanLine).map((line, index) => {
    const figures = input.tax.lines[index]!;
    const taxed = input.tax.kind !== 'sales' && figures.rateCode !== null;
    return {
      stt_rec0: String(index + 1).padStart(4, '0'),
      tchat: 1,
      inv_itemName: line.name,
      ...(line.unit ? { inv_unitCode: line.unit } : {}),
      inv_quantity: line.quantity,
      inv_unitPrice: figures.netUnitPrice,
      inv_TotalAmountWithoutVat: figures.net,
      ...(taxed ? { ma_thue: MA_THUE[figures.rateCode!], inv_vatAmount: figures.vat, inv_TotalAmount: figures.net + figures.vat } : {}),
    };
  });
}

/** ExportInput's rate codes as M-Invoice's ma_thue (D259; the Python client: KCT '-1', KKKNT '-2'). */
const MA_THUE: Readonly<Record<string, string>> = { '10%': '10', '8%': '8', '5%': '5', '0%': '0', KCT: '-1', KKKNT: '-2' };

export function invoiceInput(input: ExportInput, key: string = input.orderId, corrects = false): Record<string, unknown> {
  return { ...invoiceHead(input, key, corrects), details: [{ data: invoiceLines(input) }] };
}

/**
 * The body of a ThayThe (replace) or DieuChinh (adjust) call (D260). ThayThe: the whole replacing
 * invoice in `data` (no editmode), `inv_originalId` the original's id and `ghi_chu` the reason.
 * DieuChinh: flat, `inv_InvoiceAuth_id` the original's id, `ghi_chu` the reason and the difference
 * lines in `data`, a decrease negative (inv_quantity, inv_TotalAmountWithoutVat, inv_vatAmount,
 * inv_TotalAmount; M-Invoice's guide "điền âm số lượng"), the totals signed; one of information
 * (`inv_adjustmentType` 5, "điều chỉnh định danh") has one note line (tchat 4) and no amounts.
 * Both under the correction's key as key_api (D243).
 */
export function correctionInput(original: Pick<EinvoiceRow, 'id' | 'seq'>, c: CorrectionRequest): Record<string, unknown> {
  const reason = c.reason.trim().slice(0, 255);
  if (c.kind === 'replace') {
    return { data: [{ ...invoiceInput(c.invoice, c.key, true), inv_originalId: original.id, ghi_chu: reason }] };
  }
  const head = invoiceHead(c.invoice, c.key, true);
  const adjust: Record<string, unknown> = { ...head, inv_InvoiceAuth_id: original.id, ghi_chu: reason };
  if (c.adjustKind === 'info') {
    const note = `Điều chỉnh thông tin người mua của hóa đơn số ${original.seq}: ${c.reason.trim()}`.slice(0, 500);
    const { inv_TotalAmountWithoutVat: _n, inv_vatAmount: _v, ...rest } = adjust;
    return { ...rest, inv_adjustmentType: 5, inv_TotalAmount: 0, data: [{ stt_rec0: '0001', tchat: 4, inv_itemName: note }] };
  }
  const lines = invoiceLines(c.invoice);
  lines.forEach((line, i) => {
    if (c.decreases[i] !== true) return;
    for (const key of ['inv_quantity', 'inv_TotalAmountWithoutVat', 'inv_vatAmount', 'inv_TotalAmount'] as const)
      if (typeof line[key] === 'number') line[key] = -(line[key] as number);
  });
  const net = lines.reduce((sum, l) => sum + (l.inv_TotalAmountWithoutVat as number), 0);
  const vat = lines.reduce((sum, l) => sum + (typeof l.inv_vatAmount === 'number' ? l.inv_vatAmount : 0), 0);
  const totals = c.invoice.tax.kind === 'sales' ? {} : { inv_TotalAmountWithoutVat: net, inv_vatAmount: vat };
  return { ...adjust, ...totals, inv_TotalAmount: net + vat, data: lines };
}
