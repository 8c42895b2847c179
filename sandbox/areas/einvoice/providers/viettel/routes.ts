import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import {
  accountByUsername,
  bearerToken,
  checkLogin,
  getAccount,
  issueToken,
  verifyToken,
  type EinvAccount,
  type SeriesEntry,
} from '../../core/accounts';
import { lookupCompany } from '../../core/companies';
import { EARLIEST_INVOICE_DAY, InvoiceInputError } from '../../core/document';
import { consumeFault, delay, faultState } from '../../core/faults';
import { renderInvoicePdf } from '../../core/pdf';
import {
  correctable,
  findByClientRef,
  getInvoice,
  issueInvoice,
  latestInSeries,
  linkCorrection,
  listInvoices,
  totalAfterOf,
  updateInvoice,
  type CorrectionRefusal,
} from '../../core/store';
import { isValidTaxCode, taxCodeProblem } from '../../core/taxcode';
import {
  PROVIDER_NAMES,
  type CorrectionInput,
  type InvoiceRecord,
  type IssueInput,
  type LineInput,
  type RateCode,
  type RateInput,
} from '../../core/types';
import { vnDay } from '../../core/vat';
import {
  viettelByUuidSchema,
  viettelCreateSchema,
  viettelFileSchema,
  viettelListSchema,
  viettelLoginSchema,
  viettelTemplatesSchema,
  VIETTEL_PAYMENT_NAMES,
  VIETTEL_RATES,
  type ViettelCreateBody,
} from './schemas';
import {
  doneStatus,
  notSentStatus,
  seriesHasCode,
  sentStatus,
  VIETTEL_CQT_NAMES,
  VIETTEL_STATUS,
  viettelMaySign,
  type ViettelCqtStatus,
} from './statuses';

/**
 * Viettel S-Invoice, emulated under /api/einvoice/viettel (docs/areas/einvoice.md "Viettel
 * S-Invoice"). Answers `{errorCode, description, ...}`; a token that does not verify (expired or
 * unknown) answers HTTP 500 `{message: "GENERAL"}` as Viettel does. What the platform refuses before
 * a route runs (NUL, broken JSON, an over-long URL) keeps the sandbox envelope.
 */

const PROVIDER = 'viettel' as const;
/** Viettel's own path prefix, kept so an adapter written against the emulator reads like one written against Viettel. */
export const VIETTEL_API = '/services/einvoiceapplication/api/InvoiceAPI';
/** How many PDF asks after a create answer "not ready" before the file is there (notes: "not ready right after creation"). */
export const VIETTEL_PDF_WARMUP_ASKS = 1;
/** After sending, the tax authority's answer arrives this long later (sandbox clock). */
export const VIETTEL_CODE_DELAY_MS = 3_000;
export const VIETTEL_LOOKUP_URL = 'https://vinvoice.viettel.vn/utilities/invoice-search';
const MAX_RANGE_MS = 366 * 86_400_000;

export class ViettelError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Viettel's 500 for a token that is not (or no longer) good; it never says which. */
class GeneralError extends Error {}

interface Caller {
  merchantId: string;
  account: EinvAccount;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw result.error;
  return result.data;
}

/**
 * A stand-in for the code the tax authority gives a coded invoice (MCCQT), 34 characters. Made from
 * the invoice's random lookup code, so two reads settling the same invoice at once write the same code.
 */
const cqtCodeOf = (invoice: InvoiceRecord) =>
  `00${createHash('sha256').update(`${invoice.lookupCode}:${invoice.id}`).digest('hex').slice(0, 32).toUpperCase()}`;

async function assertUp(ctx: SandboxContext, merchantId: string): Promise<void> {
  if ((await faultState(ctx.db, merchantId, PROVIDER)).down) throw new ViettelError(503, 'SERVICE_UNAVAILABLE', 'Hệ thống đang bảo trì');
}

