import { execFileSync } from 'node:child_process';
import type { SandboxClient } from './sandbox';
import { toExportInput, walkInBuyer } from '../../src/services/orders/einvoice/mapping';
import { orderDetailSchema } from '../../src/services/orders/schemas';
import {
  createFptAdapter,
  createMInvoiceAdapter,
  createMisaAdapter,
  createViettelAdapter,
  type ExportInput,
  type ExportResult,
  type Serial,
} from '../../src/services/einvoice';
import type { OrderDetail } from '../../src/services/orders/schemas';

/**
 * Node-side helpers for the e-invoice specs (docs/areas/einvoice.md): they reach the sandbox's
 * product backend with a merchant's own sign-in and the provider emulators with the merchant's own
 * provider account, so a spec can put a merchant into a state (set up, one invoice issued, a fault
 * armed) without driving the screens that other specs test. Plain fetch, no browser.
 */

export type ProviderRoute = 'm-invoice' | 'misa' | 'fpt' | 'viettel';
export const PROVIDERS: readonly ProviderRoute[] = ['m-invoice', 'misa', 'fpt', 'viettel'];

/** Every provider account's password (docs/areas/einvoice.md "Provider accounts"). */
export const EINV_PASSWORD = 'Einv@2026';

/** The seeded merchants' tax codes; a throwaway copy has its template's. */
const TAX_CODES: Record<string, string> = { phoco: '0108123455', colan: '079185001234', chuoi: '0316987654' };

/** MISA's fixed integration id (the emulator's MISA_APP_ID). */
const MISA_APP_ID = '0f6e3b1c-5a2d-4c7e-9b8a-2d1f4e6a8c30';
const VIETTEL_API = '/services/einvoiceapplication/api/InvoiceAPI';

/** A merchant as POST /sandbox/merchants answers it (ThrowawayMerchant), or a seeded one (`seededMerchant`). */
export interface EinvoiceMerchant {
  alias: string;
  template: string;
  /** The owner's portal sign-in. */
  username: string;
  password: string;
  merchant_id?: string;
}

const SEEDED_OWNERS: Record<string, { username: string; password: string }> = {
  phoco: { username: 'phoco', password: 'Phoco@2026' },
  colan: { username: 'colan', password: 'Colan@2026' },
};

/** A seeded merchant's owner (shared by every parallel test: prefer `sandbox.createMerchant()` for anything that changes it). */
export function seededMerchant(alias: 'phoco' | 'colan'): EinvoiceMerchant {
  return { alias, template: alias, ...SEEDED_OWNERS[alias]! };
}

/**
 * Answers of five different APIs (the backend's envelope and four providers' own shapes), read field by
 * field where they are used; a wrong read fails the spec that relies on it, so no schema is kept here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiAnswer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/** The sandbox reached with one portal sign-in (its bearer on every /api call). */
export interface PortalApi {
  readonly baseURL: string;
  readonly token: string;
  /** Any call on the sandbox's origin; `token: null` sends none (provider calls bring their own). */
  request<T = Json>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
}

async function send<T>(
  baseURL: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(baseURL + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const type = res.headers.get('content-type') ?? '';
  let body: unknown;
  if (type.includes('application/json')) body = await res.json();
  else if (type.includes('application/pdf')) body = new Uint8Array(await res.arrayBuffer());
  else body = await res.text();
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Signs the merchant's owner (or any portal user) in and answers a client carrying that session. */
export async function portalApi(sandbox: SandboxClient, user: { username: string; password: string }): Promise<PortalApi> {
  const baseURL = sandbox.baseURL;
  const login = await send<{ data?: { access_token?: string } }>(baseURL, 'POST', '/api/portal/user/login', {
    body: { username: user.username, password: user.password },
  });
  const token = login.body?.data?.access_token;
  if (login.status !== 200 || !token) throw new Error(`portal sign-in of ${user.username} → HTTP ${login.status}`);
  return {
    baseURL,
    token,
    request: (method, path, options = {}) =>
      send(baseURL, method, path, { ...options, token: options.token === undefined ? token : options.token }),
  };
}

function expectOk<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status < 200 || answer.status >= 300) {
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    throw new Error(`${what} → HTTP ${answer.status}: ${text.slice(0, 400)}`);
  }
  return answer.body;
}

/** The merchant's account with a provider: `{alias}-{provider}` seeded, `{template}-{alias}-{provider}` for a copy. */
export function providerAccount(
  merchant: Pick<EinvoiceMerchant, 'alias' | 'template'>,
  route: ProviderRoute,
): { username: string; password: string; taxCode: string } {
  const taxCode = TAX_CODES[merchant.template];
  if (!taxCode) throw new Error(`no tax code known for template ${merchant.template}`);
  const username = merchant.alias === merchant.template ? `${merchant.alias}-${route}` : `${merchant.template}-${merchant.alias}-${route}`;
  return { username, password: EINV_PASSWORD, taxCode };
}

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

/** An order as GET /api/sale/order answers it (the fields these helpers read). */
export interface OrderSummary {
  order_id: number;
  order_code: string;
  invoice_id: number;
  status: number;
  total_money: number;
  payment_method: 'QR' | 'CASH' | 'CARD' | 'LINK' | null;
  eiv_code: string | null;
  is_eiv_exported: boolean;
  name: string;
}

/** Completed orders not exported yet, newest first (GET /api/sale/order?order_status=0&is_eiv_exported=0). */
export async function completedOrders(api: PortalApi, count = 10): Promise<OrderSummary[]> {
  const body = expectOk(
    await api.request('GET', `/api/sale/order?order_status=0&is_eiv_exported=0&page=1&page_size=${count}`),
    'completed orders',
  );
  return body.data as OrderSummary[];
}

