import { DAY_MS } from '../../../../rules/vnTime';
import { z } from '../../../../config/zod-classic';
import { einvError, parseWith, providerFetch, SERIAL_LIST_TIMEOUT_MS, type ProviderFetchOptions, type ProviderResponse } from '../http';
import { canSign, eivCode, isSalesInvoiceSerial } from '../registry';
import { sellerToken, splitSellerToken } from '../seller-token';
import type { CompanyInfo, DeclarationStatus, ExportResult, InvoicePage, ProviderAdapter, Serial } from '../types';
import { asPdf, declarationRecord, fromBase64, retryNotReady, unexpected, vnDayStart } from './common';
import type { AdapterOptions } from './options';
import {
  API,
  companySchema,
  correctionBody,
  correctionRefusal,
  createBody,
  createSchema,
  declarationSchema,
  errorSchema,
  fileSchema,
  firstTemplateOf,
  generalSchema,
  inputErrorSchema,
  loginSchema,
  pageSchema,
  ROUTE,
  searchSchema,
  serialOf,
  splitSerial,
  templatesSchema,
  toRow,
  transactionUuidOf,
  VIETTEL_ERRORS,
  VIETTEL_MAX_PAGE_SIZE,
  type ViettelInvoice,
} from './viettel-wire';

/**
 * Viettel SInvoice's adapter (docs/areas/einvoice.md "Viettel"; D231): its calls, built on one client
 * that names the seller on every call and reads Viettel's refusals. The names, schemas and bodies are
 * viettel-wire.ts's.
 */

export { correctionBody, correctionRefusal, createBody, transactionUuidOf } from './viettel-wire';

/** The bearer and the seller a token names; a token without its seller cannot make a Viettel call. */
function seller(token: string): { bearer: string; taxCode: string } {
  const { token: bearer, taxCode } = splitSellerToken(token);
  if (!taxCode) throw einvError('EINV_NOT_SET_UP', { reason: 'seller-unknown' }, undefined, 0);
  return { bearer, taxCode };
}

/** A refusal of Viettel's (its errorCode, its BAD_REQUEST form, HTTP 500 GENERAL for a token) as the portal's code. */
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

/** One request to Viettel for the token's seller, the invoice by its uuid, the account's templates, the public tax-code check. */
function viettelClient(options: AdapterOptions) {
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

  return { options, request, call, byUuid, templates, templateFor, checkTaxCode };
}

type Client = ReturnType<typeof viettelClient>;

/** Before any invoice: the public tax-code check, login (the typed tax code checked through the declaration status), the company look-up. */
function viettelSignInCalls({ request, checkTaxCode }: Client): Pick<ProviderAdapter, 'checkTaxCode' | 'login' | 'lookupCompany'> {
  return {
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
  };
}

/** The seller's series with the account's own templates (D231), and the declaration records of a range. */
function viettelSellerCalls({ call, templates }: Client): Pick<ProviderAdapter, 'listSerials' | 'declarationStatus'> {
  return {
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
  };
}

/** Create an invoice or its correction (createInvoice, §6.2), a repeated uuid answered by the first invoice. */
function viettelExportCalls({ request, byUuid, templateFor }: Client): Pick<ProviderAdapter, 'createInvoice' | 'correctInvoice'> {
  return {
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
  };
}

/** The list, the PDF ("not ready" retried) and sending (signing) an invoice not sent. */
function viettelListCalls({ options, request, call, templateFor }: Client): Pick<ProviderAdapter, 'listInvoices' | 'pdf' | 'sign'> {
  return {
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

export function createViettelAdapter(options: AdapterOptions): ProviderAdapter {
  const client = viettelClient(options);
  return {
    route: ROUTE,
    ...viettelSignInCalls(client),
    ...viettelSellerCalls(client),
    ...viettelExportCalls(client),
    ...viettelListCalls(client),
  };
}
