import { z } from '../../../../config/zod-classic';
import { einvError } from '../http';
import { isSalesInvoiceSerial, serialSymbol } from '../registry';
import type { VatRateCode } from '../../../../rules/vatRates';
import type { CorrectionRef, CorrectionRequest, EinvoiceRow, ExportInput } from '../types';
import { cleanBuyer, cleanLine, declarationRowSchema, paymentCode, WALK_IN_BUYER } from './common';

/**
 * Viettel's wire (its names, schemas, the request bodies and the rows it answers); the calls are in
 * viettel.ts.
 *
 * Viettel S-Invoice (docs/areas/einvoice.md "Viettel S-Invoice"; D183, D184, D191). Success is HTTP
 * 200 with `errorCode: null`; a refusal is its HTTP status with `{errorCode, description}`; a bearer
 * that no longer verifies is HTTP 500 `{message: "GENERAL"}` (read as EINV_TOKEN_EXPIRED: log in again).
 * Every call after login names the seller (`supplierTaxCode`, `taxCode`), which the adapter takes from
 * the token (seller-token.ts): Viettel's login takes no tax code, so `login` checks the one typed with
 * the public check and then asks the declaration status for it, which Viettel answers only for the
 * token's own company. The order is the `transactionUuid` (transactionUuidOf: 10 to 36 characters);
 * Viettel answers a repeat with the first invoice (D231), and the older TRANSACTION_UUID_INVALID (the
 * sandbox's already-exported fault) fetches it by the uuid. The request states the invoice's own tax
 * (ExportInput.tax) in the fields Viettel reads it from (createBody, D231). Signing is sending to the
 * tax authority, allowed only when not sent.
 */

export const ROUTE = 'viettel';
/** Viettel's own prefix under its host. */
export const API = '/services/einvoiceapplication/api/InvoiceAPI';
export const VIETTEL_MAX_PAGE_SIZE = 100;

export const VIETTEL_ERRORS: Readonly<Record<string, string>> = {
  UNAUTHORIZED: 'EINV_TOKEN_EXPIRED',
  INVALID_CREDENTIALS: 'EINV_LOGIN_FAIL',
  TAX_CODE_INVALID: 'EINV_TAX_CODE_INVALID',
  // The seller the call names is not the token's company: the set-up's tax code is not this account's.
  SUPPLIER_TAX_CODE_INVALID: 'EINV_TAX_CODE_INVALID',
  BUYER_TAX_CODE_INVALID: 'EINV_TAX_CODE_INVALID',
  BUYER_INFO_INVALID: 'EINV_INVOICE_REFUSED',
  TEMPLATE_NOT_FOUND: 'EINV_SERIAL_INVALID',
  INVOICE_TYPE_INVALID: 'EINV_SERIAL_INVALID',
  TAX_PERCENTAGE_INVALID: 'EINV_INVOICE_REFUSED',
  INVOICE_ISSUED_DATE_INVALID: 'EINV_INVOICE_REFUSED',
  BAD_REQUEST: 'EINV_INVOICE_REFUSED',
  INVOICE_REGISTRATION_NOT_APPROVED: 'EINV_DECLARATION_PENDING',
  TRANSACTION_UUID_INVALID: 'INVOICE_ALREADY_EXPORTED',
  INVOICE_ALREADY_SENT: 'EINV_SIGN_REFUSED',
  INVOICE_FILE_NOT_READY: 'EINV_PDF_NOT_READY',
  INVOICE_NOT_FOUND: 'NOT_FOUND',
  TAX_CODE_NOT_FOUND: 'NOT_FOUND',
};

export const errorSchema = z.object({ errorCode: z.string(), description: z.string().nullish() }).passthrough();
/** Viettel's other error form for input it refuses (integration document §7.2, §7.36): {code, message, data}. */
export const inputErrorSchema = z
  .object({ code: z.union([z.number(), z.string()]), message: z.string(), data: z.string().nullish() })
  .passthrough();
export const generalSchema = z.object({ message: z.literal('GENERAL') });

