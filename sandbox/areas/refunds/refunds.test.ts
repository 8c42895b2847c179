import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

/** D305: refunds of paid orders, by the way they were paid, once, and never more than was paid (issue 27 §1). */

let t: TestSandbox;
let owner: string;
let staff: string;
let merchantId: string;
let n = 0;
const key = (tag = 'r') => ({ 'idempotency-key': `${tag}-${process.pid}-${(n += 1)}` });
const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => as(owner)(method, path, body, headers);
const trigger = (name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: merchantId, ...body } });

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  const made = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
  merchantId = made.merchant_id;
  owner = (await t.login(made.username, made.password)).access_token;
  const username = `cashier.r${process.pid}`;
  await t.api('POST', '/sandbox/users', {
    body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: merchantId, role: 'Staff' },
  });
  staff = (await t.login(username, 'Staff@2026')).access_token;
});
afterAll(() => t.close());

/** An order with two dishes (quantities 2 and 3), paid in cash unless told otherwise. */
async function paidOrder(pay: 'CASH' | 'QR' | 'CARD' | 'NONE' = 'CASH') {
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
  const o = {
    orderId,
    invoiceId: added.invoice_data.invoice_id as number,
    code: added.invoice_data.order_code as string,
    total: added.invoice_data.total_price as number,
  };
  if (pay === 'CASH') {
    const paid = await sale(
      'POST',
      '/payment/cash',
      { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0 },
      key('cash'),
    );
    expect(paid.status).toBe(200);
  } else if (pay === 'QR') {
    expect((await trigger('order-qr-paid', { order_code: o.code })).status).toBe(200);
  } else if (pay === 'CARD') {
    const serial = ((await sale('GET', '/payment/device')).body.data as Array<{ serial_number: string; status: string }>).find(
      (d) => d.status === 'ONLINE',
    )!.serial_number;
    expect(
      (await sale('POST', '/payment/pos', { invoice_id: o.invoiceId, serial_number: serial, payment_method: 'CARD' }, key('pos'))).status,
    ).toBe(200);
    expect((await trigger('terminal', { serial, result: 'approve' })).status).toBe(200);
  }
  return o;
}

const refundable = async (invoiceId: number) => (await sale('GET', `/payment/refund?invoice_id=${invoiceId}`)).body.data;
const refund = (invoiceId: number, body: Record<string, unknown>, headers = key(), token = owner) =>
  as(token)('POST', '/payment/refund', { invoice_id: invoiceId, reason: 'CUSTOMER_RETURN', ...body }, headers);

