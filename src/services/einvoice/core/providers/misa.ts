import { z } from '../../../../config/zod-classic';
import { LOCAL_ERROR_CODES, ServiceError } from '../../../http/errors';
import { einvError, parseWith, providerFetch, SERIAL_LIST_TIMEOUT_MS, type ProviderFetchOptions } from '../http';
import { eivCode, isSalesInvoiceSerial } from '../registry';
import { sellerToken, splitSellerToken } from '../seller-token';
import type { CompanyInfo, DeclarationStatus, ExportInput, ExportResult, InvoicePage, ProviderAdapter, Serial } from '../types';
import { asPdf, declarationRecord, fromBase64, retryNotReady, unexpected } from './common';
import {
  CALL_ERRORS,
  companySchema,
  correctionItem,
  declarationSchema,
  downloadSchema,
  envelope,
  invoiceSchema,
  ITEM_ERRORS,
  MISA_APP_ID,
  MISA_MAX_PAGE_SIZE,
  MISA_TOKEN_LIFETIME_MS,
  ORIGINAL_REFUSALS,
  pageSchema,
  publishedSchema,
  publishItem,
  ROUTE,
  templatesSchema,
  toRow,
  type MisaInvoice,
  type Published,
} from './misa-wire';
import type { AdapterOptions } from './options';

/**
 * MISA meInvoice's adapter (docs/areas/einvoice.md "MISA meInvoice"; D232, D180): its calls, built on
 * one client that reads MISA's envelope (`data` as JSON text, per-invoice ErrorCodes). The names,
 * schemas and items are misa-wire.ts's.
 */
export { correctionItem, MISA_APP_ID, MISA_TOKEN_LIFETIME_MS } from './misa-wire';

/** `data` is JSON text on every call but the token's. */
function json(name: string, data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch (cause) {
    throw new ServiceError({
      code: LOCAL_ERROR_CODES.invalidResponse,
      status: 200,
      kind: 'invalid-response',
      message: `misa.${name}: data is not JSON`,
      cause,
    });
  }
}

/** An export's result from MISA's item (or its status answer). */
function resultOf(
  item: { InvoiceCode?: string | null; TransactionID: string; InvNo: string; InvSeries?: string | null },
  existing: boolean,
): ExportResult {
  return {
    eivCode: eivCode(item.InvoiceCode, item.TransactionID, Number(item.InvNo)),
    // MISA writes the template digit in front ('1C26TMS'); an answer without the series names none.
    serial: item.InvSeries?.trim() ? item.InvSeries.trim() : null,
    providerId: item.TransactionID,
    existing,
  };
}