export interface IssuedInvoice {
  provider: ProviderRoute;
  /** The provider's own id (hoadon68_id, TransactionID, sid, transactionID) as the portal's rows carry it. */
  providerId: string;
  /** The series without the template digit (C26TFP). */
  serial: string;
  number: number;
  lookupCode: string;
  cqtCode: string | null;
  /** `{cqt}::{lookup}::{number}`, saved on the order. */
  eivCode: string;
}

/**
 * The dated VAT table the sandbox publishes to the portal (config.json's `vatRates`, D226), as the
 * export reads it: e2e takes the deployment's table rather than a copy of its own.
 */
export async function vatRatesOf(api: PortalApi): Promise<Parameters<typeof toExportInput>[4]> {
  const res = await fetch(`${api.baseURL}/portal/config.json`);
  if (!res.ok) throw new Error(`config.json → HTTP ${res.status}`);
  return ((await res.json()) as { vatRates: Parameters<typeof toExportInput>[4] }).vatRates;
}

const ADAPTERS = { 'm-invoice': createMInvoiceAdapter, misa: createMisaAdapter, fpt: createFptAdapter, viettel: createViettelAdapter };

/**
 * Issues an invoice through the portal's own adapter of the provider (the same request the export
 * sends, issue 25 §2: the figures worked once by invoiceTotals in the provider's fields), logged in
 * with the merchant's own provider account, on the account's VAT series. So e2e fixtures never
 * carry a second, hand-written copy of four providers' request shapes.
 */
export async function issueThroughAdapter(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  route: ProviderRoute,
  build: (serial: Serial) => ExportInput,
): Promise<ExportResult & { number: number; lookupCode: string; cqtCode: string | null }> {
  const adapter = ADAPTERS[route]({ baseURL: `${api.baseURL}/api/einvoice/${route}` });
  const { username, password, taxCode } = providerAccount(merchant, route);
  const token = (await adapter.login({ taxCode, username, password })).token;
  const serials = await adapter.listSerials(token);
  const serial = serials.find((e) => e.templateCode === '1' && /^\d?C/.test(e.value));
  if (!serial) throw new Error(`${route}: no active VAT series`);
  const result = await adapter.createInvoice(token, build(serial));
  const [cqt, lookupCode, number] = result.eivCode.split('::');
  return { ...result, number: Number(number), lookupCode: lookupCode!, cqtCode: cqt ? cqt : null };
}

/**
 * A paid order of one line as the sale service would answer it, to issue an invoice for a sale that
 * has no order here (the list specs' named buyers): one dish at `total` đồng VAT included, paid now.
 */
export function oneLineSale(ref: string, item: string, total: number): OrderDetail {
  const now = Math.floor(Date.now() / 1000);
  return {
    invoice_data: {
      order_id: 1,
      order_code: ref,
      invoice_id: 1,
      invoice_code: ref,
      status: 0,
      payment_status: 1,
      total_price: total,
      total_money: total,
      sub_total: total,
      point: 0,
      updated_at: now,
      created_at: now,
      paid_at: now,
      table_id: null,
      table_name: null,
      customer_id: 0,
      name: 'Khách lẻ',
      phone_number: null,
      payment_method: 'CASH',
      receive_amount: total,
      return_amount: 0,
      eiv_code: null,
      cqt_code: null,
      is_eiv_exported: false,
      product_amount: 1,
      source: 'IN_STORE',
    },
    products_data: [{ product_id: 1, code: 'SP1', name: item, img: null, amount: 1, price: total, tax_class: 'REDUCED_ELIGIBLE' }],
  };
}

/** An invoice for a one-line sale to a named buyer, its own reference as the provider's key (as another till's export would send its order id). */
export async function issueOneLineSale(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  route: ProviderRoute,
  sale: { ref: string; buyer: string; item: string; total: number },
): ReturnType<typeof issueThroughAdapter> {
  const detail = oneLineSale(sale.ref, sale.item, sale.total);
  const rates = await vatRatesOf(api);
  return issueThroughAdapter(api, merchant, route, (serial) => ({
    ...toExportInput(detail, { isIndividual: true, name: sale.buyer }, { serial }, Date.now(), rates),
    orderId: sale.ref,
  }));
}

/**
 * Issues an invoice for a completed order through the provider's adapter (walk-in buyer, the order's
 * lines at their prices and tax classes, the rates of its payment's day; the order id is the
 * idempotency key, as the export sends it) and saves its eiv_code on the order (POST
 * /api/sale/invoice/eiv/{id}), so a list spec has real invoices without driving the export.
 */
export async function issueInvoiceFor(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  provider: ProviderRoute,
  orderId: number | string,
): Promise<IssuedInvoice> {
  const detail = orderDetailSchema.parse(expectOk(await api.request('GET', `/api/sale/order/${orderId}`), `order ${orderId}`).data);
  const order = detail.invoice_data;
  if (order.status !== 0) throw new Error(`order ${orderId} is not completed (status ${order.status})`);
  const rates = await vatRatesOf(api);
  const issued = await issueThroughAdapter(api, merchant, provider, (serial) =>
    toExportInput(detail, walkInBuyer(), { serial }, Date.now(), rates),
  );
  const serial = issued.serial ?? '';
  const eivCode = issued.eivCode;
  expectOk(
    await api.request('POST', `/api/sale/invoice/eiv/${order.order_id}?is_orderid=true`, { body: { eiv_code: eivCode } }),
    `saving ${eivCode} on order ${orderId}`,
  );
  return {
    provider,
    eivCode,
    providerId: issued.providerId,
    // The symbol without the template digit (C26TFP), as the settings keep it.
    serial: serial.replace(/^\d(?=[CK])/, ''),
    number: issued.number,
    lookupCode: issued.lookupCode,
    cqtCode: issued.cqtCode,
  };
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