describe('refunds (D305, issue 27 §1)', () => {
  it('a cash refund of one dish is done at once, priced as sold, and lowers what is left to refund', async () => {
    const o = await paidOrder();
    const before = await refundable(o.invoiceId);
    expect(before).toMatchObject({ refunded_amount: 0, refundable_amount: o.total, payment: { method: 'CASH', amount: o.total } });
    const line = before.lines[1];
    const res = await refund(o.invoiceId, { lines: [{ item_id: line.item_id, quantity: 2 }] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ method: 'CASH', status: 'SUCCESS', amount: line.price * 2, reason: 'CUSTOMER_RETURN' });
    const after = await refundable(o.invoiceId);
    expect(after.refundable_amount).toBe(o.total - line.price * 2);
    expect(after.lines[1]).toMatchObject({ sold: 3, refunded: 2, refundable: 1 });
    expect(after.refunds).toHaveLength(1);
    // More of that dish than is left is refused; the rest of it is not.
    expect((await refund(o.invoiceId, { lines: [{ item_id: line.item_id, quantity: 2 }] })).body.error_code).toBe('REFUND_EXCEEDS_PAID');
    expect((await refund(o.invoiceId, { lines: [{ item_id: line.item_id, quantity: 1 }] })).status).toBe(201);
    // D299: each refund is in the audit log with what was refunded before and after; the refused one is not.
    const log = (await t.api('GET', '/api/portal/audit-log?action=refund.create&page_size=50', { token: owner })).body.data;
    const mine = log.filter((e: { after: { order_code?: string } }) => e.after?.order_code === o.code);
    expect(mine).toHaveLength(2);
    expect(mine.map((e: { before: { refunded: number } }) => e.before.refunded).sort((a: number, b: number) => a - b)).toEqual([
      0,
      line.price * 2,
    ]);
    expect(mine.find((e: { before: { refunded: number } }) => e.before.refunded === 0).after).toMatchObject({
      refund_amount: line.price * 2,
      method: 'CASH',
      reason: 'CUSTOMER_RETURN',
    });
  });

  it('20 concurrent refunds with one key make one refund, every answer the same', async () => {
    const o = await paidOrder();
    const k = key('same');
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(o.invoiceId, { full: true }, k)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const after = await refundable(o.invoiceId);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunded_amount).toBe(o.total);
  });

  it('20 concurrent refunds with different keys never give back more than was paid', async () => {
    const o = await paidOrder();
    const line = (await refundable(o.invoiceId)).lines[1];
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => refund(o.invoiceId, { full: true })),
      ...Array.from({ length: 10 }, () => refund(o.invoiceId, { lines: [{ item_id: line.item_id, quantity: 1 }] })),
    ]);
    const done = answers.filter((a) => a.status === 201);
    expect(done.length).toBeGreaterThan(0);
    expect(
      answers.filter((a) => a.status !== 201).every((a) => a.body.error_code === 'REFUND_EXCEEDS_PAID' || a.body.error_code === 'CONFLICT'),
    ).toBe(true);
    const after = await refundable(o.invoiceId);
    const sum = after.refunds.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    expect(done.length).toBe(after.refunds.length);
    expect(sum).toBe(after.refunded_amount);
    expect(sum).toBeLessThanOrEqual(o.total);
    expect(after.lines.every((l: { refunded: number; sold: number }) => l.refunded <= l.sold)).toBe(true);
  });

  it('a card refund waits for the terminal; a decline gives the amount back to refund, an approval ends it', async () => {
    const o = await paidOrder('CARD');
    const first = await refund(o.invoiceId, { full: true });
    expect(first.body.data).toMatchObject({ method: 'CARD', status: 'PENDING', amount: o.total });
    expect((await refundable(o.invoiceId)).refundable_amount).toBe(0);
    const declined = await trigger('refund-terminal', { refund_id: String(first.body.data.id), outcome: 'decline' });
    expect(declined.body.refund.status).toBe('DECLINED');
    expect((await refundable(o.invoiceId)).refundable_amount).toBe(o.total);
    // A repeated answer moves nothing.
    expect((await trigger('refund-terminal', { refund_id: String(first.body.data.id) })).body.error_code).toBe('REFUND_NOT_WAITING');
    const second = await refund(o.invoiceId, { full: true });
    expect((await trigger('refund-terminal', { refund_id: String(second.body.data.id) })).body.refund.status).toBe('SUCCESS');
    expect((await refundable(o.invoiceId)).refundable_amount).toBe(0);
  });

  it('a QR refund is a request to the bank; the bank completes or rejects it', async () => {
    const o = await paidOrder('QR');
    const asked = await refund(o.invoiceId, { full: true, reason: 'OTHER', note: 'Khách chuyển nhầm' });
    expect(asked.body.data).toMatchObject({ method: 'QR', status: 'REQUESTED', note: 'Khách chuyển nhầm' });
    expect((await trigger('bank-refund', { refund_id: String(asked.body.data.id), outcome: 'reject' })).body.refund.status).toBe(
      'REJECTED',
    );
    const again = await refund(o.invoiceId, { full: true });
    expect((await trigger('bank-refund', { refund_id: String(again.body.data.id) })).body.refund.status).toBe('SUCCESS');
  });

  it('the points the order earned are taken back in proportion; spending goes down by the refund', async () => {
    expect((await sale('PUT', '/saas/merchant', { point_percent: 5 })).status).toBe(200);
    const o = await paidOrder('NONE');
    const customer = (await sale('GET', '/customer?page_size=1')).body.data.customers[0];
    await sale('PUT', '/order/customer', { order_id: o.orderId, customer_id: customer.customer_id });
    await sale(
      'POST',
      '/payment/cash',
      { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0 },
      key('cash'),
    );
    const read = async () => {
      const body = (await sale('GET', `/customer/${customer.customer_id}`)).body.data;
      return (body.customer ?? body) as { point: number; total_spending: number };
    };
    const paid = await read();
    const earned = (await sale('GET', `/order/${o.orderId}`)).body.data.invoice_data.point as number;
    expect(earned).toBeGreaterThan(0);
    const lines = (await refundable(o.invoiceId)).lines;
    await refund(o.invoiceId, { lines: [{ item_id: lines[0].item_id, quantity: 1 }] });
    await refund(o.invoiceId, { full: true });
    const after = await read();
    expect(paid.point - after.point).toBe(Math.min(earned, paid.point));
    expect(paid.total_spending - after.total_spending).toBe(o.total);
  });

  it('refuses a staff-type user (APPROVAL_REQUIRED), an unpaid order, another merchant’s order, and a reason not in the list', async () => {
    const o = await paidOrder();
    const byStaff = await refund(o.invoiceId, { full: true }, key(), staff);
    expect([byStaff.status, byStaff.body.error_code]).toEqual([403, 'APPROVAL_REQUIRED']);
    const unpaid = await paidOrder('NONE');
    expect((await refund(unpaid.invoiceId, { full: true })).body.error_code).toBe('ORDER_NOT_PAID');
    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    expect((await refund(o.invoiceId, { full: true }, key(), colan)).status).toBe(404);
    expect((await refund(o.invoiceId, { full: true, reason: 'BORED' })).body).toMatchObject({
      error_code: 'BAD_REQUEST',
      data: { problem: 'REASON_UNKNOWN' },
    });
    expect((await refund(o.invoiceId, { full: true, reason: 'OTHER' })).body).toMatchObject({
      data: { field: 'note', problem: 'NOTE_REQUIRED' },
    });
    expect((await sale('POST', '/payment/refund', { invoice_id: o.invoiceId, reason: 'QUALITY', full: true })).body.error_code).toBe(
      'REQUIRED',
    );
    expect((await refundable(o.invoiceId)).refunds).toHaveLength(0);
  });
});