async function caller(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new ViettelError(401, 'UNAUTHORIZED', 'Full authentication is required to access this resource');
  const check = await verifyToken(ctx.db, PROVIDER, token, ctx.clock.now());
  if (check.status !== 'ok') throw new GeneralError();
  const account = await getAccount(ctx.db, check.merchantId, PROVIDER, ctx.clock.now());
  if (!account) throw new GeneralError();
  await assertUp(ctx, check.merchantId);
  return { merchantId: check.merchantId, account };
}

/** The supplier tax code a call names must be the token's own company. */
function ownSupplier(account: EinvAccount, supplierTaxCode: string): void {
  if (supplierTaxCode.trim() !== account.taxCode) {
    throw new ViettelError(403, 'SUPPLIER_TAX_CODE_INVALID', 'Mã số thuế người bán không thuộc tài khoản này');
  }
}

/**
 * The account's own template code of a series (getInvoiceTemplates answers it, createInvoice and the
 * file call must name it): '1/001' unless the account registered another ('1/0224'), D231.
 */
export const viettelTemplateCode = (series: Pick<SeriesEntry, 'template_code' | 'provider_template'>) =>
  series.provider_template ?? `${series.template_code}/001`;
/** The template code an invoice was made under (kept in extra by the create). */
const templateOf = (invoice: InvoiceRecord) =>
  typeof invoice.extra.templateCode === 'string' ? invoice.extra.templateCode : `${invoice.templateCode}/001`;
/** Viettel's invoice number is the series followed by the sequence: C26TVT12. */
export const viettelInvoiceNo = (invoice: Pick<InvoiceRecord, 'series' | 'number'>) => `${invoice.series}${invoice.number}`;

async function settle(ctx: SandboxContext, invoice: InvoiceRecord): Promise<InvoiceRecord> {
  const due = invoice.extra.codeDueAt;
  if (invoice.cqtStatus !== String(sentStatus(invoice.series)) || typeof due !== 'number' || due > ctx.clock.now()) return invoice;
  const patch = {
    cqtStatus: String(doneStatus(invoice.series)),
    ...(seriesHasCode(invoice.series) ? { cqtCode: cqtCodeOf(invoice) } : {}),
  };
  return (await updateInvoice(ctx.db, invoice.id, patch)) ?? invoice;
}

/** One invoice as Viettel's searches answer it; dates are epoch milliseconds. */
export function viettelInvoice(invoice: InvoiceRecord) {
  const { TTChung, NDHDon } = invoice.hdon;
  const exchange = Number(invoice.cqtStatus) as ViettelCqtStatus;
  return {
    invoiceId: invoice.id,
    transactionID: invoice.providerId,
    transactionUuid: invoice.clientRef,
    invoiceType: invoice.templateCode,
    adjustmentType: String(invoice.status),
    templateCode: templateOf(invoice),
    invoiceSeri: invoice.series,
    invoiceNumber: String(invoice.number),
    invoiceNo: viettelInvoiceNo(invoice),
    currency: TTChung.DVTTe,
    issueDate: invoice.issuedAt,
    buyerName: NDHDon.NMua.HVTNMHang || NDHDon.NMua.Ten,
    buyerLegalName: NDHDon.NMua.HVTNMHang ? NDHDon.NMua.Ten : null,
    buyerTaxCode: NDHDon.NMua.MST || null,
    buyerAddressLine: NDHDon.NMua.DChi || null,
    buyerEmail: NDHDon.NMua.DCTDTu ?? null,
    buyerPhoneNumber: NDHDon.NMua.SDThoai ?? null,
    paymentMethodName: TTChung.HTTToan,
    totalBeforeTax: NDHDon.TToan.TgTCThue,
    taxAmount: NDHDon.TToan.TgTThue,
    total: NDHDon.TToan.TgTTTBSo,
    // One rate: its number; several (or none): null, as Viettel's own taxRate on a mixed invoice.
    taxPercentage: NDHDon.TToan.THTTLTSuat.length === 1 ? VIETTEL_RATE_OF[NDHDon.TToan.THTTLTSuat[0]!.TSuat] : null,
    status: exchange,
    statusName: VIETTEL_CQT_NAMES[exchange] ?? null,
    reservationCode: invoice.lookupCode,
    codeOfTax: invoice.cqtCode,
    sentDate: invoice.signedAt,
    // A replacement (3) or adjustment (5) answers what it names, in the create's own fields (§6.2; D245).
    ...(TTChung.TTHDLQuan
      ? {
          adjustmentInvoiceType: TTChung.TTHDLQuan.TCHDon === 2 ? (invoice.hdon.NDHDon.DSHHDVu.length === 0 ? '2' : '1') : null,
          originalInvoiceId: `${TTChung.TTHDLQuan.KHHDCLQuan}${TTChung.TTHDLQuan.SHDCLQuan}`,
          originalTemplateCode: `${TTChung.TTHDLQuan.KHMSHDCLQuan}`,
          originalInvoiceIssueDate: Date.parse(`${TTChung.TTHDLQuan.NLHDCLQuan}T00:00:00+07:00`),
          adjustedNote: TTChung.TTHDLQuan.GChu,
        }
      : {}),
  };
}

