// @vitest-environment node
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { crc16ccitt, parseVietQr } from '../../../src/services/qr/vietqr';
import { errorSchema, paymentSchema, paymentSuccessSchema } from '../../platform/test/sale-contract';
import {
  t,
  m,
  socket,
  sockets,
  copyOf,
  as,
  sale,
  trigger,
  key,
  orderWithDishes,
  payments,
  orderOf,
  cash,
  heard,
  useOrderpaymentFixture,
} from './orderpayment.fixture';

useOrderpaymentFixture();

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
