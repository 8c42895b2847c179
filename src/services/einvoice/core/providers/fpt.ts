import { DAY_MS } from '../../../../rules/vnTime';
import { z } from '../../../../config/zod-classic';
import { einvError, parseWith, providerFetch, SERIAL_LIST_TIMEOUT_MS, type ProviderFetchOptions, type ProviderResponse } from '../http';
import { isSalesInvoiceSerial, serialSymbol } from '../registry';
import { sellerToken, splitSellerToken } from '../seller-token';
import type { CompanyInfo, DeclarationStatus, ExportResult, InvoicePage, ProviderAdapter, Serial } from '../types';
import { asPdf, declarationRecord, retryNotReady, unexpected, vnDayStart } from './common';
import type { AdapterOptions } from './options';
import {
  correctionBody,
  declarationSchema,
  errorSchema,
  exportResult,
  FPT_ERRORS,
  FPT_MAX_PAGE_SIZE,
  invoiceBody,
  pageSchema,
  companySchema,
  ROUTE,
  rowSchema,
  serialOf,
  serialsSchema,
  signinSchema,
  toRow,
  type FptRow,
} from './fpt-wire';

/**
 * FPT eInvoice's adapter (docs/areas/einvoice.md "FPT eInvoice"; D181, D182, D234): its calls, built
 * on one client that reads FPT's HTTP statuses and error bodies. The names, schemas and bodies are
 * fpt-wire.ts's.
 */

export { correctionBody, FPT_VRT, fptDateTime } from './fpt-wire';