/** Viettel's taxPercentage (§6.6) and the invoice's rate code (TSuat): -2 KCT, -1 KKKNT (D231). */
const RATE_CODE_OF: Record<(typeof VIETTEL_RATES)[number], RateCode> = { [-2]: 'KCT', [-1]: 'KKKNT', 0: '0%', 5: '5%', 8: '8%', 10: '10%' };
const VIETTEL_RATE_OF = Object.fromEntries(Object.entries(RATE_CODE_OF).map(([n, code]) => [code, Number(n)])) as Record<RateCode, number>;
/** §8 VAT_AMOUNT_INVALID: a VAT may stray one đồng from the rate of its amount. */
const VAT_TOLERANCE = 1;
/** §6.6: quantity × unitPrice may stray 5 đồng from itemTotalAmountWithoutTax. */
const LINE_TOLERANCE = 5;

/** A refusal of the figures, as Viettel's error list §8 writes it: BAD_REQUEST with the message code first. */
const figures = (message: string, text: string) => new ViettelError(400, 'BAD_REQUEST', `${message}: ${text}`);

function rateOf(value: number | null | undefined, at: string): RateCode {
  const rate = (VIETTEL_RATES as readonly number[]).includes(value as number) ? (value as (typeof VIETTEL_RATES)[number]) : undefined;
  if (rate === undefined)
    throw figures('VAT_PERCENTAGE_INVALID', `${at}.taxPercentage ${String(value)}: Thuế GTGT (%) phải là -2, -1, 0, 5, 8 hoặc 10`);
  return RATE_CODE_OF[rate];
}

/**
 * The invoice's lines, breakdown and notes as the request states them (D231), checked as Viettel
 * documents (§6.6, §6.7, §8): every goods line has its unit price before tax, quantity and amount
 * before tax within 5 đồng of their product, a rate from Viettel's list (none, or -2, on a sales
 * invoice) and a VAT within 1 đồng of its rate (absent = 0); the breakdown has each rate once, its
 * taxable amount the sum of its lines and its VAT the sum of theirs. An adjustment states its lines
 * unsigned with isIncreaseItem (Odoo sends a decrease's unit price negative): the sizes are kept.
 * The core then checks the same figures as the tax authority (core/document.ts, D229).
 */
