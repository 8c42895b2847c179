/**
 * Test helper (only *.test.ts import it): a real sandbox in-process, a throwaway merchant signed in,
 * and the portal's own clients pointed at it, so the e-invoice services are tested against the
 * emulators they will meet, not against a fake written from the same reading of the docs.
 */
import { createServiceClient, type ServiceClient } from '../../../http/client';
import type { ServiceError } from '../../../http/errors';
import { invoiceTotals } from '../../../../rules/invoiceTax';
import { REPO_VAT_RATES_INPUT, vatRateTableSchema, type VatRateTable } from '../../../../rules/vatRates';
import type { CorrectionRequest, ExportInput, ExportLine, InvoiceQuery, ProviderRoute, Serial } from '../types';

/** The part of sandbox/platform/test/harness these tests use (the app's tsconfig does not compile the sandbox). */
export interface TestSandbox {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, asserted by each test
  api<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  login(username: string, password: string): Promise<{ access_token: string }>;
  close(): Promise<void>;
}

// A computed specifier keeps the type checker out of the sandbox; vitest resolves it at run time.
const HARNESS = ['..', '..', '..', '..', '..', 'sandbox', 'platform', 'test', 'harness'].join('/');

export async function startSandbox(): Promise<TestSandbox> {
  const { startTestSandbox } = (await import(/* @vite-ignore */ HARNESS)) as {
    startTestSandbox(options: { seedVolume: 'small' }): Promise<TestSandbox>;
  };
  return startTestSandbox({ seedVolume: 'small' });
}

export const EINV_PASSWORD = 'Einv@2026';

export interface TestMerchant {
  merchantId: string;
  alias: string;
  template: string;
  /** The owner's portal access token. */
  token: string;
  portal: ServiceClient;
  sale: ServiceClient;
  /** The merchant's own account with a provider (docs/areas/einvoice.md "Provider accounts"). */
  account(route: ProviderRoute): { username: string; password: string };
}

export function clientsFor(t: TestSandbox, token: string): { portal: ServiceClient; sale: ServiceClient } {
  const tokens = { getToken: async () => token, onRejected: async () => null, onUserLocked: () => {} };
  return {
    portal: createServiceClient({ service: 'portal', baseURL: `${t.url}/api/portal`, tokens }),
    sale: createServiceClient({ service: 'sale', baseURL: `${t.url}/api/sale`, tokens }),
  };
}

/** A throwaway copy of a seeded merchant (POST /sandbox/merchants), its owner signed in. */
export async function createMerchant(t: TestSandbox, template: 'phoco' | 'colan' = 'phoco'): Promise<TestMerchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  if (made.status !== 201) throw new Error(`POST /sandbox/merchants → ${made.status}`);
  const info = (made.body.data ?? made.body) as {
    merchant_id: string;
    alias: string;
    username: string;
    password: string;
    template: string;
  };
  const token = (await t.login(info.username, info.password)).access_token;
  return {
    merchantId: info.merchant_id,
    alias: info.alias,
    template: info.template,
    token,
    ...clientsFor(t, token),
    account: (route) => ({ username: `${info.template}-${info.alias}-${route}`, password: EINV_PASSWORD }),
  };
}

export async function trigger(t: TestSandbox, name: string, body: Record<string, string>): Promise<void> {
  const res = await t.api('POST', `/sandbox/triggers/${name}`, { body });
  if (res.status !== 200) throw new Error(`trigger ${name} → ${res.status} ${JSON.stringify(res.body)}`);
}

/** Completed orders of the merchant still without an e-invoice code. */
export async function completedOrders(t: TestSandbox, m: TestMerchant): Promise<Array<{ order_id: string | number; order_code: string }>> {
  const res = await t.api('GET', '/api/sale/order?order_status=0&is_eiv_exported=0&page_size=200', { token: m.token });
  if (res.status !== 200) throw new Error(`GET /order → ${res.status}`);
  return (res.body.data as Array<{ order_id: string | number; order_code: string; eiv_code: string | null }>).filter((o) => !o.eiv_code);
}

/** Today in Vietnam, yyyy-MM-dd. */
export function vnToday(now = Date.now()): string {
  return new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** The repository's dated VAT table (vat-rates.json), as the portal reads it. */
export const REPO_VAT_RATES: VatRateTable = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);

/** 23:59 on 31 December 2026 and 00:01 on 1 January 2027, Vietnam time: the two sides of the end of the 8 % cut. */
export const LAST_MINUTE_2026 = Date.parse('2026-12-31T23:59:00+07:00');
export const FIRST_MINUTE_2027 = Date.parse('2027-01-01T00:01:00+07:00');

/**
 * An ExportInput as toExportInput makes it (services/orders/einvoice/mapping.ts): the lines at their
 * menu prices and tax classes, and their tax worked once by invoiceTotals on the payment's Vietnam day
 * (D226). `over.lines` or `over.paidAt` change the tax with them; `over.tax` replaces it (a test that
 * sends figures invoiceTotals would refuse).
 */
