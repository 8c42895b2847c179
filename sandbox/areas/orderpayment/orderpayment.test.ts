// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc16ccitt, parseVietQr } from '../../../src/services/qr/vietqr';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import {
  deviceSchema,
  errorSchema,
  listSchema,
  orderDetailSchema,
  paymentFailedSchema,
  paymentSchema,
  paymentSuccessSchema,
  type Payment,
} from '../../platform/test/sale-contract';

/** The orderpayment area's calls and triggers (docs/areas/orderpayment.md) against the issue-13 contract. */

let t: TestSandbox;
let m: { id: string; token: string };
let socket: Socket;
const sockets: Socket[] = [];

async function copyOf(template: string) {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  const copy = made.body.data ?? made.body;
  return {
    id: copy.merchant_id as string,
    username: copy.username as string,
    password: copy.password as string,
    token: (await t.login(copy.username, copy.password)).access_token as string,
  };
}

async function connect(token: string): Promise<Socket> {
  const s = io(`${t.url}/sale`, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  m = await copyOf('phoco');
  socket = await connect(m.token);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => as(m.token)(method, path, body, headers);
const trigger = (name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: m.id, ...body } });
const key = (() => {
  let n = 0;
  return (tag = 'k') => ({ 'idempotency-key': `${tag}-${Date.now()}-${(n += 1)}` });
})();