/** One request to FPT, its refusals in the portal's codes, a JSON answer, the invoice by sid. */
function fptClient(options: AdapterOptions) {
  const { baseURL } = options;

  function request<B = unknown>(
    token: string | null,
    spec: Omit<ProviderFetchOptions, 'route' | 'baseURL' | 'fetch' | 'token'>,
  ): Promise<ProviderResponse<B>> {
    return providerFetch<B>({
      ...spec,
      route: ROUTE,
      baseURL,
      ...(token !== null ? { token: splitSellerToken(token).token } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** A failure answer as the portal's code (`fallback` when FPT's code is not one the adapter knows). */
  function refusal(name: string, res: ProviderResponse, fallback?: string) {
    const parsed = errorSchema.safeParse(res.body);
    if (!parsed.success) return unexpected(`fpt.${name}`, res.status);
    const { error, message, field, reason } = parsed.data;
    const code = FPT_ERRORS[error] ?? fallback;
    if (!code) return unexpected(`fpt.${name}`, res.status);
    // A correction's refusal says why (D244); the others name their field.
    const data = code === 'EINV_CORRECTION_REFUSED' && reason ? { reason } : field ? { field } : reason ? { reason } : undefined;
    return einvError(code, data, message, res.status);
  }

  async function json<S extends z.ZodType>(name: string, token: string, schema: S, spec: Parameters<typeof request>[1]) {
    const res = await request(token, spec);
    if (res.status !== 200) throw refusal(name, res);
    return parseWith(schema, res.body, `fpt.${name}`) as z.infer<S>;
  }

  /** The invoice by its sid (the order id), or null when FPT has none. */
  async function bySid(token: string, sid: string, signal?: AbortSignal): Promise<FptRow | null> {
    const res = await request(token, { path: '/search-invoice', query: { type: 'json', sid }, ...(signal ? { signal } : {}) });
    if (res.status === 404) return null;
    if (res.status !== 200) throw refusal('search', res);
    return parseWith(pageSchema, res.body, 'fpt.search').data[0] ?? null;
  }

  return { options, request, refusal, json, bySid };
}

type Client = ReturnType<typeof fptClient>;

/** Before any invoice: the public tax-code check, login (FPT checks the tax code), the company look-up. */
function fptSignInCalls({ request, refusal }: Client): Pick<ProviderAdapter, 'checkTaxCode' | 'login' | 'lookupCompany'> {
  return {
    async checkTaxCode(taxCode, signal) {
      const res = await request(null, { path: '/taxcode/check', query: { stax: taxCode.trim() }, signal });
      if (res.status === 200) return;
      // A missing code (INVALID_DATA) is as invalid as a malformed one for the person typing it.
      if (res.status === 400) {
        const parsed = errorSchema.safeParse(res.body);
        const reason = parsed.success && parsed.data.reason ? { reason: parsed.data.reason } : null;
        throw einvError('EINV_TAX_CODE_INVALID', reason, parsed.success ? parsed.data.message : undefined, 400);
      }
      throw refusal('checkTaxCode', res);
    },

    async login(credentials, signal) {
      const taxCode = credentials.taxCode.trim();
      const res = await request(null, {
        method: 'POST',
        path: '/signin',
        // FPT checks the tax code against the account itself (TAX_CODE_MISMATCH).
        body: { username: credentials.username.trim(), password: credentials.password, stax: taxCode },
        signal,
      });
      // An empty user name or password (INVALID_DATA) is, for the merchant, a failed login.
      if (res.status === 400) throw einvError('EINV_LOGIN_FAIL', null, undefined, 400);
      if (res.status !== 200) throw refusal('login', res);
      const login = parseWith(signinSchema, res.body, 'fpt.login');
      const seller = login.stax || taxCode;
      return { token: sellerToken(login.token, seller), expiresAt: Date.now() + login.expires_in * 1000, taxCode: seller };
    },

    async lookupCompany(token, taxCode, signal): Promise<CompanyInfo | null> {
      const res = await request(token, { path: '/taxcode/info', query: { stax: taxCode.trim() }, signal });
      if (res.status === 404) return null;
      if (res.status !== 200) throw refusal('lookupCompany', res);
      const company = parseWith(companySchema, res.body, 'fpt.lookupCompany');
      return {
        taxCode: company.stax,
        name: company.name,
        address: company.addr ?? '',
        representative: company.rep ?? '',
        email: company.email ?? '',
        phone: company.tel ?? '',
      };
    },
  };
}

/** The seller's series and the declaration records of a range. */
function fptSellerCalls({ json }: Client): Pick<ProviderAdapter, 'listSerials' | 'declarationStatus'> {
  return {
    async listSerials(token, signal): Promise<Serial[]> {
      const body = await json('listSerials', token, serialsSchema, { path: '/serials', signal, timeoutMs: SERIAL_LIST_TIMEOUT_MS });
      return body.data.map((entry) => {
        const serial = { value: serialOf(entry.form, entry.serial), invTypeName: entry.type_name, templateCode: entry.form };
        return { ...serial, isSalesInvoice: isSalesInvoiceSerial(serial) };
      });
    },

    async declarationStatus(token, range, signal): Promise<DeclarationStatus> {
      const body = await json('declarationStatus', token, declarationSchema, { path: '/declaration-status', signal });
      // FPT answers every record; the portal asks for those of the range (doc 2 §9: 1 January to today).
      const from = vnDayStart(range.from);
      const to = vnDayStart(range.to) + DAY_MS - 1;
      const inRange = (date: number | string) => {
        const ms = typeof date === 'number' ? date : Date.parse(date);
        return Number.isNaN(from) || Number.isNaN(to) || Number.isNaN(ms) || (ms >= from && ms <= to);
      };
      return {
        approved: body.status === 'APPROVED',
        records: body.declarations.filter((d) => inRange(d.create_date)).map(declarationRecord),
      };
    },
  };
}

/** Create an invoice or its correction, answering the first invoice to a repeated sid (D182). */
function fptExportCalls({ request, refusal, bySid }: Client): Pick<ProviderAdapter, 'correctInvoice' | 'createInvoice'> {
  return {
    async correctInvoice(token, original, correction, signal): Promise<ExportResult> {
      const path = correction.kind === 'replace' ? '/replace-invoice' : '/adjust-invoice';
      const res = await request(token, { method: 'POST', path, body: { lang: 'vi', inv: correctionBody(original, correction) }, signal });
      if (res.status === 200) return exportResult(parseWith(rowSchema, res.body, 'fpt.correctInvoice'), false);
      const refused = refusal('correctInvoice', res, 'EINV_INVOICE_REFUSED');
      if (refused.code === 'INVOICE_ALREADY_EXPORTED') {
        // The same key again (a double click, a lost answer): the correction made the first time.
        const existing = await bySid(token, correction.key, signal).catch(() => null);
        if (existing) return exportResult(existing, true);
      }
      throw refused;
    },

    async createInvoice(token, input, signal): Promise<ExportResult> {
      const res = await request(token, { method: 'POST', path: '/create-invoice', body: { lang: 'vi', inv: invoiceBody(input) }, signal });
      if (res.status === 200) return exportResult(parseWith(rowSchema, res.body, 'fpt.createInvoice'), false);
      const refused = refusal('createInvoice', res, 'EINV_INVOICE_REFUSED');
      if (refused.code === 'INVOICE_ALREADY_EXPORTED') {
        // D182: the duplicate names only the sid; the invoice made the first time is fetched by it.
        const existing = await bySid(token, input.orderId, signal).catch(() => null);
        if (existing) return exportResult(existing, true);
        throw refused;
      }
      if (refused.code === 'EINV_TAX_CODE_INVALID')
        throw einvError('EINV_TAX_CODE_INVALID', { field: 'buyer.taxCode' }, refused.serverMessage, res.status);
      throw refused;
    },
  };
}

/** The list, the PDF by sid ("not ready" retried) and the approval (/apprs). */
function fptListCalls({ options, request, refusal, json }: Client): Pick<ProviderAdapter, 'listInvoices' | 'pdf' | 'sign'> {
  return {
    async listInvoices(token, query, signal): Promise<InvoicePage> {
      const page = await json('listInvoices', token, pageSchema, {
        path: '/search-invoice',
        query: {
          type: 'json',
          fd: query.from,
          td: query.to,
          serial: query.serial.trim() ? serialSymbol(query.serial) : undefined,
          q: query.q.trim() || undefined,
          released: query.released === 'all' ? undefined : query.released === 'released' ? '1' : '0',
          page: query.page,
          page_size: Math.min(query.pageSize, FPT_MAX_PAGE_SIZE),
        },
        signal,
      });
      return { rows: page.data.map(toRow), total: page.total };
    },

    pdf(token, row, signal) {
      return retryNotReady(
        async () => {
          // By sid FPT answers the raw bytes (D182).
          const res = await request<Blob>(token, {
            path: '/search-invoice',
            query: { type: 'pdf', sid: row.id },
            responseType: 'blob',
            ...(signal ? { signal } : {}),
          });
          if (res.status === 200 && (res.headers.get('content-type') ?? '').includes('application/pdf')) return asPdf(res.body, 'fpt.pdf');
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(await res.body.text());
          } catch {
            throw unexpected('fpt.pdf', res.status);
          }
          throw refusal('pdf', { ...res, body: parsed });
        },
        options,
        signal,
      );
    },

    async sign(token, row, signal) {
      const res = await request(token, { method: 'POST', path: '/apprs', body: { lang: 'vi', inv: { sid: row.id } }, signal });
      if (res.status === 200) return;
      const parsed = errorSchema.safeParse(res.body);
      if (!parsed.success) throw unexpected('fpt.sign', res.status);
      const refused = refusal('sign', res, 'EINV_SIGN_REFUSED');
      // A token to renew keeps its code (withToken logs in again); any other refusal of /apprs is "not signed".
      if (refused.code === 'EINV_TOKEN_EXPIRED') throw refused;
      throw einvError('EINV_SIGN_REFUSED', { status: parsed.data.status ?? null }, parsed.data.message, res.status);
    },
  };
}

export function createFptAdapter(options: AdapterOptions): ProviderAdapter {
  const client = fptClient(options);
  return { route: ROUTE, ...fptSignInCalls(client), ...fptSellerCalls(client), ...fptExportCalls(client), ...fptListCalls(client) };
}
