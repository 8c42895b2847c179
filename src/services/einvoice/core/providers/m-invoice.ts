import { LOCAL_ERROR_CODES } from '../../../http/errors';
import { einvError, parseWith, providerFetch, SERIAL_LIST_TIMEOUT_MS, type ProviderFetchOptions } from '../http';
import { isSalesInvoiceSerial } from '../registry';
import { splitSellerToken, sellerToken } from '../seller-token';
import type { CompanyInfo, DeclarationStatus, ExportResult, InvoicePage, ProviderAdapter, Serial } from '../types';
import { asPdf, declarationRecord, retryNotReady, unexpected } from './common';
import {
  companySchema,
  correctionInput,
  declarationSchema,
  envelope,
  exportResult,
  invoiceInput,
  invoiceSchema,
  loginSchema,
  MI_ERRORS,
  MI_MAX_PAGE_SIZE,
  MI_UNIT_CODE,
  pageSchema,
  ROUTE,
  seriesSchema,
  toRow,
} from './m-invoice-wire';
import type { AdapterOptions } from './options';

/**
 * M-Invoice's adapter (docs/areas/einvoice.md "M-Invoice"; D233): its calls, built on one client that
 * reads M-Invoice's envelope (every answer HTTP 200, the outcome in `code`, D177). The names, schemas
 * and bodies are m-invoice-wire.ts's.
 */
export { correctionInput, MI_UNIT_CODE } from './m-invoice-wire';

type CallSpec = Omit<ProviderFetchOptions, 'route' | 'baseURL' | 'fetch' | 'token' | 'headers'> & { taxCode?: string };

