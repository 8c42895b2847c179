// @vitest-environment node
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zReportSchema } from '../../../src/services/closing/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { vnDate } from '../../platform/vn-time';
import { zReportRows } from './xlsx';

/** The end-of-day report (issue 27 §4, D306) against a day built through the sale service. */

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

let n = 0;
const key = (tag: string) => ({ 'idempotency-key': `${tag}-${process.pid}-${(n += 1)}` });

async function merchant() {
  const made = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
  const token = (await t.login(made.username, made.password)).access_token as string;
  const stores = (await t.api('GET', '/api/portal/metadata/store?page_size=10', { token })).body;
  const ids = ((stores.data ?? stores) as Array<{ id: number }>).map((s) => Number(s.id)).sort((a, b) => a - b);
  return { id: made.merchant_id as string, alias: made.alias as string, token, storeId: ids[0]!, otherStore: ids[1] ?? null };
}
type M = Awaited<ReturnType<typeof merchant>>;
const sale = (m: { token: string }) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token: m.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const trigger = (m: M, name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: m.id, ...body } });

interface Product {
  product_id: number;
  name: string;
  price: number;
}
async function order(m: M, lines: Array<[Product, number]>) {
  const call = sale(m);
  const orderId = (await call('POST', '/order', { table_id: null })).body.data.order_id as number;
  await call('PUT', '/order/confirm', { order_id: orderId });
  const products = lines.map(([p, amount]) => ({ product_id: p.product_id, amount }));
  const data = (await call('PUT', '/order/product', { order_id: orderId, products })).body.data;
  return { orderId, invoiceId: data.invoice_data.invoice_id as number, total: data.invoice_data.total_price as number };
}

/** Net of a VAT-inclusive gross, half up (invoiceTax.ts's rule, worked by hand here). */
const net = (gross: number, rate: number) => Math.floor((gross * 100 * 2 + (100 + rate)) / (2 * (100 + rate)));