/** A new order with dishes: its invoice id, order id, code and total. */
async function orderWithDishes(token = m.token, amount = 2) {
  const call = as(token);
  const orderId = (await call('POST', '/order', { table_id: null })).body.data.order_id as number;
  const dish = ((await call('GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>)[0]!;
  await call('PUT', '/order/confirm', { order_id: orderId });
  const added = orderDetailSchema.parse(
    (await call('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount }] })).body.data,
  );
  return { orderId, invoiceId: added.invoice_data.invoice_id, code: added.invoice_data.order_code, total: added.invoice_data.total_price };
}

const payments = async (invoiceId: number, token = m.token) =>
  ((await as(token)('GET', `/payment?invoice_id=${invoiceId}`)).body.data as unknown[]).map((p) => paymentSchema.parse(p));
const orderOf = async (orderId: number, token = m.token) =>
  orderDetailSchema.parse((await as(token)('GET', `/order/${orderId}`)).body.data).invoice_data;
const cash = (o: { invoiceId: number; total: number }, receive: number, headers: Record<string, string> = key('cash')) =>
  sale(
    'POST',
    '/payment/cash',
    { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: receive, return_amount: receive - o.total, merchant_id: m.id },
    headers,
  );
const heard = <T>(event: string, match: (payload: T) => boolean) =>
  new Promise<T>((resolve) => {
    const on = (payload: T) => {
      if (!match(payload)) return;
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });

describe('GET /payment/qr/{invoice_id}', () => {
  it("is a VietQR of the order's amount with its code as the purpose, CRC valid, the same every time", async () => {
    const o = await orderWithDishes();
    const res = await sale('GET', `/payment/qr/${o.invoiceId}?merchant_city=Ha%20Noi&merchant_name=Pho%20Co&mcc=5812`);
    expect(res.status).toBe(200);
    const { qr, amount, order_code } = res.body.data;
    expect({ amount, order_code }).toEqual({ amount: o.total, order_code: o.code });
    const parsed = parseVietQr(qr);
    expect(parsed).toMatchObject({ amount: o.total, purpose: o.code, pointOfInitiation: 'dynamic', bin: '970436' });
    expect(qr.slice(-4)).toBe(crc16ccitt(qr.slice(0, -4)));
    expect((await sale('GET', `/payment/qr/${o.invoiceId}`)).body.data.qr).toBe(qr);
  });

  it('answers 400 BAD_REQUEST {qr: null} to a merchant with no account to receive, 409 once paid, 404 for an order id or another merchant', async () => {
    // A merchant whose ShopQRs and bank accounts are gone has nowhere to receive a transfer.
    const bare = await copyOf('phoco');
    await t.sandbox.db.query(`DELETE FROM virtual_accounts WHERE merchant_id = $1`, [bare.id]);
    await t.sandbox.db.query(`DELETE FROM bank_accounts WHERE merchant_id = $1`, [bare.id]);
    const theirs = await orderWithDishes(bare.token);
    const none = await as(bare.token)('GET', `/payment/qr/${theirs.invoiceId}`);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { qr: null } });
    expect((await sale('GET', `/payment/qr/${theirs.invoiceId}`)).status).toBe(404);

    const o = await orderWithDishes();
    expect((await sale('GET', `/payment/qr/${o.orderId}`)).status).toBe(404);
    await cash(o, o.total);
    const paid = await sale('GET', `/payment/qr/${o.invoiceId}`);
    expect(paid.status).toBe(409);
    expect(paid.body.error_code).toBe('ORDER_PAID');
    expect((await sale('GET', '/payment/qr/abc')).status).toBe(400);
    expect((await sale('GET', `/payment/qr/${o.invoiceId}?merchant_name=${'x'.repeat(26)}`)).status).toBe(400);
  });
});

describe('POST /payment/cash', () => {
  it('completes the order with the change, emits payment_success, and records one SUCCESS payment', async () => {
    const o = await orderWithDishes();
    const receive = Math.ceil((o.total + 1) / 100_000) * 100_000;
    const event = heard<unknown>(
      'payment_success',
      (p) => (p as { data: { invoice_data: { order_id: number } } }).data.invoice_data.order_id === o.orderId,
    );
    const res = await cash(o, receive);
    expect(res.status).toBe(200);
    const payment = paymentSchema.parse(res.body.data);
    expect(payment).toMatchObject({
      invoice_id: o.invoiceId,
      order_code: o.code,
      method: 'CASH',
      status: 'SUCCESS',
      amount: o.total,
      receive_amount: receive,
      return_amount: receive - o.total,
      serial_number: null,
    });
    expect(paymentSuccessSchema.parse(await event).data.invoice_data).toEqual({
      total_price: o.total,
      order_code: o.code,
      order_id: o.orderId,
      invoice_id: o.invoiceId,
      payment_method: 'CASH',
    });
    expect(await orderOf(o.orderId)).toMatchObject({
      status: 0,
      payment_status: 1,
      payment_method: 'CASH',
      receive_amount: receive,
      return_amount: receive - o.total,
    });
    expect(await payments(o.invoiceId)).toEqual([payment]);
  });

  it('checks the money: received ≥ total, change = received − total, 13 digits, and the key', async () => {
    const o = await orderWithDishes();
    const body = (receive: unknown, change: unknown) => ({
      invoice_id: o.invoiceId,
      payment_method: 'CASH',
      receive_amount: receive,
      return_amount: change,
      merchant_id: m.id,
    });
    for (const [b, code, field] of [
      [body(o.total - 1, 0), 'BAD_REQUEST', 'receive_amount'],
      [body(o.total + 5_000, 4_000), 'BAD_REQUEST', 'return_amount'],
      [body(10_000_000_000_000, 10_000_000_000_000 - o.total), 'BAD_REQUEST', 'receive_amount'],
      [body('500000', 0), 'BAD_REQUEST', 'receive_amount'],
      [body(o.total + 0.5, 0.5), 'BAD_REQUEST', 'receive_amount'],
      [{ ...body(o.total, 0), payment_method: 'QR' }, 'BAD_REQUEST', 'payment_method'],
      [{ ...body(o.total, 0), merchant_id: 'someone-else' }, 'BAD_REQUEST', 'merchant_id'],
      [{ receive_amount: o.total, return_amount: 0 }, 'REQUIRED', 'invoice_id'],
    ] as const) {
      const res = await sale('POST', '/payment/cash', b, key('bad'));
      expect(res.status, JSON.stringify(b)).toBe(400);
      const error = errorSchema.parse(res.body);
      expect(error.error_code).toBe(code);
      expect((error.data as { field?: string; fields?: string[] }).field ?? (error.data as { fields: string[] }).fields[0]).toBe(field);
    }
    const noKey = await sale('POST', '/payment/cash', body(o.total, 0));
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['Idempotency-Key'] } });
    expect((await orderOf(o.orderId)).status).toBe(1);
    expect(await payments(o.invoiceId)).toEqual([]);
  });

  it('replays the first answer to a repeated key, errors included, and refuses the key with another body', async () => {
    const o = await orderWithDishes();
    const k = key('replay');
    const refused = await cash(o, o.total - 1, k);
    expect(refused.status).toBe(400);
    // The same key and body: the stored refusal, even though nothing changed.
    const again = await cash(o, o.total - 1, k);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await cash(o, o.total, k);
    expect(other.status).toBe(422);
    expect(other.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');

    const k2 = key('replay-ok');
    const first = await cash(o, o.total, k2);
    expect(first.status).toBe(200);
    const repeat = await cash(o, o.total, k2);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await payments(o.invoiceId)).toHaveLength(1);
  });

  it('20 concurrent calls with one key make one payment and all get its answer', async () => {
    const o = await orderWithDishes();
    const k = key('burst');
    const answers = await Promise.all(Array.from({ length: 20 }, () => cash(o, o.total + 3_000, k)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const list = await payments(o.invoiceId);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'SUCCESS', return_amount: 3_000 });
  });

  it('20 concurrent calls with different keys on one order: one payment, the others 409 ORDER_PAID carrying it', async () => {
    const o = await orderWithDishes();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => cash(o, o.total, key(`race${i}`))));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    const payment = paymentSchema.parse(ok[0]!.body.data);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 409 && a.body.error_code === 'ORDER_PAID')).toBe(true);
    expect(refused.every((a) => a.body.data.payment.payment_id === payment.payment_id)).toBe(true);
    expect(await payments(o.invoiceId)).toEqual([payment]);
  });
});