/** One call to M-Invoice and its refusals in the portal's codes. */
function miClient(options: AdapterOptions) {
  const { baseURL } = options;

  async function call(
    name: string,
    token: string | null,
    spec: CallSpec,
  ): Promise<{ code: string; message: string | undefined; body: Record<string, unknown> }> {
    const headers: Record<string, string> = {};
    let bearer: string | undefined;
    if (token !== null) {
      const seller = splitSellerToken(token);
      bearer = seller.token;
      if (seller.taxCode) headers.TaxCode = seller.taxCode;
    }
    if (spec.taxCode) headers.TaxCode = spec.taxCode;
    const { taxCode: _taxCode, ...rest } = spec;
    const res = await providerFetch({
      ...rest,
      route: ROUTE,
      baseURL,
      headers,
      ...(bearer ? { token: bearer } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (res.status !== 200 || typeof res.body !== 'object' || res.body === null) throw unexpected(`m-invoice.${name}`, res.status);
    const body = parseWith(envelope, res.body, `m-invoice.${name}`) as { code: string; message?: string } & Record<string, unknown>;
    return { code: body.code, message: body.message, body };
  }

  /** A refusal in M-Invoice's words as the portal's code; `fallback` for code 01 and unknown codes. */
  function refusal(code: string, message: string | undefined, fallback: string, data?: unknown) {
    return einvError(MI_ERRORS[code] ?? fallback, data, message, 200);
  }

  const code01 = (code: string) => (code === '01' ? LOCAL_ERROR_CODES.badRequest : LOCAL_ERROR_CODES.unknown);

  async function ok(name: string, token: string, spec: CallSpec) {
    const answer = await call(name, token, spec);
    if (answer.code !== '00') throw refusal(answer.code, answer.message, code01(answer.code));
    return answer.body;
  }

  return { options, call, refusal, ok };
}

type MiClient = ReturnType<typeof miClient>;

/** Before any invoice: the public tax-code check, login, the company look-up, the series, the declaration. */
function miAccountCalls({
  call,
  refusal,
  ok,
}: MiClient): Pick<ProviderAdapter, 'checkTaxCode' | 'login' | 'lookupCompany' | 'listSerials' | 'declarationStatus'> {
  return {
    async checkTaxCode(taxCode, signal) {
      const answer = await call('checkTaxCode', null, { path: '/api/Company/CheckTaxCode', query: { mst: taxCode.trim() }, signal });
      if (answer.code === '00') return;
      if (answer.code === '08' || answer.code === '01')
        throw einvError('EINV_TAX_CODE_INVALID', answer.body.data ?? null, answer.message, 200);
      throw refusal(answer.code, answer.message, LOCAL_ERROR_CODES.unknown);
    },

    async login(credentials, signal) {
      const taxCode = credentials.taxCode.trim();
      const answer = await call('login', null, {
        method: 'POST',
        path: '/api/Account/Login',
        taxCode,
        body: { username: credentials.username.trim(), password: credentials.password, ma_dvcs: MI_UNIT_CODE },
        signal,
      });
      // 01 here is a missing or malformed field of the login itself: for the merchant, a failed login.
      if (answer.code !== '00') throw refusal(answer.code, answer.message, 'EINV_LOGIN_FAIL');
      const login = parseWith(loginSchema, answer.body, 'm-invoice.login');
      return { token: sellerToken(login.token, taxCode), expiresAt: Date.now() + login.expires_in * 1000, taxCode };
    },

    async lookupCompany(token, taxCode, signal): Promise<CompanyInfo | null> {
      const answer = await call('lookupCompany', token, { path: '/api/Company/GetInfoByTaxCode', query: { mst: taxCode.trim() }, signal });
      if (answer.code === '09') return null;
      if (answer.code === '01') throw einvError('EINV_TAX_CODE_INVALID', null, answer.message, 200);
      if (answer.code !== '00') throw refusal(answer.code, answer.message, LOCAL_ERROR_CODES.unknown);
      const company = parseWith(companySchema, answer.body.data, 'm-invoice.lookupCompany');
      return {
        taxCode: company.mst,
        name: company.ten_cty,
        address: company.dia_chi ?? '',
        representative: company.nguoi_dai_dien ?? '',
        email: company.email ?? '',
        phone: company.dien_thoai ?? '',
      };
    },

    async listSerials(token, signal): Promise<Serial[]> {
      const body = await ok('listSerials', token, {
        path: '/api/Invoice68/GetTypeInvoiceSeries',
        signal,
        timeoutMs: SERIAL_LIST_TIMEOUT_MS,
      });
      return parseWith(seriesSchema, body.data, 'm-invoice.listSerials').map((entry) => {
        const serial = { value: entry.khhdon, invTypeName: entry.ten_loai, templateCode: entry.khmshdon };
        return { ...serial, isSalesInvoice: isSalesInvoiceSerial(serial) };
      });
    },

    async declarationStatus(token, range, signal): Promise<DeclarationStatus> {
      const body = await ok('declarationStatus', token, {
        path: '/api/ToKhai/GetTrangThai',
        query: { tu_ngay: range.from, den_ngay: range.to },
        signal,
      });
      const data = parseWith(declarationSchema, body.data, 'm-invoice.declarationStatus');
      return { approved: data.trang_thai === 'APPROVED', records: data.ds_to_khai.map(declarationRecord) };
    },
  };
}

/** Issue, correct and sign invoices, and list them. */
function miInvoiceCalls({
  call,
  refusal,
  ok,
}: MiClient): Pick<ProviderAdapter, 'createInvoice' | 'correctInvoice' | 'listInvoices' | 'sign'> {
  return {
    async createInvoice(token, input, signal): Promise<ExportResult> {
      // Save, not SaveSign: the invoice waits for its signature (CQT status 1) and is signed from the
      // list (doc 2 §4 signing rule), as the merchant reviews it first.
      const answer = await call('createInvoice', token, {
        method: 'POST',
        path: '/api/InvoiceApi78/Save',
        body: { editmode: 1, data: [invoiceInput(input)] },
        signal,
      });
      if (answer.code === '00') return exportResult(parseWith(invoiceSchema, answer.body.data, 'm-invoice.createInvoice'), false);
      if (answer.code === '06') {
        // D178: the duplicate carries the invoice made the first time (06 is the emulator's: M-Invoice
        // publishes no code for a repeated key_api; GetInfoInvoice?keyApi= finds it, D259).
        const existing = invoiceSchema.safeParse(answer.body.data);
        if (existing.success) return exportResult(existing.data, true);
        throw einvError('INVOICE_ALREADY_EXPORTED', null, answer.message, 200);
      }
      if (answer.code === '08') throw einvError('EINV_TAX_CODE_INVALID', { field: 'buyer.taxCode' }, answer.message, 200);
      const fields = Array.isArray(answer.body.errors) ? { fields: answer.body.errors } : undefined;
      throw refusal(answer.code, answer.message, 'EINV_INVOICE_REFUSED', fields);
    },

    async correctInvoice(token, original, correction, signal): Promise<ExportResult> {
      const answer = await call('correctInvoice', token, {
        method: 'POST',
        path: correction.kind === 'replace' ? '/api/InvoiceApi78/ThayThe' : '/api/InvoiceApi78/DieuChinh',
        body: correctionInput(original, correction),
        signal,
      });
      if (answer.code === '00') return exportResult(parseWith(invoiceSchema, answer.body.data, 'm-invoice.correctInvoice'), false);
      if (answer.code === '06') {
        // The same key again (a double click, a lost answer): the correction made the first time.
        const existing = invoiceSchema.safeParse(answer.body.data);
        if (existing.success) return exportResult(existing.data, true);
      }
      const reason = typeof answer.body.reason === 'string' ? answer.body.reason : null;
      if (reason) throw einvError('EINV_CORRECTION_REFUSED', { reason }, answer.message, 200);
      const fields = Array.isArray(answer.body.errors) ? { fields: answer.body.errors } : undefined;
      throw refusal(answer.code, answer.message, 'EINV_INVOICE_REFUSED', fields);
    },

    async listInvoices(token, query, signal): Promise<InvoicePage> {
      const body = await ok('listInvoices', token, {
        path: '/api/InvoiceApi78/GetInvoices',
        query: {
          tu_ngay: query.from,
          den_ngay: query.to,
          khieu: query.serial.trim() || undefined,
          tim_kiem: query.q.trim() || undefined,
          da_phat_hanh: query.released === 'all' ? undefined : query.released === 'released' ? '1' : '0',
          trang: query.page,
          so_dong: Math.min(query.pageSize, MI_MAX_PAGE_SIZE),
        },
        signal,
      });
      const page = parseWith(pageSchema, body, 'm-invoice.listInvoices');
      return { rows: page.data.map(toRow), total: page.total };
    },

    async sign(token, row, signal) {
      const answer = await call('sign', token, { method: 'POST', path: '/api/InvoiceApi78/Sign', body: { hoadon68_id: row.id }, signal });
      if (answer.code === '00') return;
      throw refusal(answer.code, answer.message, 'EINV_SIGN_REFUSED');
    },
  };
}

/** The PDF: bytes, or M-Invoice's refusal as JSON (notes), "not ready" retried. */
function miPdf({ options, refusal }: MiClient): ProviderAdapter['pdf'] {
  const { baseURL } = options;
  return (token, row, signal) =>
    retryNotReady(
      async () => {
        const { taxCode, token: bearer } = splitSellerToken(token);
        const res = await providerFetch<Blob>({
          route: ROUTE,
          baseURL,
          path: '/api/InvoiceApi78/PrintInvoice',
          query: { id: row.id },
          token: bearer,
          headers: taxCode ? { TaxCode: taxCode } : {},
          responseType: 'blob',
          ...(signal ? { signal } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
        const type = res.headers.get('content-type') ?? '';
        if (res.status === 200 && type.includes('application/pdf')) return asPdf(res.body, 'm-invoice.pdf');
        // Notes: PDF errors come back as JSON.
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(await res.body.text());
        } catch {
          throw unexpected('m-invoice.pdf', res.status);
        }
        const answer = envelope.safeParse(parsed);
        if (!answer.success) throw unexpected('m-invoice.pdf', res.status);
        throw refusal(answer.data.code, answer.data.message, LOCAL_ERROR_CODES.unknown);
      },
      options,
      signal,
    );
}

export function createMInvoiceAdapter(options: AdapterOptions): ProviderAdapter {
  const client = miClient(options);
  return { route: ROUTE, ...miAccountCalls(client), ...miInvoiceCalls(client), pdf: miPdf(client) };
}
