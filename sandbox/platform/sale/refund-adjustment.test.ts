// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { EINV_PASSWORD, seriesFor } from '../../areas/einvoice/core/accounts';
import { adjustmentKey } from './refund-adjustment';
import type { HDon } from '../../areas/einvoice/core/types';

/**
 * D313 (issue 27 §1, "the e-invoice is corrected through the adjustment of the e-invoice issue"):
 * a refund of an invoiced order is an adjusting invoice decreasing the refunded lines, naming the
 * original (Decree 70: no cancellation). The sale's invoice is issued by the sale service's worker
 * at FPT, signed as the merchant signs it, then refunded.
 */

let t: TestSandbox;
let token: string;
let merchantId: string;
let n = 0;
const key = (tag: string) => ({ 'idempotency-key': `${tag}-${process.pid}-${(n += 1)}` });
const sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const run = async () => {
  const res = await t.api('POST', '/sandbox/triggers/einvoice-auto-export-run', { body: { merchant: merchantId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data ?? res.body) as { issued: number[]; adjusted?: number[] };
};

interface Invoice {
  id: number;
  series: string;
  number: number;
  hdon: HDon;
  extra: { correction?: { kind: string; adjustKind: string; originalId: number }; totalAfter?: number };
}
const invoiceByRef = async (ref: string) =>
  (
    await t.sandbox.db.query<Invoice & Record<string, unknown>>(
      `SELECT id::int AS id, series, number, hdon, extra FROM einv_invoices WHERE merchant_id = $1 AND provider = 'fpt' AND client_ref = $2`,
      [merchantId, ref],
    )
  )[0];

const adjustmentsOf = async (originalId: number) =>
  (
    await t.sandbox.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM einv_invoices WHERE merchant_id = $1 AND (extra->'correction'->>'originalId')::int = $2`,
      [merchantId, originalId],
    )
  )[0]!.n;

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  const made = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
  merchantId = made.merchant_id;
  token = (await t.login(made.username, made.password)).access_token;
  alias = made.alias;
  await setUp(true);
});
afterAll(() => t.close());

let alias = '';
async function setUp(autoExport: boolean) {
  const res = await t.api('PUT', '/api/portal/einvoice/setting', {
    token,
    body: {
      provider: 'FPT',
      tax_code: '0108123455',
      username: `phoco-${alias}-fpt`,
      password: EINV_PASSWORD,
      active_method: 'einv_provider_account',
      serial: seriesFor('fpt', t.sandbox.clock.now())[0]!.value,
      autoExport,
      printInvoice: true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** An order of 2 × the first dish and 3 × the second, paid in cash, its invoice issued and signed. */
async function invoicedOrder() {
  const orderId = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
  const dishes = (await sale('GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>;
  await sale('PUT', '/order/confirm', { order_id: orderId });
  const added = (
    await sale('PUT', '/order/product', {
      order_id: orderId,
      products: [
        { product_id: dishes[0]!.product_id, amount: 2 },
        { product_id: dishes[1]!.product_id, amount: 3 },
      ],
    })
  ).body.data;
  const invoiceId = added.invoice_data.invoice_id as number;
  const total = added.invoice_data.total_price as number;
  const paid = await sale(
    'POST',
    '/payment/cash',
    { invoice_id: invoiceId, payment_method: 'CASH', receive_amount: total, return_amount: 0 },
    key('cash'),
  );
  expect(paid.status).toBe(200);
  // The payment woke the worker; a round now makes sure it is done.
  await run();
  const original = (await invoiceByRef(String(orderId)))!;
  // FPT creates unsigned; the merchant signs it (FPT's /apprs): an issued invoice is what Decree 70 forbids cancelling.
  await t.sandbox.db.query(`UPDATE einv_invoices SET signed_at = $2 WHERE id = $1`, [original.id, t.sandbox.clock.now()]);
  return { orderId, invoiceId, total, original };
}

async function refund(invoiceId: number, lines: Array<{ item_id: number; quantity: number }>) {
  const res = await sale('POST', '/payment/refund', { invoice_id: invoiceId, lines, reason: 'QUALITY' }, key('refund'));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; amount: number; lines: Array<{ price: number; quantity: number }> };
}

describe('the e-invoice adjustment of a refund (D313)', () => {
  it('issue 27 §1, D313: one line refunded → one adjustment naming the original, decreasing by the refund and its VAT exactly; a second refund → a second; never below zero', async () => {
    const o = await invoicedOrder();
    const left = (await sale('GET', `/payment/refund?invoice_id=${o.invoiceId}`)).body.data as {
      lines: Array<{ item_id: number; price: number; sold: number }>;
    };
    const [first, second] = left.lines;
    const lineOf = (name: number) => o.original.hdon.NDHDon.DSHHDVu[name]!;

    const r1 = await refund(o.invoiceId, [{ item_id: first!.item_id, quantity: first!.sold }]);
    await run();
    const a1 = (await invoiceByRef(adjustmentKey(r1.id)))!;
    expect(a1.extra.correction).toMatchObject({ kind: 'adjust', adjustKind: 'amount', originalId: o.original.id });
    expect(a1.hdon.TTChung.TTHDLQuan).toMatchObject({ TCHDon: 2, KHHDCLQuan: o.original.series, SHDCLQuan: o.original.number });
    // The whole first line back: the decrease is its amount, and its VAT the original line's to the đồng.
    expect(a1.hdon.NDHDon.TToan.TgTTTBSo).toBe(-r1.amount);
    expect(r1.amount).toBe(first!.price * first!.sold);
    expect(a1.hdon.NDHDon.TToan.TgTThue).toBe(-(lineOf(0).TThue ?? NaN));
    expect(a1.hdon.NDHDon.TToan.TgTCThue).toBe(-lineOf(0).ThTien);
    expect(a1.extra.totalAfter).toBe(o.total - r1.amount);

    // Another round makes nothing more (one adjustment per refund).
    expect((await run()).adjusted ?? []).toEqual([]);
    expect(await adjustmentsOf(o.original.id)).toBe(1);

    // The rest: a second adjustment; the invoice's total once adjusted is zero, never below.
    const r2 = await refund(o.invoiceId, [{ item_id: second!.item_id, quantity: second!.sold }]);
    await run();
    const a2 = (await invoiceByRef(adjustmentKey(r2.id)))!;
    expect(a2.hdon.TTChung.TTHDLQuan).toMatchObject({ SHDCLQuan: o.original.number });
    expect(a2.hdon.NDHDon.TToan.TgTTTBSo).toBe(-r2.amount);
    expect(a2.hdon.NDHDon.TToan.TgTThue).toBe(-(lineOf(1).TThue ?? NaN));
    expect(a2.extra.totalAfter).toBe(0);
    expect(o.original.hdon.NDHDon.TToan.TgTThue + a1.hdon.NDHDon.TToan.TgTThue + a2.hdon.NDHDon.TToan.TgTThue).toBe(0);
    const states = await t.sandbox.db.query<{ state: string }>(`SELECT state FROM sale_refund_adjustments WHERE order_id = $1`, [
      o.orderId,
    ]);
    expect(states.map((s) => s.state)).toEqual(['ISSUED', 'ISSUED']);
    expect(await adjustmentsOf(o.original.id)).toBe(2);
  }, 60_000);

  it('D313: a refund of an order without an e-invoice queues no adjustment', async () => {
    await setUp(false);
    const orderId = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    const dish = ((await sale('GET', '/inventory/product?status=0&page_size=1')).body.data as Array<{ product_id: number }>)[0]!;
    await sale('PUT', '/order/confirm', { order_id: orderId });
    const added = (await sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount: 1 }] })).body
      .data;
    const invoiceId = added.invoice_data.invoice_id as number;
    const total = added.invoice_data.total_price as number;
    await sale(
      'POST',
      '/payment/cash',
      { invoice_id: invoiceId, payment_method: 'CASH', receive_amount: total, return_amount: 0 },
      key('cash'),
    );
    const made = await sale('POST', '/payment/refund', { invoice_id: invoiceId, full: true, reason: 'QUALITY' }, key('refund'));
    expect(made.status).toBe(201);
    const rows = await t.sandbox.db.query(`SELECT 1 FROM sale_refund_adjustments WHERE order_id = $1`, [orderId]);
    expect(rows).toHaveLength(0);
  }, 30_000);
});