describe('card terminals', () => {
  let terminals: Array<{ serial_number: string; status: string }>;

  it('lists the merchant’s POS terminals with their connection, and answers one terminal’s connection', async () => {
    const res = await sale('GET', '/payment/device?page_size=10000');
    const list = listSchema(deviceSchema).parse(res.body);
    terminals = list.data;
    expect(list.data.map((d) => d.status)).toEqual(['ONLINE', 'OFFLINE', 'NOT_CONNECTED']);
    expect(list.data.every((d) => d.type_edc === 1)).toBe(true);
    const one = await sale('GET', `/payment/device/connection?serial_number=${list.data[1]!.serial_number}`);
    expect(one.body.data).toEqual({ serial_number: list.data[1]!.serial_number, status: 'OFFLINE' });
    expect((await sale('GET', '/payment/device/connection')).body.error_code).toBe('REQUIRED');
    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    expect((await as(colan)('GET', `/payment/device/connection?serial_number=${list.data[0]!.serial_number}`)).status).toBe(404);
  });

  it('sends a payment to an ONLINE terminal (PENDING) and the approval completes the order with payment_success', async () => {
    const o = await orderWithDishes();
    const serial = terminals[0]!.serial_number;
    const k = key('pos');
    const res = await sale('POST', '/payment/pos', { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' }, k);
    expect(res.status).toBe(200);
    expect(res.body.data.invoice_id).toBe(o.invoiceId);
    const pending = paymentSchema.parse(res.body.data.payment);
    expect(pending).toMatchObject({ status: 'PENDING', method: 'CARD', serial_number: serial, amount: o.total });
    // A retry with a fresh key (the first answer was lost) gets the same request, not a second one.
    const retry = await sale(
      'POST',
      '/payment/pos',
      { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' },
      key('pos-retry'),
    );
    expect(retry.body.data.payment.payment_id).toBe(pending.payment_id);
    // Another order cannot use the terminal meanwhile.
    const other = await orderWithDishes();
    const busy = await sale(
      'POST',
      '/payment/pos',
      { invoice_id: other.invoiceId, serial_number: serial, payment_method: 'CARD' },
      key('busy'),
    );
    expect(busy.status).toBe(409);
    expect(busy.body.error_code).toBe('TERMINAL_BUSY');

    const event = heard<unknown>(
      'payment_success',
      (p) => (p as { data: { invoice_data: { order_id: number } } }).data.invoice_data.order_id === o.orderId,
    );
    const approved = await trigger('terminal', { serial, result: 'approve' });
    expect(approved.status).toBe(200);
    expect(paymentSuccessSchema.parse(await event).data.invoice_data.payment_method).toBe('CARD');
    expect(await orderOf(o.orderId)).toMatchObject({ status: 0, payment_method: 'CARD' });
    const list = await payments(o.invoiceId);
    expect(list).toEqual([{ ...pending, status: 'SUCCESS' }]);
    expect((await trigger('terminal', { serial, result: 'approve' })).status).toBe(409);
    const paid = await sale(
      'POST',
      '/payment/pos',
      { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' },
      key('after'),
    );
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ error_code: 'ORDER_PAID', data: { payment: { payment_id: pending.payment_id, status: 'SUCCESS' } } });
  });

  it('a decline ends the payment with payment_failed DECLINED and the order stays unpaid', async () => {
    const o = await orderWithDishes();
    const serial = terminals[0]!.serial_number;
    await sale('POST', '/payment/pos', { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' }, key('decline'));
    const event = heard<unknown>('payment_failed', (p) => (p as { data: { order_id: number } }).data.order_id === o.orderId);
    expect((await trigger('terminal', { serial, result: 'decline' })).status).toBe(200);
    expect(paymentFailedSchema.parse(await event).data).toEqual({
      invoice_id: o.invoiceId,
      order_id: o.orderId,
      order_code: o.code,
      payment_method: 'CARD',
      reason: 'DECLINED',
    });
    expect((await payments(o.invoiceId))[0]!.status).toBe('DECLINED');
    expect((await orderOf(o.orderId)).status).toBe(1);
  });

  it('a terminal going OFFLINE mid-payment fails it (TERMINAL_OFFLINE), refuses new ones until ONLINE again', async () => {
    const o = await orderWithDishes();
    const serial = terminals[0]!.serial_number;
    await sale('POST', '/payment/pos', { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' }, key('offline'));
    const event = heard<unknown>('payment_failed', (p) => (p as { data: { order_id: number } }).data.order_id === o.orderId);
    expect((await trigger('terminal', { serial, result: 'offline' })).status).toBe(200);
    expect(paymentFailedSchema.parse(await event).data.reason).toBe('TERMINAL_OFFLINE');
    expect((await sale('GET', `/payment/device/connection?serial_number=${serial}`)).body.data.status).toBe('OFFLINE');
    const refused = await sale(
      'POST',
      '/payment/pos',
      { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' },
      key('while-offline'),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('TERMINAL_OFFLINE');
    await trigger('terminal', { serial, result: 'online' });
    expect((await sale('GET', `/payment/device/connection?serial_number=${serial}`)).body.data.status).toBe('ONLINE');
    const again = await sale(
      'POST',
      '/payment/pos',
      { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' },
      key('back'),
    );
    expect(again.body.data.payment.status).toBe('PENDING');
    await trigger('terminal', { serial, result: 'approve' });
    const list = await payments(o.invoiceId);
    expect(list.map((p: Payment) => p.status)).toEqual(['SUCCESS', 'CANCELLED']);
  });

  it('refuses a missing serial, another merchant’s or an unknown terminal, and a terminal not ONLINE', async () => {
    const o = await orderWithDishes();
    const post = (serial: unknown) =>
      sale('POST', '/payment/pos', { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' }, key('pos-bad'));
    expect((await post(undefined)).body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['serial_number'] } });
    expect((await post('   ')).body.error_code).toBe('REQUIRED');
    expect((await post('NOPE-123')).status).toBe(404);
    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    const theirs = listSchema(deviceSchema).parse((await as(colan)('GET', '/payment/device?page_size=10')).body).data[0]!;
    expect((await post(theirs.serial_number)).status).toBe(404);
    const offline = await post(terminals[1]!.serial_number);
    expect(offline.status).toBe(409);
    expect(offline.body.error_code).toBe('TERMINAL_OFFLINE');
    expect((await post(terminals[2]!.serial_number)).body.error_code).toBe('TERMINAL_OFFLINE');
    expect(
      (await sale('POST', '/payment/pos', { invoice_id: o.invoiceId, serial_number: terminals[0]!.serial_number })).body.data.fields,
    ).toEqual(['Idempotency-Key']);
  });

  it('a card approval after the order was paid another way cancels the card request instead of charging twice', async () => {
    const o = await orderWithDishes();
    const serial = terminals[0]!.serial_number;
    await sale('POST', '/payment/pos', { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' }, key('both'));
    expect((await cash(o, o.total)).status).toBe(200);
    const list = await payments(o.invoiceId);
    expect(list.map((p) => [p.method, p.status])).toEqual([
      ['CASH', 'SUCCESS'],
      ['CARD', 'CANCELLED'],
    ]);
    expect((await trigger('terminal', { serial, result: 'approve' })).status).toBe(409);
  });
});

describe('order-qr-paid trigger', () => {
  it("pays the order's QR once: payment_success, a QR payment; again is ORDER_PAID; a wrong amount changes nothing", async () => {
    const o = await orderWithDishes();
    const wrong = await trigger('order-qr-paid', { order_code: o.code, amount: String(o.total + 1) });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error_code).toBe('AMOUNT_MISMATCH');
    const event = heard<unknown>(
      'payment_success',
      (p) => (p as { data: { invoice_data: { order_id: number } } }).data.invoice_data.order_id === o.orderId,
    );
    const res = await trigger('order-qr-paid', { order_code: o.code, amount: String(o.total) });
    expect(res.status).toBe(200);
    expect(paymentSuccessSchema.parse(await event).data.invoice_data).toMatchObject({ payment_method: 'QR', total_price: o.total });
    expect((await payments(o.invoiceId)).map((p) => [p.method, p.status, p.amount])).toEqual([['QR', 'SUCCESS', o.total]]);
    const twice = await trigger('order-qr-paid', { order_code: o.code });
    expect(twice.status).toBe(409);
    expect(twice.body.error_code).toBe('ORDER_PAID');
    expect(await payments(o.invoiceId)).toHaveLength(1);
  });

  it('earns the customer the order’s points at the sale settings’ rate when there are settings', async () => {
    const o = await orderWithDishes(m.token, 4);
    const customer = (await sale('GET', '/customer?page_size=1')).body.data.customers[0];
    await sale('PUT', '/order/customer', { order_id: o.orderId, customer_id: customer.customer_id });
    await trigger('order-qr-paid', { order_code: o.code });
    const after = (await sale('GET', `/customer/${customer.customer_id}`)).body.data;
    expect((after.customer ?? after).total_orders).toBe(customer.total_orders + 1);
    expect((after.customer ?? after).total_spending).toBe(customer.total_spending + o.total);
  });
});

describe('a realtime drop during a QR wait', () => {
  it('an event missed without replay is still visible as the order’s status (what the payment screen asks after reconnecting)', async () => {
    const o = await orderWithDishes();
    const waiting = io(`${t.url}/sale`, { path: '/socket.io', auth: { token: m.token }, transports: ['websocket'], reconnection: false });
    sockets.push(waiting);
    await new Promise<void>((resolve) => waiting.once('connect', () => resolve()));
    const got: unknown[] = [];
    waiting.on('payment_success', (p: unknown) => got.push(p));
    const lost = new Promise((resolve) => waiting.once('disconnect', resolve));
    await trigger('realtime-drop', { forget: 'true' });
    await lost;
    expect((await trigger('order-qr-paid', { order_code: o.code })).status).toBe(200);
    waiting.connect();
    await new Promise<void>((resolve) => waiting.once('connect', () => resolve()));
    expect(waiting.recovered).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got).toEqual([]);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 0, payment_status: 1, payment_method: 'QR' });
    // The shared socket of the other tests reconnects for the rest of the file.
    if (!socket.connected) {
      socket.connect();
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    }
  });
});

describe('GET /payment', () => {
  it('needs an invoice id of the merchant', async () => {
    expect((await sale('GET', '/payment')).body.error_code).toBe('REQUIRED');
    expect((await sale('GET', '/payment?invoice_id=2000000000')).status).toBe(404);
  });

  it('answers the seeded invoices’ payments too', async () => {
    const paid = (await sale('GET', '/order?order_status=0&page_size=10000')).body.data as Array<{
      invoice_id: number;
      order_code: string;
      payment_method: string;
      total_price: number;
    }>;
    // The seed's history codes: DH + 4 digits of the merchant + 4 of the index.
    const seeded = paid.filter((o) => /^DH\d{8}$/.test(o.order_code));
    expect(new Set(seeded.map((o) => o.payment_method)).size).toBe(4);
    for (const o of seeded.slice(0, 12)) {
      const list = await payments(o.invoice_id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: 'SUCCESS', method: o.payment_method, amount: o.total_price });
    }
  });
});

describe('hostile input', () => {
  it('answers 4xx in the envelope, never 500, to odd bodies, ids and texts on every payment call', async () => {
    const o = await orderWithDishes();
    const odd: unknown[] = [
      'x'.repeat(10_000),
      '<img src=x onerror=alert(1)>',
      'a\u0000b',
      '😀',
      -1,
      0,
      1.5,
      1e300,
      Number.MAX_SAFE_INTEGER,
      true,
      null,
      [],
      {},
      [o.invoiceId],
    ];
    for (const value of odd) {
      for (const [path, body] of [
        ['/payment/cash', { invoice_id: value, receive_amount: o.total, return_amount: 0 }],
        ['/payment/cash', { invoice_id: o.invoiceId, receive_amount: value, return_amount: 0 }],
        ['/payment/pos', { invoice_id: o.invoiceId, serial_number: value, payment_method: 'CARD' }],
        ['/payment/pos', { invoice_id: value, serial_number: 'S', payment_method: value }],
      ] as const) {
        const res = await sale('POST', path, body, key('hostile'));
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        errorSchema.parse(res.body);
      }
      const text = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
      for (const path of [`/payment?invoice_id=${text}`, `/payment/device/connection?serial_number=${text}`, `/payment/qr/${text}`]) {
        const res = await sale('GET', path);
        expect(res.status, path.slice(0, 60)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    for (const body of ['"just text"', '[1,2,3]', '{"invoice_id":', 'null']) {
      const res = await fetch(`${t.url}/api/sale/payment/cash`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}`, ...key('raw') },
        body,
      });
      expect(res.status, body).toBe(400);
      errorSchema.parse(await res.json());
    }
    // Nothing of the above paid the order.
    expect((await orderOf(o.orderId)).status).toBe(1);
    expect(await payments(o.invoiceId)).toEqual([]);
  });
});

describe('a payment is taken at the amount it was made for, or not at all (issue 24 §1, D214–D216)', () => {
  // A merchant and socket of its own: the tests above move the clock and drop sockets.
  let me: Awaited<ReturnType<typeof copyOf>>;
  let mine: Socket;
  let serial: string;
  let sale: ReturnType<typeof as>;
  beforeAll(async () => {
    me = await copyOf('phoco');
    mine = await connect(me.token);
    sale = as(me.token);
    serial = listSchema(deviceSchema)
      .parse((await sale('GET', '/payment/device?page_size=10')).body)
      .data.find((d) => d.status === 'ONLINE')!.serial_number;
  });
  const trigger = (name: string, body: Record<string, string> = {}) =>
    t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: me.id, ...body } });
  const payments = async (invoiceId: number) =>
    ((await sale('GET', `/payment?invoice_id=${invoiceId}`)).body.data as unknown[]).map((p) => paymentSchema.parse(p));
  const orderOf = async (orderId: number) => orderDetailSchema.parse((await sale('GET', `/order/${orderId}`)).body.data).invoice_data;
  const heard = <T>(event: string, match: (payload: T) => boolean) =>
    new Promise<T>((resolve) => {
      const on = (payload: T) => {
        if (!match(payload)) return;
        mine.off(event, on);
        resolve(payload);
      };
      mine.on(event, on);
    });
  const cash = (o: { invoiceId: number; total: number }, receive: number) =>
    sale(
      'POST',
      '/payment/cash',
      { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: receive, return_amount: receive - o.total, merchant_id: me.id },
      key('cash24'),
    );

  /** The product of this merchant named so, at the given price (the 12,000 ₫ dish is set up here). */
  async function dish(name: string, price?: number): Promise<number> {
    const [row] = await t.sandbox.db.query<{ id: number }>(`SELECT id FROM products WHERE merchant_id = $1 AND name = $2 AND status = 0`, [
      me.id,
      name,
    ]);
    if (price !== undefined) await t.sandbox.db.query(`UPDATE products SET price = $2 WHERE id = $1`, [row!.id, price]);
    return row!.id;
  }

  /** A confirmed counter order of one 12,000 ₫ dish. */
  async function order12k() {
    const orderId = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    await sale('PUT', '/order/confirm', { order_id: orderId });
    const added = orderDetailSchema.parse(
      (await sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: await dish('Quẩy', 12_000), amount: 1 }] })).body
        .data,
    );
    expect(added.invoice_data.total_price).toBe(12_000);
    return { orderId, invoiceId: added.invoice_data.invoice_id, code: added.invoice_data.order_code, total: 12_000 };
  }
  const addPhoCuon = async (orderId: number) =>
    sale('PUT', '/order/product', { order_id: orderId, products: [{ product_id: await dish('Phở cuốn'), amount: 1 }] }, key('add'));
  const pos = (invoiceId: number) =>
    sale('POST', '/payment/pos', { invoice_id: invoiceId, serial_number: serial, payment_method: 'CARD' }, key('pos24'));
  /** What the lock cannot see (a race on a real server, an old row): the order's total moved by 60,000 ₫ behind it. */
  const moveTotalBehindTheLock = (orderId: number) =>
    t.sandbox.db.query(`UPDATE sale_orders SET total_price = total_price + 60000 WHERE id = $1`, [orderId]);

  it('issue 24 §1: card 12,000 pending on a terminal, adding dishes is refused with ORDER_PAYMENT_PENDING, the approval charges 12,000', async () => {
    const o = await order12k();
    const pending = paymentSchema.parse((await pos(o.invoiceId)).body.data.payment);
    expect(pending).toMatchObject({ status: 'PENDING', method: 'CARD', amount: 12_000 });

    const refused = await addPhoCuon(o.orderId);
    expect(refused.status).toBe(409);
    expect(errorSchema.parse(refused.body)).toMatchObject({
      error_code: 'ORDER_PAYMENT_PENDING',
      data: { method: 'CARD', id: pending.payment_id, amount: 12_000 },
    });
    expect(refused.body.data.pending).toEqual([
      { method: 'CARD', id: pending.payment_id, amount: 12_000, serial_number: serial, created_at: pending.created_at },
    ]);
    expect((await orderOf(o.orderId)).total_price).toBe(12_000);

    const event = heard<unknown>(
      'payment_success',
      (p) => (p as { data: { invoice_data: { order_id: number } } }).data.invoice_data.order_id === o.orderId,
    );
    expect((await trigger('terminal', { serial, result: 'approve' })).status).toBe(200);
    expect(paymentSuccessSchema.parse(await event).data.invoice_data).toMatchObject({ total_price: 12_000, payment_method: 'CARD' });
    expect(await payments(o.invoiceId)).toEqual([{ ...pending, status: 'SUCCESS' }]);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 0, payment_status: 1, total_price: 12_000, receive_amount: 12_000 });
  });

  it('issue 24 §1: an approval whose amount differs from the order total is refused: payment_failed AMOUNT_MISMATCH, the order stays unpaid', async () => {
    const o = await order12k();
    const pending = paymentSchema.parse((await pos(o.invoiceId)).body.data.payment);
    await moveTotalBehindTheLock(o.orderId);
    const failed = heard<unknown>('payment_failed', (p) => (p as { data: { order_id: number } }).data.order_id === o.orderId);
    const answer = await trigger('terminal', { serial, result: 'approve' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      event: 'payment_failed',
      reason: 'AMOUNT_MISMATCH',
      payment: { status: 'CANCELLED', amount: 12_000 },
    });
    expect(paymentFailedSchema.parse(await failed).data).toMatchObject({ payment_method: 'CARD', reason: 'AMOUNT_MISMATCH' });
    expect(await payments(o.invoiceId)).toEqual([{ ...pending, status: 'CANCELLED' }]);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 1, payment_status: 0, total_price: 72_000 });
    // Nothing waits on the terminal any more, and the order is payable again at its real total.
    expect((await trigger('terminal', { serial, result: 'approve' })).body.error_code).toBe('NO_PENDING_PAYMENT');
    expect((await pos(o.invoiceId)).body.data.payment).toMatchObject({ status: 'PENDING', amount: 72_000 });
    await trigger('terminal', { serial, result: 'decline' });
  });

  it('issue 24 §1: a VietQR made for the order holds 12,000: adding dishes is refused, the guest’s credit pays 12,000 on that QR', async () => {
    const o = await order12k();
    expect((await sale('GET', `/payment/qr/${o.invoiceId}`)).body.data.amount).toBe(12_000);
    expect((await sale('GET', `/payment/qr/${o.invoiceId}`)).status).toBe(200);
    const [qr] = await payments(o.invoiceId);
    expect(await payments(o.invoiceId)).toEqual([expect.objectContaining({ method: 'QR', status: 'PENDING', amount: 12_000 })]);

    const refused = await addPhoCuon(o.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_code: 'ORDER_PAYMENT_PENDING', data: { method: 'QR', id: qr!.payment_id, amount: 12_000 } });

    const paid = await trigger('order-qr-paid', { order_code: o.code });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ payment_id: qr!.payment_id, method: 'QR', status: 'SUCCESS', amount: 12_000 });
    expect(await payments(o.invoiceId)).toEqual([{ ...qr, status: 'SUCCESS' }]);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 0, total_price: 12_000, payment_method: 'QR' });
  });

  it('issue 24 §1: a QR credit whose amount differs from the order total is refused (AMOUNT_MISMATCH), the QR fails, the order stays unpaid', async () => {
    const o = await order12k();
    await sale('GET', `/payment/qr/${o.invoiceId}`);
    await moveTotalBehindTheLock(o.orderId);
    // The guest pays the 12,000 ₫ QR they scanned.
    const refused = await trigger('order-qr-paid', { order_code: o.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error_code: 'AMOUNT_MISMATCH',
      data: { amount: 12_000, total_price: 72_000, failed_payment: { method: 'QR', status: 'CANCELLED', amount: 12_000 } },
    });
    expect((await payments(o.invoiceId)).map((p) => [p.method, p.status, p.amount])).toEqual([['QR', 'CANCELLED', 12_000]]);
    expect(await orderOf(o.orderId)).toMatchObject({ status: 1, payment_status: 0, total_price: 72_000 });
    // A QR made now shows the real total.
    expect((await sale('GET', `/payment/qr/${o.invoiceId}`)).body.data.amount).toBe(72_000);
  });

  it('issue 24 §1: the merchant cancels the pending card payment (payment_failed CANCELLED) and can then add dishes; a late approval finds nothing', async () => {
    const o = await order12k();
    const pending = paymentSchema.parse((await pos(o.invoiceId)).body.data.payment);
    const failed = heard<unknown>('payment_failed', (p) => (p as { data: { order_id: number } }).data.order_id === o.orderId);
    const cancelled = await sale('POST', `/payment/${pending.payment_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(paymentSchema.parse(cancelled.body.data)).toEqual({ ...pending, status: 'CANCELLED' });
    expect(paymentFailedSchema.parse(await failed).data.reason).toBe('CANCELLED');
    // A repeat (its answer was lost) answers the payment as it is.
    expect((await sale('POST', `/payment/${pending.payment_id}/cancel`)).body.data.status).toBe('CANCELLED');
    expect((await addPhoCuon(o.orderId)).status).toBe(201);
    expect((await trigger('terminal', { serial, result: 'approve' })).body.error_code).toBe('NO_PENDING_PAYMENT');
    expect(await orderOf(o.orderId)).toMatchObject({ status: 1, total_price: 72_000 });
  });

  it('issue 24 §1: the merchant cancels the pending QR, adds dishes, and the next QR holds the new total', async () => {
    const o = await order12k();
    await sale('GET', `/payment/qr/${o.invoiceId}`);
    const [qr] = await payments(o.invoiceId);
    expect((await sale('POST', `/payment/${qr!.payment_id}/cancel`)).body.data).toMatchObject({ method: 'QR', status: 'CANCELLED' });
    expect((await addPhoCuon(o.orderId)).status).toBe(201);
    expect((await sale('GET', `/payment/qr/${o.invoiceId}`)).body.data.amount).toBe(72_000);
    // The old QR's 12,000 arriving now is refused; the new one pays.
    expect((await trigger('order-qr-paid', { order_code: o.code, amount: '12000' })).body.error_code).toBe('AMOUNT_MISMATCH');
    expect((await trigger('order-qr-paid', { order_code: o.code })).body.payment).toMatchObject({ amount: 72_000, status: 'SUCCESS' });
    expect((await payments(o.invoiceId)).map((p) => [p.method, p.status, p.amount])).toEqual([
      ['QR', 'SUCCESS', 72_000],
      ['QR', 'CANCELLED', 12_000],
    ]);
  });

  it('issue 24 §1: cancelling is the merchant’s own pending payment: 404 for another merchant’s, 409 ORDER_PAID for the paying one, 400 for a bad id', async () => {
    const o = await order12k();
    const pending = paymentSchema.parse((await pos(o.invoiceId)).body.data.payment);
    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    expect((await as(colan)('POST', `/payment/${pending.payment_id}/cancel`)).status).toBe(404);
    expect((await payments(o.invoiceId))[0]!.status).toBe('PENDING');
    await trigger('terminal', { serial, result: 'approve' });
    const paid = await sale('POST', `/payment/${pending.payment_id}/cancel`);
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ error_code: 'ORDER_PAID', data: { payment: { payment_id: pending.payment_id, status: 'SUCCESS' } } });
    for (const bad of ['abc', '0', '-1', '99999999999']) expect((await sale('POST', `/payment/${bad}/cancel`)).status).toBe(400);
    expect((await sale('POST', '/payment/2000000000/cancel')).status).toBe(404);
    // Staff-type users cancel as they take payments (a cashier is staff, D115).
    const staff = as((await t.login('phoco.staff', 'Staff@2026')).access_token);
    const theirs = await orderWithDishes((await t.login('phoco', 'Phoco@2026')).access_token);
    await staff('GET', `/payment/qr/${theirs.invoiceId}`);
    const [qr] = (await staff('GET', `/payment?invoice_id=${theirs.invoiceId}`)).body.data as Payment[];
    expect((await staff('POST', `/payment/${qr!.payment_id}/cancel`)).body.data).toMatchObject({ method: 'QR', status: 'CANCELLED' });
  });

  it('issue 24 §1: paying cash while a QR or a card is pending takes the total once and ends the pending ones', async () => {
    const o = await order12k();
    await sale('GET', `/payment/qr/${o.invoiceId}`);
    await pos(o.invoiceId);
    expect((await cash(o, 20_000)).status).toBe(200);
    expect((await payments(o.invoiceId)).map((p) => [p.method, p.status, p.amount])).toEqual([
      ['CASH', 'SUCCESS', 12_000],
      ['CARD', 'CANCELLED', 12_000],
      ['QR', 'CANCELLED', 12_000],
    ]);
    expect((await trigger('terminal', { serial, result: 'approve' })).body.error_code).toBe('NO_PENDING_PAYMENT');
  });
});

describe('SANDBOX_TERMINAL_DELAY_MS', () => {
  it('approves a pending card payment on its own after the delay', async () => {
    await t.restart({ terminalDelayMs: 100 });
    const fresh = await copyOf('phoco');
    const o = await orderWithDishes(fresh.token);
    const serial = listSchema(deviceSchema).parse((await as(fresh.token)('GET', '/payment/device')).body).data[0]!.serial_number;
    const res = await as(fresh.token)(
      'POST',
      '/payment/pos',
      { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' },
      key('delay'),
    );
    expect(res.body.data.payment.status).toBe('PENDING');
    await expect.poll(async () => (await orderOf(o.orderId, fresh.token)).status, { timeout: 5_000 }).toBe(0);
    expect((await payments(o.invoiceId, fresh.token))[0]!.status).toBe('SUCCESS');
  });
});

describe('idempotency keys expire', () => {
  it('frees a key whose first call never answered (the sandbox stopped mid-call) after 5 minutes', async () => {
    const fresh = await copyOf('phoco');
    const o = await orderWithDishes(fresh.token);
    const k = key('abandoned');
    const clock = (await t.api('GET', '/sandbox/clock')).body;
    const now = Number((clock.data ?? clock).now);
    const body = { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0 };
    await t.sandbox.db.query(`INSERT INTO idempotency_keys (merchant_id, key, fingerprint, created_at) VALUES ($1, $2, 'x', $3)`, [
      fresh.id,
      k['idempotency-key'],
      now - 6 * 60_000,
    ]);
    const res = await as(fresh.token)('POST', '/payment/cash', body, k);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('SUCCESS');
  });

  it('forgets a key after 24 hours: the same call then runs again (and finds the order paid)', async () => {
    const fresh = await copyOf('phoco');
    const o = await orderWithDishes(fresh.token);
    const k = key('ttl');
    const body = { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0 };
    expect((await as(fresh.token)('POST', '/payment/cash', body, k)).status).toBe(200);
    expect((await as(fresh.token)('POST', '/payment/cash', body, k)).status).toBe(200);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 24 * 3600 + 60 } });
    try {
      const token = (await t.login(fresh.username, fresh.password)).access_token;
      const later = await as(token)('POST', '/payment/cash', body, k);
      expect(later.status).toBe(409);
      expect(later.body.error_code).toBe('ORDER_PAID');
      expect(await payments(o.invoiceId, token)).toHaveLength(1);
    } finally {
      await t.api('POST', '/sandbox/clock/reset');
    }
  });
});
