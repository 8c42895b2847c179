import type { SandboxContext } from '../../../../platform/context';
import type { EinvAccount, SeriesEntry } from '../../core/accounts';
import { EARLIEST_INVOICE_DAY } from '../../core/document';
import { correctable, type CorrectionRefusal } from '../../core/store';
import { isValidTaxCode } from '../../core/taxcode';
import type { CorrectionInput, IssueInput } from '../../core/types';
import { vnDay } from '../../core/vat';
import { VIETTEL_PAYMENT_NAMES, type ViettelCreateBody } from './schemas';
import { PROVIDER, ViettelError, viettelTemplateCode, templateOf } from './common';
import { figuresOf } from './figures';

/** A create body as the core's input, the original a correction names, and what Viettel checks before it issues. */

export function issueInputOf(
  merchantId: string,
  body: ViettelCreateBody,
  series: SeriesEntry,
  issuedAt: number,
  correction?: CorrectionInput,
): IssueInput {
  const b = body.buyerInfo;
  const taxCode = b.buyerTaxCode?.trim() || undefined;
  // §6.4: the legal name goes with a tax code; without one the buyer is a person.
  const company = taxCode ? b.buyerLegalName?.trim() || undefined : undefined;
  const name = b.buyerName?.trim() || (taxCode ? '' : b.buyerLegalName?.trim() || '');
  const sales = series.template_code === '2';
  const { lines, rates, notes } = figuresOf(body, sales);
  const info = body.generalInvoiceInfo;
  return {
    merchantId,
    provider: PROVIDER,
    templateCode: series.template_code,
    series: info.invoiceSeries,
    issuedAt,
    buyer: {
      isIndividual: !taxCode,
      name,
      ...(company ? { company } : {}),
      ...(taxCode ? { taxCode } : {}),
      ...(b.buyerAddressLine ? { address: b.buyerAddressLine } : {}),
      ...(b.buyerEmail ? { email: b.buyerEmail } : {}),
      ...(b.buyerPhoneNumber ? { phone: b.buyerPhoneNumber } : {}),
      ...(b.buyerCode ? { customerCode: b.buyerCode } : {}),
      ...(b.buyerIdNo ? { idCard: b.buyerIdNo } : {}),
    },
    lines,
    ...(rates ? { rates } : {}),
    paymentMethod: VIETTEL_PAYMENT_NAMES[body.payments[0]!.paymentMethodName],
    clientRef: info.transactionUuid,
    notes: [...(info.invoiceNote ? [info.invoiceNote] : []), ...notes],
    ...(correction ? { correction } : {}),
  };
}

/** Viettel's answer to a correction whose original it will not take (D244), in its §8 form. */
const ORIGINAL_REFUSALS: Record<CorrectionRefusal, string> = {
  unknown: 'ORIGINAL_INVOICE_NOT_FOUND: Không tìm thấy hóa đơn gốc',
  'not-issued': 'ORIGINAL_INVOICE_NOT_SENT: Hóa đơn gốc chưa được gửi CQT',
  replaced: 'ORIGINAL_INVOICE_REPLACED: Hóa đơn gốc đã bị thay thế',
  adjustment: 'ORIGINAL_INVOICE_ADJUSTMENT: Không được thay thế hóa đơn điều chỉnh',
  mismatch: 'ORIGINAL_INVOICE_INFO_INVALID: Ngày lập hoặc mẫu số hóa đơn gốc không đúng',
};

/**
 * The original a replacement (3) or adjustment (5) names by originalInvoiceId (its series and number,
 * 'C26TVT12'), originalInvoiceIssueDate and originalTemplateCode (§6.2; Odoo's l10n_vn_edi_viettel).
 */