export function exportOf(orderId: string, serial: Serial, lines: ExportLine[], over: Partial<ExportInput> = {}): ExportInput {
  const paidAt = over.paidAt ?? Date.now();
  const tax =
    over.tax ??
    invoiceTotals(
      lines.map((l) => ({ unitPrice: l.unitPriceGross, quantity: l.quantity, taxClass: l.taxClass })),
      paidAt,
      REPO_VAT_RATES,
      serial.isSalesInvoice ? 'sales' : 'vat',
    );
  return {
    orderId,
    orderCode: `ORD-${orderId}`,
    paidAt,
    issuedAt: over.issuedAt ?? paidAt,
    buyer: { isIndividual: true, name: '' },
    lines,
    paymentMethod: 'CASH',
    total: tax.totals.gross,
    serial,
    tax,
    ...over,
  };
}

/** doc's example sale: a hot pot (reduced class) and 16 beers (standard class), 1,900,000 paid, the walk-in buyer. */
export function sampleExport(orderId: string, serial: Serial, over: Partial<ExportInput> = {}): ExportInput {
  const lines = over.lines ?? [
    { name: 'Lẩu cá kèo', unit: 'nồi', quantity: 1, unitPriceGross: 1_500_000, taxClass: 'REDUCED_ELIGIBLE' as const },
    { name: 'Bia Hà Nội', unit: 'chai', quantity: 16, unitPriceGross: 25_000, taxClass: 'STANDARD' as const },
  ];
  return exportOf(orderId, serial, lines, over);
}

/**
 * The restaurant bill of the rate tests (D226, D229): phở 65,000 ₫ × 2 (reduced class) and beer 25,000 ₫ × 3 (standard class),
 * 205,000 ₫ paid at `paidAt`: at 23:59 on 31 December 2026 the phở is at 8 % and the beer at 10 %; at
 * 00:01 on 1 January 2027 both are at 10 %.
 */
export function mixedRateExport(orderId: string, serial: Serial, paidAt: number, over: Partial<ExportInput> = {}): ExportInput {
  return exportOf(
    orderId,
    serial,
    [
      { name: 'Phở bò tái', unit: 'bát', quantity: 2, unitPriceGross: 65_000, taxClass: 'REDUCED_ELIGIBLE' },
      { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, unitPriceGross: 25_000, taxClass: 'STANDARD' },
    ],
    { paidAt, issuedAt: paidAt, ...over },
  );
}

/** A sleep that does not wait (the not-ready retries), counting its calls. */
export function instantSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

/** The ServiceError a promise rejects with, or null when it resolves. */
export const rejection = (promise: Promise<unknown>): Promise<ServiceError | null> =>
  promise.then(
    () => null,
    (e: unknown) => e as ServiceError,
  );

/** Switches a provider fault for the merchant (the sandbox trigger `einvoice-fault`). */
export const providerFault = (t: TestSandbox, m: TestMerchant, provider: string, name: string, extra: Record<string, string> = {}) =>
  trigger(t, 'einvoice-fault', { merchant: m.merchantId, provider, fault: name, ...extra });

/** A list query for today (Vietnam), every series and state, first page of 10. */
export const todayQuery = (over: Partial<InvoiceQuery> = {}): InvoiceQuery => ({
  from: vnToday(),
  to: vnToday(),
  q: '',
  serial: '',
  released: 'all',
  page: 1,
  pageSize: 10,
  ...over,
});

/**
 * A correction of an issued invoice (D243) as the portal makes it: a replacement with the
 * whole new invoice, an adjustment of amounts with its difference lines (each at its size, `decreases`
 * marking those that lower the original), or an adjustment of information with the corrected buyer
 * and no lines. The key is a fresh uuid (36 characters), one per correction.
 */
export function correctionOf(
  kind: 'replace' | 'adjust' | 'info',
  invoice: ExportInput,
  reason: string,
  decreases: boolean[] = [],
  key: string = crypto.randomUUID(),
): CorrectionRequest {
  const info = kind === 'info';
  return {
    kind: kind === 'replace' ? 'replace' : 'adjust',
    adjustKind: kind === 'replace' ? null : info ? 'info' : 'amount',
    key,
    reason,
    invoice: info
      ? { ...invoice, lines: [], tax: { ...invoice.tax, lines: [], breakdown: [], totals: { net: 0, vat: 0, gross: 0 } }, total: 0 }
      : invoice,
    decreases: info ? [] : invoice.lines.map((_, i) => decreases[i] === true),
  };
}

/** One beer (25,000 ₫ at the standard class) back: the refund-shaped adjustment of sampleExport's bill. */
export function oneBeerBack(serial: Serial, paidAt = Date.now()): ExportInput {
  return exportOf('corr', serial, [{ name: 'Bia Hà Nội', unit: 'chai', quantity: 1, unitPriceGross: 25_000, taxClass: 'STANDARD' }], {
    paidAt,
  });
}