/** One call to MISA, the publish call and the status call by RefID. */
function misaClient(options: AdapterOptions) {
  const { baseURL } = options;

  /** One call; resolves the (twice-parsed) `data` of a success, rejects a call-level refusal. */
  async function call(
    name: string,
    token: string | null,
    spec: Omit<ProviderFetchOptions, 'route' | 'baseURL' | 'fetch' | 'token' | 'headers'>,
    refusals: Readonly<Record<string, string>> = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = {};
    let bearer: string | undefined;
    if (token !== null) {
      const seller = splitSellerToken(token);
      bearer = seller.token;
      if (seller.taxCode) headers.CompanyTaxCode = seller.taxCode;
    }
    const res = await providerFetch({
      ...spec,
      route: ROUTE,
      baseURL,
      headers,
      ...(bearer ? { token: bearer } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (res.status !== 200 || typeof res.body !== 'object' || res.body === null) throw unexpected(`misa.${name}`, res.status);
    const body = parseWith(envelope, res.body, `misa.${name}`);
    if (!body.success) {
      const code = body.errorCode ?? '';
      const fields = body.errors && body.errors.length > 0 ? { fields: body.errors } : undefined;
      throw einvError(
        refusals[code] ?? CALL_ERRORS[code] ?? LOCAL_ERROR_CODES.unknown,
        fields,
        body.descriptionErrorCode ?? undefined,
        200,
      );
    }
    return body.data;
  }

  async function publish(token: string, input: ExportInput, signal?: AbortSignal, item = publishItem(input)): Promise<Published> {
    const data = await call('createInvoice', token, {
      method: 'POST',
      path: '/api/integration/invoice',
      body: { SignType: 2, InvoiceData: [item], PublishInvoiceData: null },
      signal,
    });
    const items = parseWith(z.array(publishedSchema).length(1), json('createInvoice', data), 'misa.createInvoice');
    return items[0]!;
  }

  /** The invoice made for this RefID, by MISA's status call (the duplicate's ids missing). */
  async function byRefId(token: string, refId: string, signal?: AbortSignal): Promise<MisaInvoice | null> {
    const data = await call('status', token, {
      method: 'POST',
      path: '/api/integration/invoice/status',
      query: { inputType: 2 },
      body: [refId],
      signal,
    });
    const items = parseWith(z.array(z.object({ ErrorCode: z.string().nullish() }).passthrough()), json('status', data), 'misa.status');
    const found = items.find((item) => !item.ErrorCode);
    const parsed = found ? invoiceSchema.safeParse(found) : null;
    return parsed?.success ? parsed.data : null;
  }

  return { options, call, publish, byRefId };
}

type MisaClient = ReturnType<typeof misaClient>;

/** Before any invoice: the public tax-code check, login, the company look-up. */
function misaSignInCalls({ call }: MisaClient): Pick<ProviderAdapter, 'checkTaxCode' | 'login' | 'lookupCompany'> {
  return {
    async checkTaxCode(taxCode, signal) {
      await call(
        'checkTaxCode',
        null,
        { path: '/api/integration/company/check-taxcode', query: { taxcode: taxCode.trim() }, signal },
        {
          InvalidParameter: 'EINV_TAX_CODE_INVALID',
        },
      );
    },

    async login(credentials, signal) {
      const taxCode = credentials.taxCode.trim();
      const asked = Date.now();
      const data = await call(
        'login',
        null,
        {
          method: 'POST',
          path: '/api/integration/auth/token',
          body: { appid: MISA_APP_ID, taxcode: taxCode, username: credentials.username.trim(), password: credentials.password },
          signal,
        },
        // A field of the login missing or malformed: for the merchant, a failed login.
        { InvalidParameter: 'EINV_LOGIN_FAIL' },
      );
      const token = parseWith(z.string().min(1), data, 'misa.login');
      return { token: sellerToken(token, taxCode), expiresAt: asked + MISA_TOKEN_LIFETIME_MS, taxCode };
    },

    async lookupCompany(token, taxCode, signal): Promise<CompanyInfo | null> {
      let data: unknown;
      try {
        data = await call(
          'lookupCompany',
          token,
          { path: '/api/integration/company/info', query: { taxcode: taxCode.trim() }, signal },
          {
            TaxCodeNotFound: 'TAX_CODE_NOT_FOUND',
            InvalidParameter: 'EINV_TAX_CODE_INVALID',
          },
        );
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'TAX_CODE_NOT_FOUND') return null;
        throw error;
      }
      const company = parseWith(companySchema, json('lookupCompany', data), 'misa.lookupCompany');
      return {
        taxCode: company.TaxCode,
        name: company.CompanyName,
        address: company.Address ?? '',
        representative: company.LegalRepresentative ?? '',
        email: company.Email ?? '',
        phone: company.Phone ?? '',
      };
    },
  };
}

/** The seller's series and declaration. */
function misaSellerCalls({ call }: MisaClient): Pick<ProviderAdapter, 'listSerials' | 'declarationStatus'> {
  return {
    async listSerials(token, signal): Promise<Serial[]> {
      const data = await call('listSerials', token, {
        path: '/api/integration/invoice/templates',
        signal,
        timeoutMs: SERIAL_LIST_TIMEOUT_MS,
      });
      return (
        parseWith(templatesSchema, json('listSerials', data), 'misa.listSerials')
          // MISA lists series not activated too; publishing to one is refused (TemplateIsNotUsing).
          .filter((entry) => entry.Inactive !== true)
          .flatMap((entry) => {
            // Only VAT (1) and sales (2) invoices are the portal's; other templates are left out.
            const templateCode = entry.InvTemplateNo === '1' ? '1' : entry.InvTemplateNo === '2' ? '2' : null;
            if (!templateCode) return [];
            const serial: Omit<Serial, 'isSalesInvoice'> = { value: entry.InvSeries, invTypeName: entry.TemplateName, templateCode };
            return [{ ...serial, isSalesInvoice: isSalesInvoiceSerial(serial) }];
          })
      );
    },

    async declarationStatus(token, range, signal): Promise<DeclarationStatus> {
      const data = await call('declarationStatus', token, {
        path: '/api/integration/declaration/status',
        query: { fromDate: range.from, toDate: range.to },
        signal,
      });
      const status = parseWith(declarationSchema, json('declarationStatus', data), 'misa.declarationStatus');
      return { approved: status.Status === 'APPROVED', records: status.Declarations.map(declarationRecord) };
    },
  };
}

/** Publish an invoice or its correction (signed at once), answering the first invoice to a repeated RefID. */
function misaExportCalls({ publish, byRefId }: MisaClient): Pick<ProviderAdapter, 'createInvoice' | 'correctInvoice'> {
  return {
    async createInvoice(token, input, signal): Promise<ExportResult> {
      const item = await publish(token, input, signal);
      const code = item.ErrorCode ?? '';
      const complete = item.TransactionID && item.InvNo && /^\d+$/.test(item.InvNo);
      if (code === '' && complete) return resultOf({ ...item, TransactionID: item.TransactionID!, InvNo: item.InvNo! }, false);
      if (code === 'DuplicateInvoiceRefID') {
        // D178: the item carries the invoice made the first time; without its ids, ask MISA by RefID.
        if (complete) return resultOf({ ...item, TransactionID: item.TransactionID!, InvNo: item.InvNo! }, true);
        const existing = await byRefId(token, input.orderId, signal);
        if (existing) return resultOf(existing, true);
        throw einvError('INVOICE_ALREADY_EXPORTED', null, item.DescriptionErrorCode ?? undefined, 200);
      }
      if (code === '') throw unexpected('misa.createInvoice', 200);
      const data = code === 'InvalidBuyerTaxCode' ? { field: 'buyer.taxCode' } : undefined;
      throw einvError(ITEM_ERRORS[code] ?? 'EINV_INVOICE_REFUSED', data, item.DescriptionErrorCode ?? undefined, 200);
    },

    async correctInvoice(token, original, correction, signal): Promise<ExportResult> {
      const item = await publish(token, correction.invoice, signal, correctionItem(original, correction));
      const code = item.ErrorCode ?? '';
      const complete = item.TransactionID && item.InvNo && /^\d+$/.test(item.InvNo);
      if ((code === '' || code === 'DuplicateInvoiceRefID') && complete) {
        return {
          ...resultOf({ ...item, TransactionID: item.TransactionID!, InvNo: item.InvNo! }, code !== ''),
          providerId: item.TransactionID!,
        };
      }
      if (code === 'DuplicateInvoiceRefID') {
        const existing = await byRefId(token, correction.key, signal);
        if (existing) return resultOf(existing, true);
      }
      const why = ORIGINAL_REFUSALS[code];
      if (why) throw einvError('EINV_CORRECTION_REFUSED', { reason: why }, item.DescriptionErrorCode ?? undefined, 200);
      if (code === '') throw unexpected('misa.correctInvoice', 200);
      throw einvError(ITEM_ERRORS[code] ?? 'EINV_INVOICE_REFUSED', undefined, item.DescriptionErrorCode ?? undefined, 200);
    },
  };
}

/** The list, the PDF (base64, "not ready" retried) and the signing MISA does not have. */
function misaListCalls({ call, options }: MisaClient): Pick<ProviderAdapter, 'listInvoices' | 'pdf' | 'sign'> {
  return {
    async listInvoices(token, query, signal): Promise<InvoicePage> {
      const body: Record<string, unknown> = {
        FromDate: query.from,
        ToDate: query.to,
        PageIndex: query.page,
        PageSize: Math.min(query.pageSize, MISA_MAX_PAGE_SIZE),
      };
      if (query.serial.trim()) body.InvSeries = query.serial.trim();
      if (query.q.trim()) body.Keyword = query.q.trim();
      if (query.released !== 'all') body.PublishStatus = query.released === 'released' ? 1 : 0;
      const data = await call('listInvoices', token, { method: 'POST', path: '/api/integration/invoice/paging', body, signal });
      const page = parseWith(pageSchema, json('listInvoices', data), 'misa.listInvoices');
      return { rows: page.Data.map(toRow), total: page.Total };
    },

    pdf(token, row, signal) {
      return retryNotReady(
        async () => {
          const data = await call('pdf', token, {
            method: 'POST',
            path: '/api/integration/invoice/download',
            query: { downloadDataType: 'pdf' },
            body: [row.id],
            signal,
          });
          const [item] = parseWith(downloadSchema.length(1), json('pdf', data), 'misa.pdf');
          const code = item!.ErrorCode ?? '';
          if (code !== '') throw einvError(ITEM_ERRORS[code] ?? LOCAL_ERROR_CODES.unknown, null, undefined, 200);
          if (!item!.Data) throw unexpected('misa.pdf', 200);
          return asPdf(fromBase64(item!.Data, 'misa.pdf'), 'misa.pdf');
        },
        options,
        signal,
      );
    },

    // MISA signs while it publishes (D180): nothing to call.
    async sign() {
      throw einvError('EINV_SIGN_REFUSED', null, 'MISA meInvoice signs invoices when they are published');
    },
  };
}

export function createMisaAdapter(options: AdapterOptions): ProviderAdapter {
  const client = misaClient(options);
  return { route: ROUTE, ...misaSignInCalls(client), ...misaSellerCalls(client), ...misaExportCalls(client), ...misaListCalls(client) };
}
