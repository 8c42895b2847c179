// @vitest-environment node
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { t, copyOf, connect, as, key, orderWithDishes, useOrderpaymentFixture } from './orderpayment.fixture';

useOrderpaymentFixture();

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