const invoiceSchema = z.object({
  transactionUuid: z.string(),
  invoiceType: z.enum(['1', '2']),
  adjustmentType: z.union([z.string(), z.number()]).nullish(),
  invoiceSeri: z.string(),
  invoiceNumber: z.union([z.string(), z.number()]),
  issueDate: z.number(),
  buyerName: z.string().nullish(),
  buyerLegalName: z.string().nullish(),
  taxAmount: z.number().nullish(),
  total: z.number(),
  status: z.union([z.number(), z.string()]).nullish(),
  reservationCode: z.string(),
  codeOfTax: z.string().nullish(),
  // A replacement (3) or adjustment (5) answers what it names, in the create's fields (D245).
  adjustmentInvoiceType: z.string().nullish(),
  originalInvoiceId: z.string().nullish(),
  originalTemplateCode: z.string().nullish(),
  originalInvoiceIssueDate: z.number().nullish(),
  adjustedNote: z.string().nullish(),
});
export type ViettelInvoice = z.infer<typeof invoiceSchema>;

export const loginSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
export const createSchema = z.object({
  result: z.object({ invoiceNo: z.string(), transactionID: z.string(), reservationCode: z.string(), codeOfTax: z.string().nullish() }),
});
export const companySchema = z.object({
  result: z.object({
    taxCode: z.string(),
    name: z.string(),
    address: z.string().nullish(),
    representative: z.string().nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
  }),
});
export const templatesSchema = z.object({
  template: z.array(
    z.object({ templateCode: z.string(), invoiceSeries: z.string(), invoiceType: z.enum(['1', '2']), invoiceTypeName: z.string() }),
  ),
});
export const declarationSchema = z.object({
  result: z.object({
    status: z.string(),
    declarations: z.array(declarationRowSchema).optional(),
  }),
});
export const searchSchema = z.object({ result: z.array(invoiceSchema).min(1) });
export const pageSchema = z.object({ totalRow: z.number().int().nonnegative(), invoices: z.array(invoiceSchema) });
export const fileSchema = z.object({ fileToBytes: z.string().min(1) });

/** The series as every adapter writes it: template digit + symbol ('1C26TVT'), as M-Invoice and MISA do (D191). */
export const serialOf = (invoiceType: string, series: string) => `${invoiceType}${series}`;

/** The template code Viettel's first template of a kind has ('1/001'): only where the account's own is unknown. */
export const firstTemplateOf = (templateDigit: string) => `${templateDigit}/001`;

/**
 * The transactionUuid of an order (D178: the order is the key, so a repeat finds the first invoice):
 * Viettel takes 10 to 36 characters (integration document §6.2), an order id is a number of a few
 * digits, so it is written 'order-' and at least four digits ('order-0042'), one key per order.
 */
export function transactionUuidOf(orderId: string): string {
  const id = orderId.trim();
  const key = `order-${id.padStart(4, '0')}`;
  if (!/^[A-Za-z0-9_.:-]{10,36}$/.test(key)) throw einvError('EINV_INVOICE_REFUSED', { reason: 'order-id' }, undefined, 0);
  return key;
}

/** Viettel's taxPercentage of a rate (§6.6, §6.7): -2 not subject to VAT (KCT), -1 not declared (KKKNT). */
const VIETTEL_RATE: Readonly<Record<VatRateCode, number>> = { '10%': 10, '8%': 8, '5%': 5, '0%': 0, KCT: -2, KKKNT: -1 };

