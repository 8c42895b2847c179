import { DAY_MS } from '../../../../rules/vnTime';
import { z } from '../../../../config/zod-classic';
import { einvError, parseWith, providerFetch, SERIAL_LIST_TIMEOUT_MS, type ProviderFetchOptions, type ProviderResponse } from '../http';
import { canSign, eivCode, isSalesInvoiceSerial, serialSymbol } from '../registry';
import { sellerToken, splitSellerToken } from '../seller-token';
import type { VatRateCode } from '../../../../rules/vatRates';
import type {
  CompanyInfo,
  CorrectionRef,
  CorrectionRequest,
  DeclarationStatus,
  EinvoiceRow,
  ExportInput,
  ExportResult,
  InvoicePage,
  ProviderAdapter,
  Serial,
} from '../types';
import {
  asPdf,
  cleanBuyer,
  cleanLine,
  declarationRecord,
  fromBase64,
  paymentCode,
  retryNotReady,
  unexpected,
  vnDayStart,
  WALK_IN_BUYER,
} from './common';
import type { AdapterOptions } from './options';

/**
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

const ROUTE = 'viettel';
/** Viettel's own prefix under its host. */
const API = '/services/einvoiceapplication/api/InvoiceAPI';
const VIETTEL_MAX_PAGE_SIZE = 100;

