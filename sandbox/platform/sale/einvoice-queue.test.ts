// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailSchema } from '../../../src/services/orders/schemas';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { EINV_PASSWORD, seriesFor } from '../../areas/einvoice/core/accounts';
import { vnDate } from '../vn-time';
import { MAX_ATTEMPTS, retryDelayMs } from './einvoice-queue';

/**
 * The invoice at the moment of sale (D248–D251). The payment's statement queues the order
 * (settlement.ts), the worker issues it through the portal's FPT adapter at the FPT emulator, dated
 * at the payment, with the order id as FPT's key; the trigger `einvoice-auto-export-run` runs the
 * worker's round at once, so nothing here waits on a timer.
 */

let t: TestSandbox;

interface Merchant {
  id: string;
  alias: string;
  token: string;
}

async function copyOf(): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  const copy = made.body.data ?? made.body;
  return { id: copy.merchant_id, alias: copy.alias, token: (await t.login(copy.username, copy.password)).access_token };
}

const sale = (m: Merchant) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token: m.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const trigger = (m: Merchant, name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: m.id, ...body } });
let keyN = 0;
const key = (tag = 'k') => ({ 'idempotency-key': `${tag}-${process.pid}-${(keyN += 1)}` });

/** FPT set up with the account's VAT series of the sandbox clock's year, auto export as given. */
async function setUp(m: Merchant, autoExport = true) {
  const vat = seriesFor('fpt', t.sandbox.clock.now())[0]!.value;
  const res = await t.api('PUT', '/api/portal/einvoice/setting', {
    token: m.token,
    body: {
      provider: 'FPT',
      tax_code: '0108123455',
      username: `phoco-${m.alias}-fpt`,
      password: EINV_PASSWORD,
      active_method: 'einv_provider_account',
      serial: vat,
      autoExport,
      printInvoice: true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** An order with two of the first dish: its ids, code and total. */
async function orderWithDishes(m: Merchant) {
  const call = sale(m);
  const orderId = (await call('POST', '/order', { table_id: null })).body.data.order_id as number;
  const dish = ((await call('GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>)[0]!;
  await call('PUT', '/order/confirm', { order_id: orderId });
  const added = orderDetailSchema.parse(
    (await call('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount: 2 }] })).body.data,
  );
  return { orderId, invoiceId: added.invoice_data.invoice_id, code: added.invoice_data.order_code, total: added.invoice_data.total_price };
}

type Order = Awaited<ReturnType<typeof orderWithDishes>>;

async function payCash(m: Merchant, o: Order) {
  const res = await sale(m)(
    'POST',
    '/payment/cash',
    { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0, merchant_id: m.id },
    key('cash'),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function payQr(m: Merchant, o: Order) {
  expect((await sale(m)('GET', `/payment/qr/${o.invoiceId}`)).status).toBe(200);
  const res = await trigger(m, 'order-qr-paid', { order_code: o.code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function payCard(m: Merchant, o: Order) {
  const terminals = (await sale(m)('GET', '/payment/device?page_size=100')).body.data as Array<{ serial_number: string; status?: string }>;
  const serial = terminals[0]!.serial_number;
  await trigger(m, 'terminal', { serial, result: 'online' });
  const sent = await sale(m)(
    'POST',
    '/payment/pos',
    { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' },
    key('pos'),
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const res = await trigger(m, 'terminal', { serial, result: 'approve' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function payLink(m: Merchant, o: Order) {
  const info = await t.api('GET', `/api/checkout/merchants/${m.id}?allow_create=True`, { token: m.token });
  const made = await t.api('POST', '/api/checkout/payment-links', {
    token: m.token,
    body: { app_id: info.body.data.data.widget.id, order_id: o.code, amount: o.total, invoice_id: o.invoiceId },
    headers: key('link'),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const res = await trigger(m, 'link-paid', { link: made.body.data.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const run = async (m: Merchant) => {
  const res = await trigger(m, 'einvoice-auto-export-run');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data ?? res.body) as { issued: number[]; retrying: number[]; failed: number[] };
};

/** The order list's count of today's paid orders and those without an invoice. */
const today = async (m: Merchant) => (await sale(m)('GET', '/order?page_size=1')).body.today as { paid: number; not_invoiced: number };
const orderOf = async (m: Merchant, orderId: number) => (await sale(m)('GET', `/order/${orderId}`)).body.data.invoice_data;

/** The FPT emulator's invoices for the merchant whose key (FPT's client reference) is this order id. */
async function invoicesAtProvider(m: Merchant, orderId: number) {
  return t.sandbox.db.query<{ series: string; number: number; issued_at: number; lookup_code: string }>(
    `SELECT series, number, issued_at::float8 AS issued_at, lookup_code FROM einv_invoices
      WHERE merchant_id = $1 AND provider = 'fpt' AND client_ref = $2`,
    [m.id, String(orderId)],
  );
}
const allInvoices = async (m: Merchant) =>
  (await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM einv_invoices WHERE merchant_id = $1`, [m.id]))[0]!.n;

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

describe('the retry policy (D250)', () => {
  it('waits 30 s after the first failure, doubling to at most 30 min; ten tries span about two hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000]);
    expect(retryDelayMs(20)).toBe(1_800_000);
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(90 * 60_000);
    expect(total).toBeLessThan(3 * 3600_000);
  });
});

describe('auto export at the moment of sale (issue 25 §3)', () => {
  it('issue 25 §3: an order paid by cash, VietQR, card or link gets exactly one invoice, dated at its payment, its code on the order', async () => {
    const m = await copyOf();
    await setUp(m);
    const before = await today(m);
    const orders: Order[] = [];
    for (const pay of [payCash, payQr, payCard, payLink]) {
      const o = await orderWithDishes(m);
      await pay(m, o);
      orders.push(o);
    }
    // Each paid order carries its job in the same answer the till reads (the worker may already have run).
    for (const o of orders) expect((await orderOf(m, o.orderId)).einvoice_job).not.toBeNull();
    await run(m);
    for (const o of orders) {
      const order = await orderOf(m, o.orderId);
      const invoices = await invoicesAtProvider(m, o.orderId);
      expect(invoices).toHaveLength(1);
      expect(order.einvoice_job).toMatchObject({ state: 'ISSUED', error_code: null });
      expect(order.einvoice_job.serial).toMatch(/C\d\dTFP$/);
      // The code is the provider's invoice: lookup code and number.
      expect(order.eiv_code).toMatch(new RegExp(`::${invoices[0]!.lookup_code}::${invoices[0]!.number}$`));
      expect(order.is_eiv_exported).toBe(true);
      // Dated at the payment (D251): the invoice's date is the payment's moment.
      expect(Math.floor(invoices[0]!.issued_at / 1000)).toBe(order.paid_at);
    }
    // Another round, and another, make nothing more.
    expect(await run(m)).toEqual({ issued: [], retrying: [], failed: [] });
    expect(await allInvoices(m)).toBe(4);
    // The list counts today's paid orders and those without an invoice.
    expect(await today(m)).toEqual({ paid: before.paid + 4, not_invoiced: before.not_invoiced });
  });

  it('issue 25 §3: with auto export off (or no set-up) a payment queues nothing, and the list counts it as paid but not invoiced', async () => {
    const m = await copyOf();
    const before = await today(m);
    const bare = await orderWithDishes(m);
    await payCash(m, bare);
    await setUp(m, false);
    const off = await orderWithDishes(m);
    await payCash(m, off);
    await run(m);
    for (const o of [bare, off]) {
      const order = await orderOf(m, o.orderId);
      expect([order.einvoice_job, order.eiv_code]).toEqual([null, null]);
    }
    expect(await allInvoices(m)).toBe(0);
    expect(await today(m)).toEqual({ paid: before.paid + 2, not_invoiced: before.not_invoiced + 2 });
  });

  it('issue 25 §3: two rounds at once, and a round after a worker that died between the provider and the order, leave one invoice', async () => {
    const m = await copyOf();
    await setUp(m);
    const o = await orderWithDishes(m);
    await payCash(m, o);
    const [a, b] = await Promise.all([run(m), run(m)]);
    expect([...a.issued, ...b.issued].filter((id) => id === o.orderId).length).toBeLessThanOrEqual(1);
    expect(await invoicesAtProvider(m, o.orderId)).toHaveLength(1);
    const code = (await orderOf(m, o.orderId)).eiv_code;
    expect(code).not.toBeNull();

    // The worker issued, then died before saving the code: its claim runs out and the next round takes
    // the job again. The provider answers the invoice of this key (the order id), never a second one.
    await t.sandbox.db.query(`UPDATE sale_orders SET eiv_code = NULL, cqt_code = NULL, is_eiv_exported = false WHERE id = $1`, [o.orderId]);
    await t.sandbox.db.query(`UPDATE sale_einvoice_jobs SET state = 'ISSUING', claimed_until = $2 WHERE order_id = $1`, [
      o.orderId,
      t.sandbox.clock.now() - 1,
    ]);
    expect((await run(m)).issued).toEqual([o.orderId]);
    expect(await invoicesAtProvider(m, o.orderId)).toHaveLength(1);
    expect((await orderOf(m, o.orderId)).eiv_code).toBe(code);
  });

  it('issue 25 §3: the provider down at payment: retried with backoff, issued once after recovery, across a restart of the sandbox', async () => {
    const m = await copyOf();
    await setUp(m);
    expect((await trigger(m, 'einvoice-fault', { provider: 'fpt', fault: 'down' })).status).toBe(200);
    const o = await orderWithDishes(m);
    await payCash(m, o);
    // The payment woke the worker; a round now makes sure its first try is over either way.
    await run(m);
    let order = await orderOf(m, o.orderId);
    expect(order.einvoice_job).toMatchObject({ state: 'QUEUED', error_code: 'EINV_PROVIDER_DOWN', attempts: 1 });
    // Not due before its wait: another round leaves it alone.
    expect((await run(m)).retrying).toEqual([]);
    expect(order.einvoice_job.next_at - t.sandbox.clock.nowSeconds()).toBeGreaterThan(20);

    // The sandbox stops and starts again (the queue is a table); the provider comes back.
    await t.restart();
    expect((await trigger(m, 'einvoice-fault', { provider: 'fpt', fault: 'down', off: 'true' })).status).toBe(200);
    expect(await invoicesAtProvider(m, o.orderId)).toHaveLength(0);
    t.sandbox.clock.advance(retryDelayMs(1) / 1000 + 1);
    await run(m);
    order = await orderOf(m, o.orderId);
    expect(order.einvoice_job).toMatchObject({ state: 'ISSUED', error_code: null, attempts: 2 });
    expect(await invoicesAtProvider(m, o.orderId)).toHaveLength(1);
    expect(order.eiv_code).not.toBeNull();
  });

  it('issue 25 §3: a refusal the merchant must fix fails at once, tells the sockets, and a retry (owner or staff) queues it again', async () => {
    const m = await copyOf();
    await setUp(m);
    const before = await today(m);
    // Twice: a refused invoice is tried once more dated now (D254); a refusal of its content recurs.
    expect((await trigger(m, 'einvoice-fault', { provider: 'fpt', fault: 'create-fails', count: '2' })).status).toBe(200);
    const o = await orderWithDishes(m);
    await payCash(m, o);
    await run(m);
    const order = await orderOf(m, o.orderId);
    expect(order.einvoice_job.state).toBe('FAILED');
    expect(order.einvoice_job.error_code).toBeTruthy();
    expect(order.eiv_code).toBeNull();
    expect(await today(m)).toEqual({ paid: before.paid + 1, not_invoiced: before.not_invoiced + 1 });
    // D257: the failure reaches the bell: one unseen type-3 notification of the order.
    const bell = (await sale(m)('GET', '/notification?notification_type=3')).body;
    expect(bell.data).toEqual([expect.objectContaining({ notification_type: 3, order_id: o.orderId, order_code: o.code, status: 0 })]);
    expect(bell.unseen['3']).toBe(1);

    // Staff retry (the cashier sees it at the till); the fault was one shot, so it goes through now.
    const staff = `staff${Math.random().toString(36).slice(2, 10)}`;
    expect(
      (
        await t.api('POST', '/sandbox/users', {
          body: { username: staff, password: 'Staff@2026x', email: `${staff}@example.test`, merchant: m.id, role: 'Staff' },
        })
      ).status,
    ).toBe(201);
    const staffToken = (await t.login(staff, 'Staff@2026x')).access_token;
    const retry = await t.api('POST', `/api/sale/order/${o.orderId}/einvoice/retry`, { token: staffToken });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await run(m);
    expect((await orderOf(m, o.orderId)).einvoice_job.state).toBe('ISSUED');
    expect(await invoicesAtProvider(m, o.orderId)).toHaveLength(1);
    // Nothing to retry on an issued job; another merchant's order is not found; a hostile id is 400.
    expect((await sale(m)('POST', `/order/${o.orderId}/einvoice/retry`)).body.error_code).toBe('EINV_JOB_NOT_FAILED');
    const other = await copyOf();
    expect((await sale(other)('POST', `/order/${o.orderId}/einvoice/retry`)).status).toBe(404);
    expect((await sale(m)('POST', `/order/1e3/einvoice/retry`)).status).toBe(400);
  });

  // Moves the sandbox clock: last in this file.
  it('issue 25 §3: paid at 23:59 on 31 December 2026 with the provider down, issued after midnight: dated 31 December on the 26 serial', async () => {
    const target = Date.parse('2026-12-31T23:59:00+07:00');
    if (t.sandbox.clock.now() > target) return; // the real calendar has passed it: nothing to move to
    t.sandbox.clock.advance((target - t.sandbox.clock.now()) / 1000);
    // Signed in after the move (an access token lives 15 minutes of the sandbox clock).
    const m = await copyOf();
    await setUp(m);
    await trigger(m, 'einvoice-fault', { provider: 'fpt', fault: 'down' });
    const o = await orderWithDishes(m);
    await payCash(m, o);
    await run(m);
    expect((await orderOf(m, o.orderId)).einvoice_job).toMatchObject({ state: 'QUEUED', error_code: 'EINV_PROVIDER_DOWN' });
    t.sandbox.clock.advance(120);
    await trigger(m, 'einvoice-fault', { provider: 'fpt', fault: 'down', off: 'true' });
    await run(m);
    const [invoice] = await invoicesAtProvider(m, o.orderId);
    expect(vnDate(invoice!.issued_at)).toBe('2026-12-31');
    expect(invoice!.series).toMatch(/C26TFP$/);
    expect((await orderOf(m, o.orderId)).einvoice_job.state).toBe('ISSUED');
  });
});