export async function originalOf(ctx: SandboxContext, merchantId: string, body: ViettelCreateBody) {
  const info = body.generalInvoiceInfo;
  const m = /^([A-Z0-9]{6})(\d{1,9})$/.exec((info.originalInvoiceId ?? '').toUpperCase());
  const kind = info.adjustmentType === '3' ? 'replace' : 'adjust';
  const found = m
    ? await correctable(ctx.db, { merchantId, provider: PROVIDER, series: m[1]!, number: Number(m[2]) }, kind, {
        ...(typeof info.originalInvoiceIssueDate === 'number' ? { day: vnDay(info.originalInvoiceIssueDate) } : {}),
      })
    : ({ ok: false, reason: 'unknown' } as const);
  if (!found.ok) throw new ViettelError(400, 'BAD_REQUEST', ORIGINAL_REFUSALS[found.reason]);
  const template = info.originalTemplateCode?.trim();
  if (template && template !== templateOf(found.original)) throw new ViettelError(400, 'BAD_REQUEST', ORIGINAL_REFUSALS.mismatch);
  // The reason: adjustedNote, else the agreement or notice the correction rests on (additionalReferenceDesc).
  const reason = (info.adjustedNote?.trim() || info.additionalReferenceDesc?.trim()) ?? '';
  const correction: CorrectionInput = {
    kind,
    ...(kind === 'adjust' ? { adjustKind: info.adjustmentInvoiceType === '2' ? ('info' as const) : ('amount' as const) } : {}),
    original: {
      templateCode: found.original.templateCode,
      series: found.original.series,
      number: found.original.number,
      issuedAt: found.original.issuedAt,
    },
    reason,
  };
  return { original: found.original, correction };
}

/** The series the request names, registered and active under the template code it names. */
export function checkCreate(account: EinvAccount, body: ViettelCreateBody, issuedAt: number, now: number, approved: boolean): SeriesEntry {
  const info = body.generalInvoiceInfo;
  const series = account.series.find((s) => s.value === info.invoiceSeries && s.active);
  if (!series || viettelTemplateCode(series) !== info.templateCode) {
    throw new ViettelError(400, 'TEMPLATE_NOT_FOUND', `Không tìm thấy mẫu ${info.templateCode} ký hiệu ${info.invoiceSeries}`);
  }
  if (info.invoiceType && info.invoiceType !== series.template_code)
    throw new ViettelError(400, 'INVOICE_TYPE_INVALID', 'invoiceType không khớp templateCode');
  const seller = body.sellerInfo?.sellerTaxCode?.trim();
  if (seller && seller !== account.taxCode) {
    throw new ViettelError(403, 'SUPPLIER_TAX_CODE_INVALID', 'sellerTaxCode phải trùng mã số thuế của tài khoản đăng nhập');
  }
  // §6.2: a replacement or adjustment names its original, the agreement and its date; an adjustment its kind.
  if (info.adjustmentType !== '1') {
    const missing = (
      [
        ['originalInvoiceId', info.originalInvoiceId],
        ['originalInvoiceIssueDate', info.originalInvoiceIssueDate],
        ['additionalReferenceDesc', info.additionalReferenceDesc],
        ['additionalReferenceDate', info.additionalReferenceDate],
        ...(info.adjustmentType === '5' ? [['adjustmentInvoiceType', info.adjustmentInvoiceType] as const] : []),
      ] as const
    ).find(([, value]) => value === null || value === undefined || value === '');
    if (missing)
      throw new ViettelError(400, 'BAD_REQUEST', `generalInvoiceInfo.${missing[0]} là bắt buộc với hóa đơn thay thế, điều chỉnh`);
  }
  const buyer = body.buyerInfo;
  if (buyer.buyerTaxCode && !isValidTaxCode(buyer.buyerTaxCode))
    throw new ViettelError(400, 'BUYER_TAX_CODE_INVALID', 'Mã số thuế người mua không hợp lệ');
  // §6.4: buyerLegalName is required with a buyerTaxCode (a legal name alone is a person's invoice).
  if (buyer.buyerTaxCode && !buyer.buyerLegalName) {
    throw new ViettelError(400, 'BUYER_INFO_INVALID', 'buyerLegalName là bắt buộc khi truyền buyerTaxCode');
  }
  if (!buyer.buyerName && !buyer.buyerLegalName && buyer.buyerNotGetInvoice !== 1) {
    throw new ViettelError(400, 'BUYER_INFO_INVALID', 'Tên người mua hoặc tên đơn vị là bắt buộc');
  }
  if (vnDay(issuedAt) < EARLIEST_INVOICE_DAY)
    throw new ViettelError(400, 'INVOICE_ISSUED_DATE_INVALID', `Ngày lập không được trước ngày ${EARLIEST_INVOICE_DAY}`);
  if (vnDay(issuedAt) > vnDay(now)) throw new ViettelError(400, 'INVOICE_ISSUED_DATE_INVALID', 'Ngày lập không được sau ngày hiện tại');
  if (!approved) {
    throw new ViettelError(400, 'INVOICE_REGISTRATION_NOT_APPROVED', 'Tờ khai đăng ký sử dụng hóa đơn chưa được CQT chấp nhận');
  }
  return series;
}