const VIETTEL_ERRORS: Readonly<Record<string, string>> = {
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

const errorSchema = z.object({ errorCode: z.string(), description: z.string().nullish() }).passthrough();
/** Viettel's other error form for input it refuses (integration document §7.2, §7.36): {code, message, data}. */
const inputErrorSchema = z
  .object({ code: z.union([z.number(), z.string()]), message: z.string(), data: z.string().nullish() })
  .passthrough();
const generalSchema = z.object({ message: z.literal('GENERAL') });

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
type ViettelInvoice = z.infer<typeof invoiceSchema>;

const loginSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const createSchema = z.object({
  result: z.object({ invoiceNo: z.string(), transactionID: z.string(), reservationCode: z.string(), codeOfTax: z.string().nullish() }),
});
const companySchema = z.object({
  result: z.object({
    taxCode: z.string(),
    name: z.string(),
    address: z.string().nullish(),
    representative: z.string().nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
  }),
});
const templatesSchema = z.object({
  template: z.array(
    z.object({ templateCode: z.string(), invoiceSeries: z.string(), invoiceType: z.enum(['1', '2']), invoiceTypeName: z.string() }),
  ),
});
const declarationSchema = z.object({
  result: z.object({
    status: z.string(),
    declarations: z
      .array(
        z.object({
          type: z.string(),
          email: z.string(),
          create_date: z.union([z.number(), z.string()]),
          status_sent: z.string(),
          status_reply: z.string(),
          sender: z.string(),
          sent_date: z.union([z.number(), z.string()]).nullable(),
          status: z.string(),
        }),
      )
      .optional(),
  }),
});
const searchSchema = z.object({ result: z.array(invoiceSchema).min(1) });
const pageSchema = z.object({ totalRow: z.number().int().nonnegative(), invoices: z.array(invoiceSchema) });
const fileSchema = z.object({ fileToBytes: z.string().min(1) });

/** The series as every adapter writes it: template digit + symbol ('1C26TVT'), as M-Invoice and MISA do (D191). */
const serialOf = (invoiceType: string, series: string) => `${invoiceType}${series}`;

/** The template code Viettel's first template of a kind has ('1/001'): only where the account's own is unknown. */
const firstTemplateOf = (templateDigit: string) => `${templateDigit}/001`;

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
function splitSerial(value: string, templateCode?: string): { digit: string; series: string } {
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

function toRow(invoice: ViettelInvoice): EinvoiceRow {
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

export function createViettelAdapter(options: AdapterOptions): ProviderAdapter {
  const { baseURL } = options;

  function request<B = unknown>(bearer: string | null, spec: Omit<ProviderFetchOptions, 'route' | 'baseURL' | 'fetch' | 'token'>) {
    return providerFetch<B>({
      ...spec,
      route: ROUTE,
      baseURL,
      ...(bearer !== null ? { token: bearer } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** The bearer and the seller a token names; a token without its seller cannot make a Viettel call. */
  function seller(token: string): { bearer: string; taxCode: string } {
    const { token: bearer, taxCode } = splitSellerToken(token);
    if (!taxCode) throw einvError('EINV_NOT_SET_UP', { reason: 'seller-unknown' }, undefined, 0);
    return { bearer, taxCode };
  }

  function refusal(name: string, res: ProviderResponse, fallback?: string) {
    if (res.status === 500 && generalSchema.safeParse(res.body).success) return einvError('EINV_TOKEN_EXPIRED', null, 'GENERAL', 500);
    const parsed = errorSchema.safeParse(res.body);
    if (!parsed.success) {
      // {code: 400, message: 'BAD_REQUEST_…', data: '…'}: input Viettel refuses, in its other form.
      const input = inputErrorSchema.safeParse(res.body);
      if (input.success && Number(input.data.code) === 400 && fallback) {
        return einvError(VIETTEL_ERRORS[input.data.message] ?? fallback, null, input.data.data ?? input.data.message, res.status);
      }
      return unexpected(`viettel.${name}`, res.status);
    }
    const code = VIETTEL_ERRORS[parsed.data.errorCode] ?? fallback;
    if (!code) return unexpected(`viettel.${name}`, res.status);
    return einvError(code, null, parsed.data.description ?? undefined, res.status);
  }

  async function call<S extends z.ZodType>(
    name: string,
    token: string,
    schema: S,
    spec: (taxCode: string) => Omit<ProviderFetchOptions, 'route' | 'baseURL' | 'fetch' | 'token'>,
    fallback?: string,
  ): Promise<z.infer<S>> {
    const { bearer, taxCode } = seller(token);
    const res = await request(bearer, spec(taxCode));
    if (res.status !== 200) throw refusal(name, res, fallback);
    return parseWith(schema, res.body, `viettel.${name}`) as z.infer<S>;
  }

  async function byUuid(token: string, transactionUuid: string, signal?: AbortSignal): Promise<ViettelInvoice> {
    const body = await call('search', token, searchSchema, (supplierTaxCode) => ({
      method: 'POST',
      path: `${API}/InvoiceWS/searchInvoiceByTransactionUuid`,
      body: { supplierTaxCode, transactionUuid },
      ...(signal ? { signal } : {}),
    }));
    return body.result[0]!;
  }

  async function templates(token: string, signal?: AbortSignal) {
    return call('listSerials', token, templatesSchema, (taxCode) => ({
      method: 'POST',
      path: `${API}/InvoiceUtilsWS/getInvoiceTemplates`,
      body: { taxCode },
      ...(signal ? { signal } : {}),
      timeoutMs: SERIAL_LIST_TIMEOUT_MS,
    }));
  }

  /**
   * The account's own template code of a series (D231): the serial's, as listSerials read it; else
   * asked of the account. A series the account does not list is not in use (EINV_SERIAL_INVALID);
   * `lenient` (the file of an invoice already made) falls back to the kind's first template.
   */
  async function templateFor(token: string, digit: string, series: string, known?: string, lenient = false, signal?: AbortSignal) {
    if (known) return known;
    const listed = (await templates(token, signal)).template.find((t) => t.invoiceSeries === series && t.invoiceType === digit);
    if (listed) return listed.templateCode;
    if (lenient) return firstTemplateOf(digit);
    throw einvError('EINV_SERIAL_INVALID', { series }, undefined, 0);
  }

  async function checkTaxCode(taxCode: string, signal?: AbortSignal) {
    const res = await request(null, { path: `${API}/InvoiceUtilsWS/checkTaxCode`, query: { taxCode: taxCode.trim() }, signal });
    if (res.status === 200) return;
    // A missing code (BAD_REQUEST) is as invalid as a malformed one for the person typing it.
    if (res.status === 400) {
      const parsed = errorSchema.safeParse(res.body);
      throw einvError('EINV_TAX_CODE_INVALID', null, parsed.success ? (parsed.data.description ?? undefined) : undefined, 400);
    }
    throw refusal('checkTaxCode', res);
  }

  return {
    route: ROUTE,

    checkTaxCode,

    async login(credentials, signal) {
      const taxCode = credentials.taxCode.trim();
      await checkTaxCode(taxCode, signal);
      const res = await request(null, {
        method: 'POST',
        path: '/auth/login',
        body: { username: credentials.username.trim(), password: credentials.password },
        signal,
      });
      // An empty user name or password (BAD_REQUEST) is, for the merchant, a failed login.
      if (res.status === 400) throw einvError('EINV_LOGIN_FAIL', null, undefined, 400);
      if (res.status !== 200) throw refusal('login', res);
      const login = parseWith(loginSchema, res.body, 'viettel.login');
      // Viettel's login takes no tax code: the declaration status answers only for the token's own company.
      const check = await request(login.access_token, {
        path: `${API}/InvoiceUtilsWS/getDeclarationStatus`,
        query: { taxCode },
        signal,
      });
      if (check.status !== 200) throw refusal('login', check);
      return { token: sellerToken(login.access_token, taxCode), expiresAt: Date.now() + login.expires_in * 1000, taxCode };
    },

    async lookupCompany(token, taxCode, signal): Promise<CompanyInfo | null> {
      const { bearer } = seller(token);
      const res = await request(bearer, { path: `${API}/InvoiceUtilsWS/getCompanyInfo`, query: { taxCode: taxCode.trim() }, signal });
      if (res.status === 404) return null;
      if (res.status === 400) throw einvError('EINV_TAX_CODE_INVALID', null, undefined, 400);
      if (res.status !== 200) throw refusal('lookupCompany', res);
      const company = parseWith(companySchema, res.body, 'viettel.lookupCompany').result;
      return {
        taxCode: company.taxCode,
        name: company.name,
        address: company.address ?? '',
        representative: company.representative ?? '',
        email: company.email ?? '',
        phone: company.phone ?? '',
      };
    },

    async listSerials(token, signal): Promise<Serial[]> {
      const body = await templates(token, signal);
      return body.template.map((entry) => {
        const serial = {
          value: serialOf(entry.invoiceType, entry.invoiceSeries),
          invTypeName: entry.invoiceTypeName,
          templateCode: entry.invoiceType,
          // The account's own template code ('1/001', '1/0224', '01GTKT0/001'): the create names it (D231).
          providerTemplate: entry.templateCode,
        };
        return { ...serial, isSalesInvoice: isSalesInvoiceSerial(serial) };
      });
    },

    async declarationStatus(token, range, signal): Promise<DeclarationStatus> {
      const body = await call('declarationStatus', token, declarationSchema, (taxCode) => ({
        path: `${API}/InvoiceUtilsWS/getDeclarationStatus`,
        query: { taxCode },
        signal,
      }));
      const from = vnDayStart(range.from);
      const to = vnDayStart(range.to) + DAY_MS - 1;
      const inRange = (date: number | string) => {
        const ms = typeof date === 'number' ? date : Date.parse(date);
        return Number.isNaN(from) || Number.isNaN(to) || Number.isNaN(ms) || (ms >= from && ms <= to);
      };
      return {
        approved: body.result.status === 'APPROVED',
        records: (body.result.declarations ?? []).filter((d) => inRange(d.create_date)).map(declarationRecord),
      };
    },

    async createInvoice(token, input, signal): Promise<ExportResult> {
      const { bearer, taxCode } = seller(token);
      const { digit, series } = splitSerial(input.serial.value, input.serial.templateCode);
      const uuid = transactionUuidOf(input.orderId);
      const templateCode = await templateFor(token, digit, series, input.serial.providerTemplate, false, signal);
      const res = await request(bearer, {
        method: 'POST',
        path: `${API}/InvoiceWS/createInvoice/${encodeURIComponent(taxCode)}`,
        body: createBody(input, templateCode),
        signal,
      });
      if (res.status === 200) {
        // A repeat of the uuid answers the first invoice the same way (§6.2): nothing tells the two apart.
        const made = parseWith(createSchema, res.body, 'viettel.createInvoice').result;
        const seq = Number(made.invoiceNo.startsWith(series) ? made.invoiceNo.slice(series.length) : made.invoiceNo.replace(/^\D+/, ''));
        // Viettel's answer names the series inside invoiceNo ('C26TVT12') without the digit: the series sent.
        return {
          eivCode: eivCode(made.codeOfTax, made.reservationCode, seq),
          serial: serialOf(digit, series),
          providerId: uuid,
          existing: false,
        };
      }
      const refused = refusal('createInvoice', res, 'EINV_INVOICE_REFUSED');
      if (refused.code === 'INVOICE_ALREADY_EXPORTED') {
        // TRANSACTION_UUID_INVALID: this order was exported before; the first invoice is fetched by its uuid.
        const existing = await byUuid(token, uuid, signal).catch(() => null);
        if (existing) {
          return {
            eivCode: eivCode(existing.codeOfTax, existing.reservationCode, Number(existing.invoiceNumber)),
            serial: serialOf(existing.invoiceType, existing.invoiceSeri),
            providerId: existing.transactionUuid,
            existing: true,
          };
        }
        throw refused;
      }
      throw refused;
    },

    async correctInvoice(token, original, correction, signal): Promise<ExportResult> {
      const { bearer, taxCode } = seller(token);
      const { digit, series } = splitSerial(correction.invoice.serial.value, correction.invoice.serial.templateCode);
      const templateCode = await templateFor(token, digit, series, correction.invoice.serial.providerTemplate, false, signal);
      const was = splitSerial(original.serial);
      const originalTemplate =
        was.digit === digit && was.series === series
          ? templateCode
          : await templateFor(token, was.digit, was.series, undefined, true, signal);
      const res = await request(bearer, {
        method: 'POST',
        path: `${API}/InvoiceWS/createInvoice/${encodeURIComponent(taxCode)}`,
        body: correctionBody(original, correction, templateCode, originalTemplate),
        signal,
      });
      if (res.status === 200) {
        const made = parseWith(createSchema, res.body, 'viettel.correctInvoice').result;
        const seq = Number(made.invoiceNo.startsWith(series) ? made.invoiceNo.slice(series.length) : made.invoiceNo.replace(/^\D+/, ''));
        return {
          eivCode: eivCode(made.codeOfTax, made.reservationCode, seq),
          serial: serialOf(digit, series),
          providerId: correction.key,
          existing: false,
        };
      }
      const refused = refusal('correctInvoice', res, 'EINV_INVOICE_REFUSED');
      const why = correctionRefusal(refused.serverMessage);
      if (why) throw einvError('EINV_CORRECTION_REFUSED', { reason: why }, refused.serverMessage, res.status);
      throw refused;
    },

    async listInvoices(token, query, signal): Promise<InvoicePage> {
      const startDate = vnDayStart(query.from);
      const endDate = vnDayStart(query.to) + DAY_MS - 1;
      const body = await call('listInvoices', token, pageSchema, (supplierTaxCode) => ({
        method: 'POST',
        path: `${API}/InvoiceUtilsWS/getInvoices`,
        body: {
          supplierTaxCode,
          startDate,
          endDate,
          ...(query.serial.trim() ? { invoiceSeries: splitSerial(query.serial).series } : {}),
          ...(query.q.trim() ? { keyword: query.q.trim() } : {}),
          ...(query.released === 'all' ? {} : { sent: query.released === 'released' }),
          rowPerPage: Math.min(query.pageSize, VIETTEL_MAX_PAGE_SIZE),
          pageNum: query.page,
        },
        signal,
      }));
      return { rows: body.invoices.map(toRow), total: body.totalRow };
    },

    pdf(token, row, signal) {
      // The row's serial carries the template digit (D191): Viettel's file call needs the template code.
      const { digit, series } = splitSerial(row.serial);
      let templateCode: string | null = null;
      return retryNotReady(
        async () => {
          templateCode ??= await templateFor(token, digit, series, undefined, true, signal);
          const body = await call('pdf', token, fileSchema, (supplierTaxCode) => ({
            method: 'POST',
            path: `${API}/InvoiceUtilsWS/getInvoiceRepresentationFile`,
            body: {
              supplierTaxCode,
              invoiceNo: `${series}${row.seq}`,
              templateCode,
              transactionUuid: row.id,
              fileType: 'PDF',
            },
            ...(signal ? { signal } : {}),
          }));
          return asPdf(fromBase64(body.fileToBytes, 'viettel.pdf'), 'viettel.pdf');
        },
        options,
        signal,
      );
    },

    async sign(token, row, signal) {
      // doc 2 §4 "only when not sent": a sent invoice is refused without asking Viettel.
      if (!canSign(ROUTE, row)) throw einvError('EINV_SIGN_REFUSED', { statusReceived: row.statusReceived }, undefined, 0);
      const { bearer, taxCode } = seller(token);
      const res = await request(bearer, {
        method: 'POST',
        path: `${API}/InvoiceWS/sendInvoiceByTransactionUuid`,
        body: { supplierTaxCode: taxCode, transactionUuid: row.id },
        signal,
      });
      if (res.status === 200) return;
      const refused = refusal('sign', res, 'EINV_SIGN_REFUSED');
      if (refused.code === 'EINV_TOKEN_EXPIRED' || refused.code === 'EINV_SIGN_REFUSED' || refused.kind !== 'server') throw refused;
      throw einvError('EINV_SIGN_REFUSED', null, refused.serverMessage, res.status);
    },
  };
}