function figuresOf(body: ViettelCreateBody, sales: boolean): { lines: LineInput[]; rates?: RateInput[]; notes: string[] } {
  const lines: LineInput[] = [];
  const notes: string[] = [];
  const info = body.generalInvoiceInfo;
  const adjusting = info.adjustmentType === '5';
  // An adjustment of information (adjustmentInvoiceType 2) moves no money: its lines say what changed.
  const informationOnly = adjusting && info.adjustmentInvoiceType === '2';
  body.itemInfo.forEach((item, i) => {
    const at = `itemInfo[${i}]`;
    if (item.selection === 2) {
      notes.push(item.itemName);
      return;
    }
    if (informationOnly) {
      const moves = [item.unitPrice, item.itemTotalAmountWithoutTax, item.taxAmount].some((v) => v !== null && v !== undefined && v !== 0);
      if (moves) throw new ViettelError(400, 'BAD_REQUEST', `${at}: hóa đơn điều chỉnh thông tin không có số tiền`);
      notes.push(item.itemName);
      return;
    }
    if (item.isIncreaseItem === false && !adjusting) {
      throw new ViettelError(400, 'BAD_REQUEST', `${at}.isIncreaseItem: chỉ hóa đơn điều chỉnh có dòng giảm`);
    }
    if (item.unitPrice === null || item.unitPrice === undefined || item.quantity === null || item.quantity === undefined) {
      throw new ViettelError(400, 'BAD_REQUEST', `${at}: unitPrice (đơn giá chưa thuế) và quantity là bắt buộc với hàng hóa`);
    }
    if (item.itemTotalAmountWithoutTax === null || item.itemTotalAmountWithoutTax === undefined) {
      throw new ViettelError(400, 'BAD_REQUEST', `${at}: itemTotalAmountWithoutTax là bắt buộc`);
    }
    const unitPrice = Math.abs(item.unitPrice);
    const quantity = Math.abs(item.quantity);
    const amount = item.itemTotalAmountWithoutTax;
    if (amount < 0) throw new ViettelError(400, 'BAD_REQUEST', `${at}.itemTotalAmountWithoutTax: tổng tiền không có số âm`);
    if (Math.abs(quantity * unitPrice - amount) > LINE_TOLERANCE + 1e-9) {
      throw figures(
        'IVI_TOTAL_A_WITHOUT_TAX_AND_UP_QUAN_NOT_COMPARED',
        `${at}: ${quantity} × ${unitPrice} ≠ ${amount} (Đơn giá nhân số lượng không so khớp thành tiền)`,
      );
    }
    const vat = item.taxAmount ?? 0;
    if (vat < 0) throw figures('VAT_TAX_AMOUNT_NEGATE', `${at}.taxAmount: Tiền thuế không được nhập giá trị âm`);
    const base = {
      name: item.itemName,
      ...(item.unitName ? { unit: item.unitName } : {}),
      quantity,
      unitPrice,
      amount,
      // §6.6 isIncreaseItem false: the line lowers the original (Odoo also sends its unit price negative).
      ...(adjusting && (item.isIncreaseItem === false || (item.unitPrice ?? 0) < 0) ? { decrease: true } : {}),
    };
    if (sales) {
      if (item.taxPercentage !== null && item.taxPercentage !== undefined && item.taxPercentage !== -2) {
        throw figures('VAT_PERCENTAGE_INVALID', `${at}.taxPercentage: hóa đơn bán hàng không có thuế GTGT (-2 hoặc không truyền)`);
      }
      if (vat !== 0) throw figures('VAT_AMOUNT_INVALID', `${at}.taxAmount: hóa đơn bán hàng không có tiền thuế`);
      lines.push({ ...base, rate: null });
      return;
    }
    const rate = rateOf(item.taxPercentage, at);
    const percent = Math.max(0, VIETTEL_RATE_OF[rate]);
    if (Math.abs(vat - (amount * percent) / 100) > VAT_TOLERANCE + 1e-9) {
      throw figures('VAT_AMOUNT_INVALID', `${at}.taxAmount ${vat} ≠ ${percent}% × ${amount} (Tiền thuế không hợp lệ)`);
    }
    lines.push({ ...base, rate, vat });
  });
  if (informationOnly) return { lines, ...(sales ? {} : { rates: [] }), notes };
  if (lines.length === 0) throw new ViettelError(400, 'BAD_REQUEST', 'itemInfo: hóa đơn cần ít nhất một dòng hàng hóa');
  const signed = (l: LineInput, value: number) => (l.decrease ? -value : value);

  const breakdown = body.taxBreakdowns ?? [];
  if (breakdown.length === 0) return { lines, notes };
  const seen = new Set<RateCode>();
  const rates: RateInput[] = [];
  breakdown.forEach((row, i) => {
    const at = `taxBreakdowns[${i}]`;
    if (sales) {
      if (row.taxPercentage !== -2) throw figures('VAT_PERCENTAGE_INVALID', `${at}.taxPercentage: hóa đơn bán hàng chỉ có -2`);
      return;
    }
    const rate = rateOf(row.taxPercentage, at);
    if (seen.has(rate)) throw figures('VAT_PERCENTAGE_INVALID', `${at}: mỗi mức thuế chỉ xuất hiện một lần`);
    seen.add(rate);
    const members = lines.filter((l) => l.rate === rate);
    const net = members.reduce((sum, l) => sum + signed(l, l.amount), 0);
    const vat = members.reduce((sum, l) => sum + signed(l, l.vat ?? 0), 0);
    // Not sent: Viettel works it out from the lines (§6.7). taxableAmountPos/taxAmountPos false: a decrease (Odoo).
    const taxable =
      row.taxableAmount === null || row.taxableAmount === undefined
        ? net
        : row.taxableAmountPos === false
          ? -row.taxableAmount
          : row.taxableAmount;
    const tax = row.taxAmount === null || row.taxAmount === undefined ? vat : row.taxAmountPos === false ? -row.taxAmount : row.taxAmount;
    if (members.length === 0 || Math.abs(taxable - net) > 1e-9) {
      throw new ViettelError(
        400,
        'BAD_REQUEST',
        `${at}.taxableAmount ${taxable} ≠ tổng itemTotalAmountWithoutTax của mức ${row.taxPercentage} (${net})`,
      );
    }
    if (Math.abs(tax - vat) > 1e-9)
      throw figures('VAT_AMOUNT_INVALID', `${at}.taxAmount ${tax} ≠ tổng taxAmount của mức ${row.taxPercentage} (${vat})`);
    rates.push({ rate, net: taxable, vat: tax });
  });
  return { lines, ...(sales ? {} : { rates }), notes };
}