/** The template digit and the six-character series of a serial written either way (with or without the digit). */
export function splitSerial(value: string, templateCode?: string): { digit: string; series: string } {
  const trimmed = value.trim().toUpperCase();
  const withDigit = /^(\d)([A-Z0-9]{6})$/.exec(trimmed);
  if (withDigit) return { digit: withDigit[1]!, series: withDigit[2]! };
  return { digit: templateCode ?? '1', series: serialSymbol(trimmed) };
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** The original a Viettel replacement or adjustment names (originalInvoiceId 'C26TVT12' = series and number). */
function correctsOf(invoice: ViettelInvoice): CorrectionRef | null {
  const kind = text(invoice.adjustmentType);
  if ((kind !== '3' && kind !== '5') || !invoice.originalInvoiceId) return null;
  const m = /^([A-Z0-9]{6})(\d+)$/.exec(invoice.originalInvoiceId.toUpperCase());
  if (!m) return null;
  const digit = invoice.originalTemplateCode?.split('/')[0]?.trim() || invoice.invoiceType;
  return {
    kind: kind === '3' ? 'replace' : 'adjust',
    adjustKind: kind === '3' ? null : invoice.adjustmentInvoiceType === '2' ? 'info' : 'amount',
    serial: serialOf(digit, m[1]!),
    seq: Number(m[2]),
    invoiceDate: invoice.originalInvoiceIssueDate ?? null,
    reason: invoice.adjustedNote ?? '',
  };
}

export function toRow(invoice: ViettelInvoice): EinvoiceRow {
  return {
    corrects: correctsOf(invoice),
    id: invoice.transactionUuid,
    serial: serialOf(invoice.invoiceType, invoice.invoiceSeri),
    seq: Number(invoice.invoiceNumber),
    invoiceDate: invoice.issueDate,
    taxAuthorityCode: invoice.codeOfTax ?? null,
    searchCode: invoice.reservationCode,
    buyerName: invoice.buyerLegalName || invoice.buyerName || '',
    vat: invoice.taxAmount ?? 0,
    total: invoice.total,
    status: text(invoice.adjustmentType),
    statusReceived: text(invoice.status),
  };
}

/** Viettel records seconds (§5.1): the invoice date to the second below. */
const toSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * The createInvoice body (integration document §6; D231), every figure from ExportInput.tax (worked
 * once by the portal, D226) in the field Viettel reads it from: per line `unitPrice` (before tax),
 * `itemTotalAmountWithoutTax` (= quantity × unitPrice, Viettel checks it within 5 đồng), its own
 * `taxPercentage` and `taxAmount`; `taxBreakdowns` one row per rate (taxable amount and VAT, the sums
 * of its lines, which Viettel compares). A sales invoice (template 2) has no VAT: -2 and 0 on each line,
 * no breakdown, and the reduction note as invoiceNote. `summarizeInfo` is left out: Viettel works the
 * totals out itself (§6.8), as Odoo's client does. The invoice is dated at the sale (`issuedAt`), the
 * order paid (`paymentStatus`), under the account's own template code.
 */
export function createBody(input: ExportInput, templateCode: string): Record<string, unknown> {
  // Control characters out of the user's text (Viettel refuses them; a line is one line), the rest as typed.
  const buyer = cleanBuyer(input.buyer);
  const lines = input.lines.map(cleanLine);
  const sales = input.tax.kind === 'sales' || isSalesInvoiceSerial(input.serial);
  const { series } = splitSerial(input.serial.value, input.serial.templateCode);
  const buyerInfo: Record<string, unknown> = { buyerName: buyer.name.trim() || WALK_IN_BUYER };
  if (!buyer.isIndividual) {
    if (buyer.company) buyerInfo.buyerLegalName = buyer.company;
    if (buyer.taxCode) buyerInfo.buyerTaxCode = buyer.taxCode;
  }
  if (buyer.address) buyerInfo.buyerAddressLine = buyer.address;
  if (buyer.email) buyerInfo.buyerEmail = buyer.email;
  if (buyer.phone) buyerInfo.buyerPhoneNumber = buyer.phone;
  // The buyer's personal identification number (D237; Viettel `buyerIdNo`).
  if (buyer.idCard) buyerInfo.buyerIdNo = buyer.idCard;
  const note = input.tax.notes.join(' ').trim();
  return {
    generalInvoiceInfo: {
      invoiceType: sales ? '2' : '1',
      templateCode,
      invoiceSeries: series,
      invoiceIssuedDate: toSecond(input.issuedAt),
      currencyCode: 'VND',
      adjustmentType: '1',
      // An order is exported once paid (doc 2 §9: completed orders).
      paymentStatus: true,
      cusGetInvoiceRight: true,
      transactionUuid: transactionUuidOf(input.orderId),
      ...(note ? { invoiceNote: note.slice(0, 500) } : {}),
    },
    buyerInfo,
    payments: [{ paymentMethodName: paymentCode(input.paymentMethod) }],
    itemInfo: lines.map((line, index) => {
      const tax = input.tax.lines[index]!;
      return {
        lineNumber: index + 1,
        selection: 1,
        itemName: line.name,
        ...(line.unit ? { unitName: line.unit } : {}),
        quantity: line.quantity,
        unitPrice: tax.netUnitPrice,
        itemTotalAmountWithoutTax: tax.net,
        taxPercentage: sales || tax.rateCode === null ? -2 : VIETTEL_RATE[tax.rateCode],
        taxAmount: sales ? 0 : tax.vat,
        itemTotalAmountWithTax: tax.gross,
      };
    }),
    ...(sales
      ? {}
      : {
          taxBreakdowns: input.tax.breakdown.map((rate) => ({
            taxPercentage: VIETTEL_RATE[rate.rateCode],
            taxableAmount: rate.net,
            taxAmount: rate.vat,
          })),
        }),
  };
}

/** Viettel's §8 refusals of an original (the sandbox's ORIGINAL_INVOICE_*), as the portal's reasons (D244). */
const ORIGINAL_REFUSALS: Readonly<Record<string, string>> = {
  ORIGINAL_INVOICE_NOT_FOUND: 'unknown',
  ORIGINAL_INVOICE_NOT_SENT: 'not-issued',
  ORIGINAL_INVOICE_REPLACED: 'replaced',
  ORIGINAL_INVOICE_ADJUSTMENT: 'adjustment',
  ORIGINAL_INVOICE_INFO_INVALID: 'mismatch',
};

/** The §8 message code that opens a description ('ORIGINAL_INVOICE_REPLACED: …') as a correction's refusal, if it is one. */
export function correctionRefusal(description: string | undefined): string | null {
  const code = /^([A-Z_]+):/.exec(description ?? '')?.[1];
  return (code && ORIGINAL_REFUSALS[code]) || null;
}

/**
 * The create body of a correction (integration document §6.2; Odoo's l10n_vn_edi_viettel; D245): the
 * invoice's own figures as createBody writes them, under adjustmentType 3 (replacement) or 5
 * (adjustment, adjustmentInvoiceType 1 money or 2 information), naming the original by
 * originalInvoiceId (its series and number), originalInvoiceIssueDate and originalTemplateCode; the
 * notice it rests on in additionalReferenceDesc and its date (required by Viettel), the reason in
 * adjustedNote. A decrease states its line at its size with isIncreaseItem false, and each rate of
 * the breakdown its signed sum's size with taxableAmountPos/taxAmountPos. An adjustment of
 * information carries one note line (selection 2) saying what changed, no amounts.
 */
export function correctionBody(
  original: Pick<EinvoiceRow, 'serial' | 'seq' | 'invoiceDate'>,
  c: CorrectionRequest,
  templateCode: string,
  originalTemplateCode: string,
): Record<string, unknown> {
  const info = c.kind === 'adjust' && c.adjustKind === 'info';
  const body = createBody(
    info ? { ...c.invoice, lines: [], tax: { ...c.invoice.tax, lines: [], breakdown: [] } } : c.invoice,
    templateCode,
  );
  const { series } = splitSerial(original.serial);
  const reason = c.reason.trim();
  const general = body.generalInvoiceInfo as Record<string, unknown>;
  Object.assign(general, {
    adjustmentType: c.kind === 'replace' ? '3' : '5',
    ...(c.kind === 'adjust' ? { adjustmentInvoiceType: info ? '2' : '1' } : {}),
    originalInvoiceId: `${series}${original.seq}`,
    originalInvoiceIssueDate: toSecond(original.invoiceDate),
    originalTemplateCode,
    additionalReferenceDesc: `Thông báo ${c.kind === 'replace' ? 'thay thế' : 'điều chỉnh'} hóa đơn: ${reason}`.slice(0, 225),
    additionalReferenceDate: toSecond(c.invoice.issuedAt),
    adjustedNote: reason.slice(0, 255),
    transactionUuid: c.key,
  });
  if (info) {
    body.itemInfo = [
      { lineNumber: 1, selection: 2, itemName: `Điều chỉnh thông tin người mua của hóa đơn số ${original.seq}: ${reason}`.slice(0, 400) },
    ];
    delete body.taxBreakdowns;
    return body;
  }
  if (c.kind === 'adjust') {
    const items = body.itemInfo as Record<string, unknown>[];
    const signed = new Map<number, { net: number; vat: number }>();
    items.forEach((item, i) => {
      const decrease = c.decreases[i] === true;
      item.isIncreaseItem = !decrease;
      item.adjustmentTaxAmount = item.taxAmount;
      const rate = item.taxPercentage as number;
      const sum = signed.get(rate) ?? { net: 0, vat: 0 };
      const s = decrease ? -1 : 1;
      signed.set(rate, { net: sum.net + s * (item.itemTotalAmountWithoutTax as number), vat: sum.vat + s * (item.taxAmount as number) });
    });
    if (body.taxBreakdowns) {
      body.taxBreakdowns = [...signed].map(([taxPercentage, sum]) => ({
        taxPercentage,
        taxableAmount: Math.abs(sum.net),
        taxAmount: Math.abs(sum.vat),
        taxableAmountPos: sum.net >= 0,
        taxAmountPos: sum.vat >= 0,
      }));
    }
  }
  return body;
}