describe('issue 27 §4: the Z report of a day (D306)', () => {
  it('adds up cash and card sales, a line refund, a void, two VAT rates, invoiced and not, and the drawer, to the đồng', async () => {
    const m = await merchant();
    const call = sale(m);
    const products = (await call('GET', '/inventory/product?status=0&page_size=200')).body.data as Array<Product & { tax_class: string }>;
    const dish = products.find((p) => p.tax_class === 'REDUCED_ELIGIBLE')!;
    const beer = products.find((p) => p.tax_class === 'STANDARD')!;
    const shift = (await call('POST', '/shift', { store_id: m.storeId, float_amount: 500_000 }, key('open'))).body.data;

    // A: cash, two dishes and a beer, not invoiced; then one dish given back in cash.
    const a = await order(m, [
      [dish, 2],
      [beer, 1],
    ]);
    const paidA = await call(
      'POST',
      '/payment/cash',
      { invoice_id: a.invoiceId, payment_method: 'CASH', receive_amount: a.total, return_amount: 0 },
      key('cash'),
    );
    expect(paidA.status).toBe(200);
    const left = (await call('GET', `/payment/refund?invoice_id=${a.invoiceId}`)).body.data;
    const dishLine = (left.lines as Array<{ item_id: number; product_id: number }>).find((l) => l.product_id === dish.product_id)!;
    const refunded = await call(
      'POST',
      '/payment/refund',
      { invoice_id: a.invoiceId, reason: 'CUSTOMER_RETURN', lines: [{ item_id: dishLine.item_id, quantity: 1 }] },
      key('refund'),
    );
    expect(refunded.body.data.status, JSON.stringify(refunded.body)).toBe('SUCCESS');

    // B: card, one beer, invoiced at the sale (FPT with auto export set up after A was paid).
    // The FPT emulator's VAT series of the clock's year and its accounts' password (einvoice/core/accounts.ts).
    const vat = `C${vnDate(t.sandbox.clock.now()).slice(2, 4)}TFP`;
    const setting = { provider: 'FPT', tax_code: '0108123455', username: `phoco-${m.alias}-fpt`, password: 'Einv@2026' };
    const einv = await t.api('PUT', '/api/portal/einvoice/setting', {
      token: m.token,
      body: { ...setting, active_method: 'einv_provider_account', serial: vat, autoExport: true, printInvoice: true },
    });
    expect(einv.status, JSON.stringify(einv.body)).toBe(200);
    const b = await order(m, [[beer, 1]]);
    const serial = ((await call('GET', '/payment/device')).body.data as Array<{ serial_number: string; status: string }>).find(
      (d) => d.status === 'ONLINE',
    )!.serial_number;
    expect(
      (await call('POST', '/payment/pos', { invoice_id: b.invoiceId, serial_number: serial, payment_method: 'CARD' }, key('pos'))).status,
    ).toBe(200);
    expect((await trigger(m, 'terminal', { serial, result: 'approve' })).status).toBe(200);
    expect((await trigger(m, 'einvoice-auto-export-run')).status).toBe(200);

    // C: voided unpaid.
    const c = await order(m, [[dish, 3]]);
    expect((await call('PUT', '/order/void', { order_id: c.orderId, reason: 'CUSTOMER_LEFT' }, key('void'))).status).toBe(200);

    const cashTaken = a.total - dish.price;
    const closed = await call('POST', `/shift/${shift.shift_id}/close`, { counts: {}, reason: 'thiếu tiền' }, key('close'));
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const date = vnDate(t.sandbox.clock.now());
    const day = zReportSchema.parse((await call('GET', `/closing/z-report?store_id=${m.storeId}&date=${date}`)).body.data);
    const byShift = zReportSchema.parse((await call('GET', `/closing/z-report?shift_id=${shift.shift_id}`)).body.data);
    // The template merchant's seeded orders of today belong to the day too, not to the shift opened now.
    expect([day.kind, day.store_id, byShift.kind, byShift.shift_id, byShift.status]).toEqual([
      'day',
      m.storeId,
      'shift',
      shift.shift_id,
      'CLOSED',
    ]);
    expect(day.figures.cash).toEqual(byShift.figures.cash);
    for (const way of ['CASH', 'CARD'] as const)
      expect(day.figures.sales[way].amount).toBeGreaterThanOrEqual(byShift.figures.sales[way].amount);
    const f = byShift.figures;
    expect(f.sales).toEqual({
      CASH: { count: 1, amount: a.total },
      CARD: { count: 1, amount: b.total },
      QR: { count: 0, amount: 0 },
      LINK: { count: 0, amount: 0 },
    });
    expect(f.refunds.CASH).toEqual({ count: 1, amount: dish.price });
    expect(f.voids).toEqual({ count: 1, amount: dish.price * 3 });
    expect(f.discounts).toEqual({ count: 0, amount: 0 });
    // Per line, as sold, less the line given back: dish at 8 %, beer at 10 % (Resolution 204 in force in 2026).
    const nets8 = net(dish.price * 2, 8) - net(dish.price, 8);
    const nets10 = net(beer.price, 10) + net(beer.price, 10);
    expect(f.vat).toEqual([
      { rate: '10%', net: nets10, vat: beer.price * 2 - nets10, gross: beer.price * 2 },
      { rate: '8%', net: nets8, vat: dish.price - nets8, gross: dish.price },
    ]);
    expect(f.invoiced).toEqual({ count: 1, amount: b.total });
    expect(f.notInvoiced).toEqual({ count: 1, amount: a.total });
    expect(f.cash).toEqual({
      shifts: 1,
      float: 500_000,
      sales: a.total,
      refunds: dish.price,
      cashIn: 0,
      cashOut: 0,
      expected: 500_000 + cashTaken,
      counted: 0,
      difference: -(500_000 + cashTaken),
    });

    // The file is built from the same figures: every row of zReportRows, as numbers.
    const file = await fetch(`${t.url}/api/sale/closing/z-report/export?shift_id=${shift.shift_id}`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = XLSX.read(Buffer.from(await file.arrayBuffer())).Sheets['Báo cáo Z']!;
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, blankrows: false });
    const body = rows.slice(rows.findIndex((r) => r[0] === 'Khoản mục') + 1);
    expect(body.map((r) => r.map((c) => c ?? ''))).toEqual(zReportRows(f).map((r) => r.map((c) => c)));
  });

  it('issue 27 §4, D306: a discounted order counts its lines above its total as the discount, on the report and in its file', async () => {
    const m = await merchant();
    const call = sale(m);
    const dish = ((await call('GET', '/inventory/product?status=0&page_size=5')).body.data as Product[])[0]!;
    const shift = (await call('POST', '/shift', { store_id: m.storeId, float_amount: 0 }, key('open'))).body.data;
    const o = await order(m, [[dish, 3]]);
    // The sale service has no discount call (D305): the order's total is lowered where a discount would
    // lower it, in the table, so the rule is checked on the figure the report computes from the orders.
    const discount = Math.min(10_000, o.total - 1);
    await t.sandbox.db.query(`UPDATE sale_orders SET total_price = total_price - $2 WHERE id = $1`, [o.orderId, discount]);
    const paid = await call(
      'POST',
      '/payment/cash',
      { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total - discount, return_amount: 0 },
      key('cash'),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const report = zReportSchema.parse((await call('GET', `/closing/z-report?shift_id=${shift.shift_id}`)).body.data);
    expect(report.figures.discounts).toEqual({ count: 1, amount: discount });
    expect(report.figures.sales.CASH).toEqual({ count: 1, amount: o.total - discount });
    const file = await fetch(`${t.url}/api/sale/closing/z-report/export?shift_id=${shift.shift_id}`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    const sheet = XLSX.read(Buffer.from(await file.arrayBuffer())).Sheets['Báo cáo Z']!;
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, blankrows: false });
    const body = rows.slice(rows.findIndex((r) => r[0] === 'Khoản mục') + 1);
    expect(body.map((r) => r.map((c) => c ?? ''))).toEqual(zReportRows(report.figures).map((r) => r.map((c) => c)));
    expect(body.some((r) => r.includes(discount))).toBe(true);
  });

  it('D306: staff read only their own store; another merchant’s store or shift is not found; bad input says which field', async () => {
    const m = await merchant();
    const username = `z.staff.${process.pid}.${(n += 1)}`;
    await t.api('POST', '/sandbox/users', {
      body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: m.id, role: 'Staff' },
    });
    const staff = { token: (await t.login(username, 'Staff@2026')).access_token as string };
    const date = vnDate(t.sandbox.clock.now());
    expect((await sale(staff)('GET', `/closing/z-report?store_id=${m.storeId}&date=${date}`)).status).toBe(200);
    if (m.otherStore !== null) {
      const other = await sale(staff)('GET', `/closing/z-report?store_id=${m.otherStore}&date=${date}`);
      expect([other.status, other.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
      expect((await sale(m)('GET', `/closing/z-report?store_id=${m.otherStore}&date=${date}`)).status).toBe(200);
    }
    const stranger = await merchant();
    const theirs = await sale(stranger)('GET', `/closing/z-report?store_id=${m.storeId}&date=${date}`);
    expect([theirs.status, theirs.body.error_code]).toEqual([404, 'STORE_NOT_EXIST']);
    const shift = (await sale(m)('POST', '/shift', { store_id: m.storeId, float_amount: 0 }, key('open'))).body.data;
    expect((await sale(stranger)('GET', `/closing/z-report?shift_id=${shift.shift_id}`)).body.error_code).toBe('SHIFT_NOT_FOUND');
    const open = zReportSchema.parse((await sale(m)('GET', `/closing/z-report?shift_id=${shift.shift_id}`)).body.data);
    expect([open.status, open.figures.cash.counted]).toEqual(['OPEN', null]);
    const badDate = await sale(m)('GET', `/closing/z-report?store_id=${m.storeId}&date=2026-02-30`);
    expect([badDate.status, badDate.body.data.field]).toEqual([400, 'date']);
    expect((await sale(m)('GET', `/closing/z-report?date=${date}`)).body.error_code).toBe('REQUIRED');
    expect((await t.api('GET', `/api/sale/closing/z-report?store_id=${m.storeId}&date=${date}`)).status).toBe(401);
  });
});
