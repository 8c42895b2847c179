// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  deviceSchema,
  listSchema,
  paymentFailedSchema,
  paymentSchema,
  paymentSuccessSchema,
  type Payment,
} from '../../platform/test/sale-contract';
import {
  t,
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
