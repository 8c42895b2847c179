import { execFileSync } from 'node:child_process';
import { expectOk, providerAccount, type EinvoiceMerchant, type Json, type PortalApi, type ProviderRoute } from './portal';
import type { IssuedInvoice } from './issue';

/**
 * The provider emulators reached with the merchant's own provider account (support/einvoice.ts):
 * sign-in, active series, the set-up as the screen saves it, faults, token expiry and PDFs.
 */

/** MISA's fixed integration id (the emulator's MISA_APP_ID). */
const MISA_APP_ID = '0f6e3b1c-5a2d-4c7e-9b8a-2d1f4e6a8c30';
const VIETTEL_API = '/services/einvoiceapplication/api/InvoiceAPI';

const emulator = (route: ProviderRoute) => `/api/einvoice/${route}`;

/** A provider session: its bearer and the extra headers its calls need (M-Invoice TaxCode, MISA CompanyTaxCode). */
export interface ProviderSession {
  route: ProviderRoute;
  token: string;
  taxCode: string;
  headers: Record<string, string>;
}

/** Logs in at the provider's emulator with the merchant's own account (as the product backend would). */
export async function providerLogin(api: PortalApi, merchant: EinvoiceMerchant, route: ProviderRoute): Promise<ProviderSession> {
  const { username, password, taxCode } = providerAccount(merchant, route);
  const base = emulator(route);
  const what = `${route} login of ${username}`;
  switch (route) {
    case 'm-invoice': {
      const res = await api.request('POST', `${base}/api/Account/Login`, {
        token: null,
        headers: { TaxCode: taxCode },
        body: { username, password, ma_dvcs: 'VP' },
      });
      const body = expectOk(res, what);
      if (body.code !== '00') throw new Error(`${what} → code ${body.code}: ${body.message}`);
      return { route, token: body.token, taxCode, headers: { TaxCode: taxCode } };
    }
    case 'misa': {
      const res = await api.request('POST', `${base}/api/integration/auth/token`, {
        token: null,
        body: { appid: MISA_APP_ID, taxcode: taxCode, username, password },
      });
      const body = expectOk(res, what);
      if (!body.success) throw new Error(`${what} → ${body.errorCode}`);
      return { route, token: body.data, taxCode, headers: { CompanyTaxCode: taxCode } };
    }
    case 'fpt': {
      const body = expectOk(await api.request('POST', `${base}/signin`, { token: null, body: { username, password } }), what);
      return { route, token: body.token, taxCode, headers: {} };
    }
    case 'viettel': {
      const body = expectOk(await api.request('POST', `${base}/auth/login`, { token: null, body: { username, password } }), what);
      return { route, token: body.access_token, taxCode, headers: {} };
    }
  }
}

const call = <T = Json>(api: PortalApi, s: ProviderSession, method: string, path: string, body?: unknown) =>
  api.request<T>(method, `${emulator(s.route)}${path}`, { token: s.token, headers: s.headers, ...(body === undefined ? {} : { body }) });

/** A series as the settings store it (`serial` of PUT /einvoice/setting: the symbol without the template digit). */
export interface SeriesInfo {
  serial: string;
  templateCode: '1' | '2';
}

/** The provider's active series, read from the emulator. */
export async function activeSeries(api: PortalApi, s: ProviderSession): Promise<SeriesInfo[]> {
  const what = `${s.route} series`;
  switch (s.route) {
    case 'm-invoice': {
      const body = expectOk(await call(api, s, 'GET', '/api/Invoice68/GetTypeInvoiceSeries'), what);
      return (body.data as Array<{ ky_hieu: string; khmshdon: '1' | '2' }>).map((e) => ({ serial: e.ky_hieu, templateCode: e.khmshdon }));
    }
    case 'misa': {
      const body = expectOk(await call(api, s, 'GET', '/api/integration/invoice/templates'), what);
      return (JSON.parse(body.data) as Array<{ InvSeries: string; InvTemplateNo: '1' | '2'; Inactive: boolean }>)
        .filter((e) => !e.Inactive)
        .map((e) => ({ serial: e.InvSeries.slice(1), templateCode: e.InvTemplateNo }));
    }
    case 'fpt': {
      const body = expectOk(await call(api, s, 'GET', '/serials'), what);
      return (body.data as Array<{ serial: string; form: '1' | '2' }>).map((e) => ({ serial: e.serial, templateCode: e.form }));
    }
    case 'viettel': {
      const body = expectOk(await call(api, s, 'POST', `${VIETTEL_API}/InvoiceUtilsWS/getInvoiceTemplates`, { taxCode: s.taxCode }), what);
      return (body.template as Array<{ invoiceSeries: string; invoiceType: '1' | '2' }>).map((e) => ({
        serial: e.invoiceSeries,
        templateCode: e.invoiceType,
      }));
    }
  }
}

/** The VAT-invoice series with a tax-authority code (C…, template 1): what a set-up picks by default. */
async function vatSeries(api: PortalApi, s: ProviderSession): Promise<SeriesInfo> {
  const all = await activeSeries(api, s);
  const found = all.find((e) => e.templateCode === '1' && e.serial.startsWith('C'));
  if (!found) throw new Error(`${s.route}: no active VAT series`);
  return found;
}

export interface SetUpOptions {
  provider: ProviderRoute;
  /** The settings' serial (no template digit); default the account's VAT series. */
  serial?: string;
  /** VAT percent; default 0 for a sales-invoice series, else 10 (the serial modal's default). */
  tax?: 10 | 8 | 5 | 0;
  /** `merchant_account` links the SSO account first (M-Invoice and Viettel only). */
  method?: 'einv_provider_account' | 'merchant_account';
  autoExport?: boolean;
  printInvoice?: boolean;
}

