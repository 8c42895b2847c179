/** What the M-Invoice emulator tests share (m-invoice.*.test.ts): one sandbox per file, phoco and colan signed in to M-Invoice, invoice bodies and the calls. */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../../platform/test/harness';
import { EINV_PASSWORD } from '../../core/accounts';

/** The M-Invoice emulator against a running sandbox (docs/areas/einvoice.md → "M-Invoice"). */

export let t: TestSandbox;
export const BASE = '/api/einvoice/m-invoice';
export const PHOCO_TAX = '0108123455';
export const COLAN_TAX = '079185001234';

export interface Seller {
  token: string;
  taxCode: string;
  vat: string;
  sales: string;
}
export let phoco: Seller;
export let colan: Seller;
/** Signs phoco in to M-Invoice again (after a test expired its tokens). */
export async function signInPhoco() {
  phoco = await seller('phoco-m-invoice', PHOCO_TAX);
}

export async function login(username: string, taxCode: string, password = EINV_PASSWORD, unit = 'VP') {
  return t.api('POST', `${BASE}/api/Account/Login`, { body: { username, password, ma_dvcs: unit }, headers: { TaxCode: taxCode } });
}

export async function seller(username: string, taxCode: string): Promise<Seller> {
  const res = await login(username, taxCode);
  expect(res.body).toMatchObject({ code: '00' });
  const token = res.body.token as string;
  const series = await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', { token, taxCode });
  const entries = series.body.data as Array<{ khhdon: string; khmshdon: string }>;
  return {
    token,
    taxCode,
    vat: entries.find((e) => e.khmshdon === '1')!.khhdon,
    sales: entries.find((e) => e.khmshdon === '2')!.khhdon,
  };
}

export function call(method: string, path: string, who: { token: string; taxCode: string }, body?: unknown) {
  return t.api(method, `${BASE}${path}`, { token: who.token, headers: { TaxCode: who.taxCode }, ...(body !== undefined ? { body } : {}) });
}

export interface Line {
  ten: string;
  dvtinh: string;
  sluong: number;
  /** Before tax. */
  dgia: number;
  tsuat: string;
}
export const PERCENT: Record<string, number> = { '10%': 10, '8%': 8, '5%': 5, '0%': 0, KCT: 0, KKKNT: 0 };
/** doc's hot pot at 8 % and 16 beers at 10 %, before tax: 1,752,521 + 147,474 VAT = 1,899,995. */
export const DEFAULT_LINES: Line[] = [
  { ten: 'Lẩu cá kèo', dvtinh: 'nồi', sluong: 1, dgia: 1_388_889, tsuat: '8%' },
  { ten: 'Bia Hà Nội', dvtinh: 'chai', sluong: 16, dgia: 22_727, tsuat: '10%' },
];
/** The rate tests' bill before tax (D226, D229): phở 65,000 ₫ × 2 at 8 % and beer 25,000 ₫ × 3 at 10 % (205,000 ₫ paid). */
export const MIXED: Line[] = [
  { ten: 'Phở bò tái', dvtinh: 'bát', sluong: 2, dgia: 60_185, tsuat: '8%' },
  { ten: 'Bia Hà Nội', dvtinh: 'chai', sluong: 3, dgia: 22_727.3, tsuat: '10%' },
];

export let refs = 0;
/** Today on the sandbox clock, as a Vietnam day: the date the invoices of these tests carry. */
export let today = '';
/** ma_thue of the tax authority's rate codes (D259). */
export const MA_THUE: Record<string, string> = { '10%': '10', '8%': '8', '5%': '5', '0%': '0', KCT: '-1', KKKNT: '-2' };

/**
 * A Save body in M-Invoice's API 2.0 names (D259): lines and totals that add up, dated today; no VAT
 * on a sales series (its total alone, as M-Invoice's sample).
 */
export function invoice(series: string, over: Record<string, unknown> = {}, lines: Line[] = DEFAULT_LINES) {
  refs += 1;
  const sales = series.startsWith('2');
  const data = lines.map((l, i) => {
    const net = Math.round(l.sluong * l.dgia);
    const vat = Math.round((net * PERCENT[l.tsuat]!) / 100);
    return {
      stt_rec0: String(i + 1).padStart(4, '0'),
      tchat: 1,
      inv_itemName: l.ten,
      inv_unitCode: l.dvtinh,
      inv_quantity: l.sluong,
      inv_unitPrice: l.dgia,
      inv_TotalAmountWithoutVat: net,
      ...(sales ? {} : { ma_thue: MA_THUE[l.tsuat], inv_vatAmount: vat, inv_TotalAmount: net + vat }),
    };
  });
  const net = data.reduce((sum, l) => sum + l.inv_TotalAmountWithoutVat, 0);
  const vat = data.reduce((sum, l) => sum + (l.inv_vatAmount ?? 0), 0);
  return {
    inv_invoiceSeries: series,
    inv_invoiceIssuedDate: today,
    inv_currencyCode: 'VND',
    inv_exchangeRate: 1,
    key_api: `DH-${Date.now()}-${refs}`,
    so_benh_an: `DH-${refs}`,
    inv_paymentMethodName: 'TM',
    inv_buyerDisplayName: 'Khách lẻ',
    details: [{ data }],
    ...(sales ? {} : { inv_TotalAmountWithoutVat: net, inv_vatAmount: vat }),
    inv_TotalAmount: net + vat,
    ...over,
  };
}

export const save = (who: Seller, body: unknown, sign = false) =>
  call('POST', `/api/InvoiceApi78/${sign ? 'SaveSign' : 'Save'}`, who, { editmode: 1, data: [body] });

export const trigger = (name: string, body: Record<string, string>) => t.api('POST', `/sandbox/triggers/${name}`, { body });

/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useMInvoiceFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox();
    const clock = (await t.api('GET', '/sandbox/clock')).body as { now: number };
    today = new Date(clock.now + 7 * 3_600_000).toISOString().slice(0, 10);
    phoco = await seller('phoco-m-invoice', PHOCO_TAX);
    colan = await seller('colan-m-invoice', COLAN_TAX);
  });
  afterAll(() => t.close());
}

export { pdfText } from '../../../../platform/test/pdf-text';
