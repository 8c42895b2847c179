/** What the MISA emulator tests share (misa.*.test.ts): one sandbox per file, phoco, colan and a phoco copy signed in to MISA, invoice items and the calls. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../../platform/test/harness';
import { EINV_PASSWORD } from '../../core/accounts';
import { MISA_APP_ID } from './wire';

/** The MISA meInvoice emulator against a running sandbox (docs/areas/einvoice.md → "MISA meInvoice"). */

export let t: TestSandbox;
export const BASE = '/api/einvoice/misa';
export const PHOCO_TAX = '0108123455';
export const COLAN_TAX = '079185001234';

export interface Seller {
  token: string;
  taxCode: string;
  vat: string;
  sales: string;
  inactive: string;
}
export let phoco: Seller;
export let colan: Seller;
/** Signs phoco in to MISA again (after a test expired its tokens). */
export async function signInPhoco() {
  phoco = await seller('phoco-misa', PHOCO_TAX);
}
/** A throwaway copy of phoco: approved, unlike colan's pending MISA registration. */
export let other: Seller;
export let otherUser: string;

export const tokenCall = (body: Record<string, unknown>) => t.api('POST', `${BASE}/api/integration/auth/token`, { body });
export const login = (username: string, taxcode: string, password = EINV_PASSWORD) =>
  tokenCall({ appid: MISA_APP_ID, taxcode, username, password });

export function call(method: string, path: string, who: { token: string; taxCode: string }, body?: unknown) {
  return t.api(method, `${BASE}${path}`, {
    token: who.token,
    headers: { CompanyTaxCode: who.taxCode },
    ...(body !== undefined ? { body } : {}),
  });
}

/** `data` of a MISA answer, parsed the second time (MISA serialises it as JSON text). */
export const dataOf = (res: { body: { data: string } }) => JSON.parse(res.body.data);

export async function seller(username: string, taxCode: string): Promise<Seller> {
  const res = await login(username, taxCode);
  expect(res.body).toMatchObject({ success: true, errorCode: null });
  const who = { token: res.body.data as string, taxCode };
  const templates = dataOf(await call('GET', '/api/integration/invoice/templates', who)) as Array<{
    InvSeries: string;
    InvoiceType: number;
    Inactive: boolean;
  }>;
  return {
    ...who,
    vat: templates.find((e) => e.InvoiceType === 1 && !e.Inactive)!.InvSeries,
    sales: templates.find((e) => e.InvoiceType === 2 && !e.Inactive)!.InvSeries,
    inactive: templates.find((e) => e.Inactive)!.InvSeries,
  };
}

export interface Line {
  name: string;
  unit: string;
  quantity: number;
  /** Before tax (MISA UnitPrice). */
  price: number;
  rate: string;
}
export const PERCENT: Record<string, number> = { '10%': 10, '8%': 8, '5%': 5, '0%': 0, KCT: 0, KKKNT: 0 };
/** doc's hot pot at 8 % and 16 beers at 10 %, at their prices before tax. */
export const DEFAULT_LINES: Line[] = [
  { name: 'Lẩu cá kèo', unit: 'nồi', quantity: 1, price: 1_388_889, rate: '8%' },
  { name: 'Bia Hà Nội', unit: 'chai', quantity: 16, price: 22_727, rate: '10%' },
];

/**
 * An InvoiceData item as MISA's published fields mean them (D232): net unit prices, each line's
 * amount, rate and VAT, the breakdown by rate and the totals, all adding up. A sales-invoice series
 * (template 2) gets no rate, no VAT and no breakdown.
 */
export function item(series: string, over: Record<string, unknown> = {}, lines: Line[] = DEFAULT_LINES) {
  const sales = series.startsWith('2');
  const details = lines.map((l, i) => {
    const amount = Math.round(l.quantity * l.price);
    const vat = Math.round((amount * PERCENT[l.rate]!) / 100);
    return {
      ItemType: 1,
      LineNumber: i + 1,
      ItemName: l.name,
      UnitName: l.unit,
      Quantity: l.quantity,
      UnitPrice: l.price,
      AmountOC: amount,
      Amount: amount,
      AmountWithoutVATOC: amount,
      AmountWithoutVAT: amount,
      ...(sales ? {} : { VATRateName: l.rate, VATAmountOC: vat, VATAmount: vat }),
    };
  });
  const rates = sales
    ? []
    : [...new Set(details.map((d) => d.VATRateName!))].map((rate) => {
        const mine = details.filter((d) => d.VATRateName === rate);
        return {
          VATRateName: rate,
          AmountWithoutVATOC: mine.reduce((sum, d) => sum + d.AmountWithoutVATOC, 0),
          VATAmountOC: mine.reduce((sum, d) => sum + d.VATAmountOC!, 0),
        };
      });
  const net = details.reduce((sum, d) => sum + d.AmountWithoutVATOC, 0);
  const vat = rates.reduce((sum, r) => sum + r.VATAmountOC, 0);
  return {
    RefID: randomUUID(),
    InvSeries: series,
    InvDate: today(),
    CurrencyCode: 'VND',
    ExchangeRate: 1.0,
    PaymentMethodName: 'CK',
    BuyerFullName: 'Khách lẻ',
    OriginalInvoiceDetail: details,
    TaxRateInfo: rates,
    TotalSaleAmountOC: net,
    TotalSaleAmount: net,
    TotalDiscountAmountOC: 0,
    TotalDiscountAmount: 0,
    TotalAmountWithoutVATOC: net,
    TotalAmountWithoutVAT: net,
    TotalVATAmountOC: vat,
    TotalVATAmount: vat,
    TotalAmountOC: net + vat,
    TotalAmount: net + vat,
    ...over,
  };
}
/** The default item's totals: 1,752,521 before tax, 147,474 VAT, 1,899,995 to pay. */
export const DEFAULT_TOTALS = { net: 1_752_521, vat: 147_474, gross: 1_899_995 };

/** Today in Vietnam by the sandbox clock (the tests move it). */
let clockOffsetMs = 0;
/** How far the tests moved the sandbox clock ahead (today() follows it). */
export function setClockOffset(ms: number) {
  clockOffsetMs = ms;
}
export const today = () => new Date(Date.now() + clockOffsetMs + 7 * 3_600_000).toISOString().slice(0, 10);

export const publish = (who: Seller, items: unknown[]) =>
  call('POST', '/api/integration/invoice', who, { SignType: 2, InvoiceData: items, PublishInvoiceData: null });

export async function publishOne(who: Seller, body: Record<string, unknown>) {
  const res = await publish(who, [body]);
  expect(res.body.success).toBe(true);
  return dataOf(res)[0];
}

export const trigger = (name: string, body: Record<string, string>) => t.api('POST', `/sandbox/triggers/${name}`, { body });

/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useMisaFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox();
    phoco = await seller('phoco-misa', PHOCO_TAX);
    colan = await seller('colan-misa', COLAN_TAX);
    const m = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
    otherUser = `phoco-${m.alias}-misa`;
    other = await seller(otherUser, PHOCO_TAX);
  });
  afterAll(() => t.close());
}

/** The rate tests' restaurant bill before tax (D226, D229): phở 65,000 ₫ × 2 at 8 % and beer 25,000 ₫ × 3 at 10 % (205,000 ₫ paid). */
export const MIXED: Line[] = [
  { name: 'Phở bò tái', unit: 'bát', quantity: 2, price: 60_185, rate: '8%' },
  { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, price: 22_727.3, rate: '10%' },
];

export { pdfText } from '../../../../platform/test/pdf-text';