/** Sets the merchant's e-invoice up (PUT /api/portal/einvoice/setting) as the setup screen would; answers the settings. */
export async function setUpEinvoice(api: PortalApi, merchant: EinvoiceMerchant, options: SetUpOptions): Promise<Record<string, unknown>> {
  const { provider } = options;
  const account = providerAccount(merchant, provider);
  const method = options.method ?? 'einv_provider_account';
  let serial = options.serial;
  let templateCode: '1' | '2' = '1';
  const session = await providerLogin(api, merchant, provider);
  if (serial === undefined) serial = (await vatSeries(api, session)).serial;
  else templateCode = (await activeSeries(api, session)).find((e) => e.serial === serial)?.templateCode ?? '1';
  const tax = options.tax ?? (templateCode === '2' ? 0 : 10);
  if (method === 'merchant_account') {
    expectOk(
      await api.request('POST', '/api/portal/einvoice/sso/sign-in', { body: { provider, tax_no: account.taxCode } }),
      `SSO link with ${provider}`,
    );
  }
  const body = {
    provider: provider.toUpperCase(),
    tax_code: account.taxCode,
    active_method: method,
    ...(method === 'einv_provider_account' ? { username: account.username, password: account.password } : {}),
    serial,
    tax,
    autoExport: options.autoExport ?? false,
    printInvoice: options.printInvoice ?? false,
  };
  return expectOk(await api.request('PUT', '/api/portal/einvoice/setting', { body }), `e-invoice set-up with ${provider}`).data;
}

export type EinvoiceFault = 'serial-slow' | 'down' | 'already-exported' | 'declaration-pending' | 'pdf-not-ready' | 'create-fails';

/** Switches a provider emulator's fault for this merchant (trigger einvoice-fault; docs/areas/einvoice.md "Faults"). */
export async function einvoiceFault(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  provider: ProviderRoute,
  fault: EinvoiceFault,
  options: { off?: boolean; delayMs?: number; count?: number } = {},
): Promise<Record<string, unknown>> {
  const body: Record<string, string> = { provider, fault, merchant: merchant.merchant_id ?? merchant.alias };
  if (options.off) body.off = 'true';
  if (options.delayMs !== undefined) body.delay_ms = String(options.delayMs);
  if (options.count !== undefined) body.count = String(options.count);
  return expectOk(await api.request('POST', '/sandbox/triggers/einvoice-fault', { token: null, body }), `einvoice-fault ${fault}`);
}

/** Ends the merchant's provider tokens now (trigger einvoice-expire-tokens): the next provider call meets its expiry answer. */
export async function expireProviderTokens(api: PortalApi, merchant: EinvoiceMerchant, provider?: ProviderRoute): Promise<Json> {
  const body: Record<string, string> = { merchant: merchant.merchant_id ?? merchant.alias };
  if (provider) body.provider = provider;
  return expectOk(await api.request('POST', '/sandbox/triggers/einvoice-expire-tokens', { token: null, body }), 'einvoice-expire-tokens');
}

/**
 * The invoice's PDF straight from the emulator (FPT raw by sid, M-Invoice raw, MISA and Viettel
 * base64 in JSON); Viettel's and the `pdf-not-ready` fault's "not ready" answers are asked again
 * (up to 5 times, 300 ms apart).
 */
export async function invoicePdf(api: PortalApi, merchant: EinvoiceMerchant, invoice: IssuedInvoice): Promise<Uint8Array> {
  const s = await providerLogin(api, merchant, invoice.provider);
  const what = `${invoice.provider} PDF of ${invoice.providerId}`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let bytes: Uint8Array | null = null;
    switch (invoice.provider) {
      case 'm-invoice': {
        const res = await call(api, s, 'GET', `/api/InvoiceApi78/PrintInvoice?id=${encodeURIComponent(invoice.providerId)}`);
        if (res.body instanceof Uint8Array) bytes = res.body;
        else if (res.body?.code !== '11') throw new Error(`${what} → ${JSON.stringify(res.body).slice(0, 200)}`);
        break;
      }
      case 'misa': {
        const res = expectOk(
          await call(api, s, 'POST', '/api/integration/invoice/download?downloadDataType=pdf', [invoice.providerId]),
          what,
        );
        const [item] = JSON.parse(res.data) as Array<{ Data: string | null; ErrorCode: string }>;
        if (item?.Data) bytes = Buffer.from(item.Data, 'base64');
        else if (item?.ErrorCode !== 'InvoiceFileNotReady') throw new Error(`${what} → ${item?.ErrorCode}`);
        break;
      }
      case 'fpt': {
        const res = await call(api, s, 'GET', `/search-invoice?type=pdf&sid=${encodeURIComponent(invoice.providerId)}`);
        if (res.body instanceof Uint8Array) bytes = res.body;
        else if (res.status !== 409) throw new Error(`${what} → HTTP ${res.status}`);
        break;
      }
      case 'viettel': {
        const res = await call(api, s, 'POST', `${VIETTEL_API}/InvoiceUtilsWS/getInvoiceRepresentationFile`, {
          supplierTaxCode: s.taxCode,
          invoiceNo: `${invoice.serial}${invoice.number}`,
          templateCode: '1/001',
          fileType: 'PDF',
        });
        if (res.status === 200) bytes = Buffer.from(res.body.fileToBytes, 'base64');
        else if (res.body?.errorCode !== 'INVOICE_FILE_NOT_READY') throw new Error(`${what} → HTTP ${res.status} ${res.body?.errorCode}`);
        break;
      }
    }
    if (bytes) return bytes;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what}: still not ready`);
}

/** The text of a PDF (`pdftotext - -`), to assert what a printed invoice says. */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-', '-'], { input: bytes, encoding: 'utf8', maxBuffer: 20 * 1024 * 1024 });
}