function issueInputOf(
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
async function originalOf(ctx: SandboxContext, merchantId: string, body: ViettelCreateBody) {
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
function checkCreate(account: EinvAccount, body: ViettelCreateBody, issuedAt: number, now: number, approved: boolean): SeriesEntry {
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

/** The answer to a create, the first one or a repeat of its transactionUuid (§6.2: the same invoice A). */
const created = (account: EinvAccount, invoice: InvoiceRecord) =>
  ok({
    result: {
      supplierTaxCode: account.taxCode,
      invoiceNo: viettelInvoiceNo(invoice),
      transactionID: invoice.providerId,
      reservationCode: invoice.lookupCode,
      codeOfTax: invoice.cqtCode,
    },
  });

const ok = <T extends object>(rest: T) => ({ errorCode: null, description: null, ...rest });

function queryText(request: FastifyRequest, name: string, max: number): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (value !== undefined && typeof value !== 'string') throw new ViettelError(400, 'BAD_REQUEST', `${name} được gửi nhiều lần`);
  const text = (value ?? '').trim();
  if (!text) throw new ViettelError(400, 'BAD_REQUEST', `${name} là bắt buộc`);
  if (text.length > max) throw new ViettelError(400, 'BAD_REQUEST', `${name} quá dài`);
  return text;
}

export function registerViettelRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      scope.setErrorHandler((error, _request, reply) => {
        if (error instanceof GeneralError) return reply.status(500).send({ message: 'GENERAL' });
        if (error instanceof ViettelError)
          return reply.status(error.status).send({ errorCode: error.code, description: error.message, result: null });
        if (error instanceof ZodError) {
          const issue = error.issues[0];
          const field = issue?.path.join('.') ?? '';
          return reply
            .status(400)
            .send({ errorCode: 'BAD_REQUEST', description: `${field}: ${issue?.message ?? 'invalid'}`, result: null });
        }
        if (error instanceof InvoiceInputError) {
          return reply.status(400).send({ errorCode: 'BAD_REQUEST', description: `${error.field}: ${error.message}`, result: null });
        }
        throw error;
      });

      scope.post('/auth/login', async (request) => {
        const body = parse(viettelLoginSchema, request.body);
        const known = await accountByUsername(ctx.db, PROVIDER, body.username);
        if (known) await assertUp(ctx, known.merchantId);
        const login = await checkLogin(ctx.db, PROVIDER, body.username, body.password);
        if (!login.ok) throw new ViettelError(401, 'INVALID_CREDENTIALS', 'Tên đăng nhập hoặc mật khẩu không đúng');
        const token = await issueToken(ctx.db, PROVIDER, login.account.merchantId, ctx.clock.now());
        return { access_token: token.token, token_type: 'bearer', expires_in: Math.floor(token.ttlMs / 1000), scope: 'openid' };
      });

      // Public, like the tax-code check the setup runs before a login (doc 2 §5).
      scope.get(`${VIETTEL_API}/InvoiceUtilsWS/checkTaxCode`, async (request) => {
        const taxCode = queryText(request, 'taxCode', 20);
        const problem = taxCodeProblem(taxCode);
        if (problem) throw new ViettelError(400, 'TAX_CODE_INVALID', `Mã số thuế không hợp lệ (${problem})`);
        return ok({ result: { taxCode, valid: true } });
      });

      scope.get(`${VIETTEL_API}/InvoiceUtilsWS/getCompanyInfo`, async (request) => {
        await caller(ctx, request);
        const taxCode = queryText(request, 'taxCode', 20);
        if (!isValidTaxCode(taxCode)) throw new ViettelError(400, 'TAX_CODE_INVALID', 'Mã số thuế không hợp lệ');
        const company = lookupCompany(taxCode);
        if (!company) throw new ViettelError(404, 'TAX_CODE_NOT_FOUND', 'Không tìm thấy thông tin doanh nghiệp');
        return ok({
          result: {
            taxCode: company.taxCode,
            name: company.name,
            address: company.address,
            representative: company.representative,
            email: company.email,
            phone: company.phone,
          },
        });
      });

      scope.get(`${VIETTEL_API}/InvoiceUtilsWS/getDeclarationStatus`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        ownSupplier(account, queryText(request, 'taxCode', 20));
        const pending = (await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
        return ok({
          result: {
            taxCode: account.taxCode,
            status: pending ? 'PENDING' : account.declarationStatus,
            declarations: account.declarations.map((d) => ({ ...d, status: pending ? 'PENDING' : d.status })),
          },
        });
      });

      scope.post(`${VIETTEL_API}/InvoiceUtilsWS/getInvoiceTemplates`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        const body = parse(viettelTemplatesSchema, request.body);
        ownSupplier(account, body.taxCode);
        const slow = (await faultState(ctx.db, merchantId, PROVIDER)).serialSlowMs;
        if (slow !== null) await delay(slow);
        return ok({
          template: account.series
            .filter((s) => s.active && (!body.invoiceType || s.template_code === body.invoiceType))
            .map((s) => ({
              templateCode: viettelTemplateCode(s),
              invoiceSeries: s.value,
              invoiceType: s.template_code,
              invoiceTypeName: s.inv_type_name,
            })),
        });
      });

      scope.post(`${VIETTEL_API}/InvoiceWS/createInvoice/:supplierTaxCode`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        ownSupplier(account, (request.params as { supplierTaxCode: string }).supplierTaxCode);
        const body = parse(viettelCreateSchema, request.body);
        // Fault create-fails (D190): Viettel's own 400 for a refused field, nothing stored or numbered.
        if (await consumeFault(ctx.db, merchantId, PROVIDER, 'create-fails')) {
          throw new ViettelError(400, 'BAD_REQUEST', 'buyerInfo.buyerName: giá trị không được chấp nhận');
        }
        const now = ctx.clock.now();
        const uuid = body.generalInvoiceInfo.transactionUuid;
        // §6.2 transactionUuid: "every create with the same transactionUuid answers invoice A, it makes no other" (D231).
        const before = await findByClientRef(ctx.db, merchantId, PROVIDER, uuid);
        if (before) return created(account, before);
        const issuedAt = body.generalInvoiceInfo.invoiceIssuedDate ?? now;
        const approved = account.declarationStatus === 'APPROVED' && !(await faultState(ctx.db, merchantId, PROVIDER)).declarationPending;
        const series = checkCreate(account, body, issuedAt, now, approved);
        // §7.2: a later number of a series may not carry an earlier date than the one before it.
        const last = await latestInSeries(ctx.db, merchantId, PROVIDER, series.value);
        if (last && issuedAt < last.issuedAt) {
          throw new ViettelError(
            400,
            'INVOICE_ISSUED_DATE_INVALID',
            `Ngày lập không được trước ngày lập của hóa đơn gần nhất (${viettelInvoiceNo(last)})`,
          );
        }
        const info = body.generalInvoiceInfo;
        const corrects = info.adjustmentType !== '1' ? await originalOf(ctx, merchantId, body) : null;
        const status =
          info.adjustmentType === '3'
            ? VIETTEL_STATUS.replaced
            : info.adjustmentType === '5'
              ? VIETTEL_STATUS.adjusted
              : VIETTEL_STATUS.original;
        const issued = await issueInvoice(ctx.db, issueInputOf(merchantId, body, series, issuedAt, corrects?.correction), {
          providerId: randomUUID(),
          status,
          cqtStatus: String(notSentStatus(info.invoiceSeries)),
          extra: {
            pdfAsks: 0,
            templateCode: info.templateCode,
            paid: info.paymentStatus,
            // A replacement or adjustment keeps what it refers to; the correction flow reads it (issue 25 §5).
            ...(info.adjustmentType !== '1'
              ? {
                  original: {
                    invoiceId: info.originalInvoiceId,
                    issueDate: info.originalInvoiceIssueDate,
                    templateCode: info.originalTemplateCode ?? null,
                    adjustmentInvoiceType: info.adjustmentInvoiceType ?? null,
                    referenceDesc: info.additionalReferenceDesc,
                    referenceDate: info.additionalReferenceDate,
                    note: info.adjustedNote ?? null,
                  },
                }
              : {}),
          },
          now,
        });
        // The link on both (D244); Viettel's original keeps its own adjustmentType 1: its vocabulary has no "replaced by".
        if (corrects && !issued.existing) {
          const c = corrects.correction;
          await linkCorrection(ctx.db, corrects.original, issued.invoice, {
            kind: c.kind,
            adjustKind: c.adjustKind ?? null,
            reason: c.reason,
          });
        }
        // already-exported (D190): the invoice is stored and the answer is the old "used before" refusal, once.
        if (await consumeFault(ctx.db, merchantId, PROVIDER, 'already-exported')) {
          throw new ViettelError(400, 'TRANSACTION_UUID_INVALID', `transactionUuid ${uuid} đã được sử dụng`);
        }
        return created(account, issued.invoice);
      });

      scope.post(`${VIETTEL_API}/InvoiceWS/sendInvoiceByTransactionUuid`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        const body = parse(viettelByUuidSchema, request.body);
        ownSupplier(account, body.supplierTaxCode);
        const invoice = await findByClientRef(ctx.db, merchantId, PROVIDER, body.transactionUuid);
        if (!invoice) throw new ViettelError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
        if (!viettelMaySign(Number(invoice.cqtStatus))) throw new ViettelError(400, 'INVOICE_ALREADY_SENT', 'Hóa đơn đã được gửi CQT');
        const now = ctx.clock.now();
        const sent = await updateInvoice(ctx.db, invoice.id, {
          cqtStatus: String(sentStatus(invoice.series)),
          signedAt: now,
          extra: { codeDueAt: now + VIETTEL_CODE_DELAY_MS },
        });
        return ok({ result: viettelInvoice(sent ?? invoice) });
      });

      scope.post(`${VIETTEL_API}/InvoiceWS/searchInvoiceByTransactionUuid`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        const body = parse(viettelByUuidSchema, request.body);
        ownSupplier(account, body.supplierTaxCode);
        const invoice = await findByClientRef(ctx.db, merchantId, PROVIDER, body.transactionUuid);
        if (!invoice) throw new ViettelError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
        return ok({ result: [viettelInvoice(await settle(ctx, invoice))] });
      });

      scope.post(`${VIETTEL_API}/InvoiceUtilsWS/getInvoices`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        const body = parse(viettelListSchema, request.body);
        ownSupplier(account, body.supplierTaxCode);
        if (body.startDate > body.endDate) throw new ViettelError(400, 'BAD_REQUEST', 'startDate phải trước endDate');
        if (body.endDate - body.startDate > MAX_RANGE_MS) throw new ViettelError(400, 'BAD_REQUEST', 'Khoảng thời gian tối đa 366 ngày');
        const { rows, total } = await listInvoices(ctx.db, {
          merchantId,
          provider: PROVIDER,
          from: body.startDate,
          to: body.endDate,
          ...(body.invoiceSeries ? { series: body.invoiceSeries } : {}),
          ...(body.keyword ? { q: body.keyword } : {}),
          ...(body.sent !== undefined ? { released: body.sent } : {}),
          page: body.pageNum,
          pageSize: body.rowPerPage,
        });
        const invoices = [];
        for (const row of rows) invoices.push(viettelInvoice(await settle(ctx, row)));
        return ok({ totalRow: total, invoices });
      });

      scope.post(`${VIETTEL_API}/InvoiceUtilsWS/getInvoiceRepresentationFile`, async (request) => {
        const { merchantId, account } = await caller(ctx, request);
        const body = parse(viettelFileSchema, request.body);
        ownSupplier(account, body.supplierTaxCode);
        const m = /^([A-Z0-9]{6})(\d{1,9})$/.exec(body.invoiceNo);
        const found = m ? await getInvoice(ctx.db, { merchantId, provider: PROVIDER, series: m[1]!, number: Number(m[2]) }) : null;
        const invoice =
          found && templateOf(found) === body.templateCode && (!body.transactionUuid || body.transactionUuid === found.clientRef)
            ? found
            : null;
        if (!invoice) throw new ViettelError(404, 'INVOICE_NOT_FOUND', 'Không tìm thấy hóa đơn');
        // Right after a create the file is still being drawn (notes), and a test may ask for more such answers.
        const asks = typeof invoice.extra.pdfAsks === 'number' ? invoice.extra.pdfAsks : VIETTEL_PDF_WARMUP_ASKS;
        if (asks < VIETTEL_PDF_WARMUP_ASKS) {
          await updateInvoice(ctx.db, invoice.id, { extra: { pdfAsks: asks + 1 } });
          throw new ViettelError(400, 'INVOICE_FILE_NOT_READY', 'Hóa đơn đang được tạo file, vui lòng thử lại sau');
        }
        if (await consumeFault(ctx.db, merchantId, PROVIDER, 'pdf-not-ready')) {
          throw new ViettelError(400, 'INVOICE_FILE_NOT_READY', 'Hóa đơn đang được tạo file, vui lòng thử lại sau');
        }
        const settled = await settle(ctx, invoice);
        const pdf = Buffer.from(
          await renderInvoicePdf(settled.hdon, {
            lookupCode: settled.lookupCode,
            lookupUrl: VIETTEL_LOOKUP_URL,
            providerName: PROVIDER_NAMES.viettel,
            totalAfter: totalAfterOf(settled),
          }),
        );
        return ok({ fileName: `${viettelInvoiceNo(settled)}.pdf`, fileToBytes: pdf.toString('base64') });
      });
    },
    { prefix: '/viettel' },
  );
}
