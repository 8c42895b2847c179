import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_PIN_LOCK_MS, APPROVAL_PIN_MAX_FAILS } from '../../../src/rules/approvals';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

/** D310, D311: a staff member's void or refund waits for the owner's approval (issue 27 §2), enforced by the service. */

let t: TestSandbox;
let owner: string;
let staff: string;
let other: string;
let merchantId: string;
let n = 0;
const PIN = '482913';
const key = (tag = 'a') => ({ 'idempotency-key': `${tag}-${process.pid}-${(n += 1)}` });
const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });

async function staffUser(tag: string): Promise<string> {
  const username = `cashier.${tag}${process.pid}`;
  await t.api('POST', '/sandbox/users', {
    body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: merchantId, role: 'Staff' },
  });
  return (await t.login(username, 'Staff@2026')).access_token;
}

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  const made = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
  merchantId = made.merchant_id;
  owner = (await t.login(made.username, made.password)).access_token;
  staff = await staffUser('a');
  other = await staffUser('b');
});
afterAll(() => t.close());

/** An order with two dishes (2 and 3 of them); paid in cash when asked. */
async function order(paid = false) {
  const orderId = (await as(owner)('POST', '/order', { table_id: null })).body.data.order_id as number;
  const dishes = (await as(owner)('GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>;
  const added = (
    await as(owner)('PUT', '/order/product', {
      order_id: orderId,
      products: [
        { product_id: dishes[0]!.product_id, amount: 2 },
        { product_id: dishes[1]!.product_id, amount: 3 },
      ],
    })
  ).body.data;
  const o = { orderId, invoiceId: added.invoice_data.invoice_id as number, total: added.invoice_data.total_price as number };
  if (paid) {
    const body = { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: o.total, return_amount: 0 };
    expect((await as(owner)('POST', '/payment/cash', body, key('cash'))).status).toBe(200);
  }
  const lines = (await as(owner)('GET', `/payment/refund?invoice_id=${o.invoiceId}`)).body.data?.lines as
    Array<{ item_id: number }> | undefined;
  return { ...o, items: lines?.map((l) => l.item_id) ?? [] };
}

const voidAs = (token: string, orderId: number, extra: Record<string, unknown> = {}, headers = key('void')) =>
  as(token)('PUT', '/order/void', { order_id: orderId, reason: 'WRONG_ORDER', ...extra }, headers);
const refundAs = (token: string, invoiceId: number, extra: Record<string, unknown> = {}, headers = key('refund')) =>
  as(token)('POST', '/payment/refund', { invoice_id: invoiceId, reason: 'QUALITY', full: true, ...extra }, headers);
const status = async (orderId: number) => (await as(owner)('GET', `/order/${orderId}`)).body.data.invoice_data.status as number;
const refunds = async (invoiceId: number) =>
  (await as(owner)('GET', `/payment/refund?invoice_id=${invoiceId}`)).body.data.refunds as unknown[];
const resetLock = () =>
  t.sandbox.db.query(`UPDATE approval_pins SET failed_count = 0, locked_until = NULL WHERE merchant_id = $1`, [merchantId]);

describe('D310: the approval PIN', () => {
  it('issue 27 §2: without a PIN set, a staff void is refused APPROVAL_REQUIRED with pin_set false, and a typed PIN is APPROVAL_PIN_NOT_SET', async () => {
    const o = await order();
    const refused = await voidAs(staff, o.orderId);
    expect([refused.status, refused.body.error_code, refused.body.data]).toEqual([
      403,
      'APPROVAL_REQUIRED',
      { kind: 'VOID', pin_set: false },
    ]);
    expect((await voidAs(staff, o.orderId, { approval_pin: PIN })).body.error_code).toBe('APPROVAL_PIN_NOT_SET');
    expect(await status(o.orderId)).not.toBe(3);
  });

  it('D310: only the owner sets it; six digits; stored hashed; audited without the PIN', async () => {
    expect((await as(staff)('PUT', '/approval/pin', { pin: PIN })).body.error_code).toBe('PERMISSION_DENY');
    for (const pin of ['12345', '1234567', 'abcdef', 123456, '']) {
      expect((await as(owner)('PUT', '/approval/pin', { pin })).status, String(pin)).toBe(400);
    }
    const set = await as(owner)('PUT', '/approval/pin', { pin: PIN });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ is_set: true, locked_until: null });
    expect((await as(staff)('GET', '/approval/pin')).body.data.is_set).toBe(true);
    const [row] = await t.sandbox.db.query<{ pin_hash: string }>(`SELECT pin_hash FROM approval_pins WHERE merchant_id = $1`, [merchantId]);
    expect(row!.pin_hash).not.toContain(PIN);
    expect(row!.pin_hash.startsWith('scrypt')).toBe(true);
    const log = await t.sandbox.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE merchant_id = $1 AND action = 'approval.pin.set'`,
      [merchantId],
    );
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain(PIN);
  });
});

describe('D310: approving on the staff member’s screen with the owner’s PIN', () => {
  it('issue 27 §2: a wrong PIN is refused with the tries left, then locked for a while (even under a burst); nothing is voided', async () => {
    const o = await order();
    const wrong = await voidAs(staff, o.orderId, { approval_pin: '000000' });
    expect([wrong.status, wrong.body.error_code, wrong.body.data]).toEqual([
      403,
      'APPROVAL_PIN_WRONG',
      { attempts_left: APPROVAL_PIN_MAX_FAILS - 1 },
    ]);
    // A burst of 10 guesses gets no more than the tries left: the last wrong one locks, the rest find it locked.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => voidAs(staff, o.orderId, { approval_pin: `11111${i}` })));
    expect(burst.filter((r) => r.body.error_code === 'APPROVAL_PIN_WRONG')).toHaveLength(APPROVAL_PIN_MAX_FAILS - 2);
    expect(burst.filter((r) => r.status === 429 && r.body.error_code === 'APPROVAL_PIN_LOCKED')).toHaveLength(
      10 - (APPROVAL_PIN_MAX_FAILS - 2),
    );
    const lockedRight = await voidAs(staff, o.orderId, { approval_pin: PIN });
    expect(lockedRight.body.error_code).toBe('APPROVAL_PIN_LOCKED');
    expect(lockedRight.body.data.retry_after).toBeGreaterThan(0);
    expect(await status(o.orderId)).not.toBe(3);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: APPROVAL_PIN_LOCK_MS / 1000 + 1 } });
    expect((await voidAs(staff, o.orderId, { approval_pin: '999999' })).body.data).toEqual({ attempts_left: APPROVAL_PIN_MAX_FAILS - 1 });
    await resetLock();
  });

  it('issue 27 §2: the right PIN voids once under 10 concurrent calls with one key, and under 10 with different keys', async () => {
    const o = await order();
    const headers = key('same');
    const same = await Promise.all(Array.from({ length: 10 }, () => voidAs(staff, o.orderId, { approval_pin: PIN }, headers)));
    expect(same.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(same.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await status(o.orderId)).toBe(3);
    const p = await order();
    const keys = await Promise.all(Array.from({ length: 10 }, () => voidAs(staff, p.orderId, { approval_pin: PIN })));
    expect(keys.filter((r) => r.status === 200)).toHaveLength(1);
    const [used] = await t.sandbox.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM approvals WHERE order_id = $1 AND status = 'USED'`,
      [p.orderId],
    );
    expect(used!.n).toBe(1);
    const audit = await t.sandbox.db.query<{ user_role: string; after: Record<string, unknown> }>(
      `SELECT user_role, after FROM audit_log WHERE merchant_id = $1 AND action = 'approval.approve' AND after->>'order_code' IS NOT NULL`,
      [merchantId],
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]).toMatchObject({ user_role: 'Customer', after: { status: 'APPROVED', kind: 'VOID', with: 'PIN' } });
  });

  it('issue 27 §2: a staff refund with the right PIN is made once under 10 concurrent calls; without approval it is refused', async () => {
    const o = await order(true);
    expect((await refundAs(staff, o.invoiceId)).body.error_code).toBe('APPROVAL_REQUIRED');
    const headers = key('refund-pin');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refundAs(staff, o.invoiceId, { approval_pin: PIN }, headers)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(await refunds(o.invoiceId)).toHaveLength(1);
  });
});

describe('D310: asking from the till and deciding from the bell', () => {
  it('issue 27 §2: a request waits (one per request), reaches the owner’s bell, is approved once and used once', async () => {
    const o = await order(true);
    const line = { lines: [{ item_id: o.items[0], quantity: 1 }], full: undefined };
    const asked = await Promise.all([1, 2].map(() => refundAs(staff, o.invoiceId, { ...line, approval_request: true })));
    expect(asked.map((a) => a.status)).toEqual([202, 202]);
    const id = asked[0]!.body.data.approval_id as number;
    expect(asked[1]!.body.data.approval_id).toBe(id);
    expect(asked[0]!.body.data).toMatchObject({ kind: 'REFUND', status: 'PENDING', order_id: o.orderId });
    const bell = (await as(owner)('GET', '/notification?notification_type=4')).body;
    expect(bell.data[0]).toMatchObject({ notification_type: 4, order_id: o.orderId });
    expect(bell.unseen['4']).toBeGreaterThanOrEqual(1);
    expect((await as(staff)('GET', '/notification?notification_type=4')).body.data).toEqual([]);
    expect((await as(owner)('GET', '/approval')).body.data.map((a: { approval_id: number }) => a.approval_id)).toContain(id);
    // Not approved yet: the request cannot be used.
    expect((await refundAs(staff, o.invoiceId, { ...line, approval_id: id })).body).toMatchObject({
      error_code: 'APPROVAL_NOT_VALID',
      data: { reason: 'PENDING' },
    });
    expect((await as(staff)('PUT', '/approval/decide', { approval_id: id, decision: 'APPROVE' })).body.error_code).toBe('PERMISSION_DENY');
    const decided = await Promise.all([1, 2].map(() => as(owner)('PUT', '/approval/decide', { approval_id: id, decision: 'APPROVE' })));
    expect(decided.map((d) => d.status).sort()).toEqual([200, 409]);
    expect((await as(staff)('GET', `/approval/${id}`)).body.data).toMatchObject({ status: 'APPROVED', decided_with: 'BELL' });
    expect((await as(other)('GET', `/approval/${id}`)).status).toBe(404);

    // Not for another amount, another order, or another requester.
    const two = { lines: [{ item_id: o.items[0], quantity: 2 }], full: undefined };
    expect((await refundAs(staff, o.invoiceId, { ...two, approval_id: id })).body.data).toMatchObject({ reason: 'OTHER_REQUEST' });
    const p = await order(true);
    expect(
      (await refundAs(staff, p.invoiceId, { lines: [{ item_id: p.items[0], quantity: 1 }], full: undefined, approval_id: id })).body.data,
    ).toMatchObject({
      reason: 'OTHER_REQUEST',
    });
    expect((await refundAs(other, o.invoiceId, { ...line, approval_id: id })).body.data).toMatchObject({ reason: 'NOT_FOUND' });
    expect(await refunds(o.invoiceId)).toHaveLength(0);

    const used = await Promise.all(Array.from({ length: 10 }, () => refundAs(staff, o.invoiceId, { ...line, approval_id: id })));
    expect(used.filter((u) => u.status === 201)).toHaveLength(1);
    expect(used.filter((u) => u.body.error_code === 'APPROVAL_NOT_VALID')).toHaveLength(9);
    expect(await refunds(o.invoiceId)).toHaveLength(1);
    expect((await as(staff)('GET', `/approval/${id}`)).body.data.status).toBe('USED');
  });

  it('issue 27 §2: a declined request is never used; the owner’s PIN may approve a waiting request on the till', async () => {
    const o = await order();
    const id = (await voidAs(staff, o.orderId, { approval_request: true })).body.data.approval_id as number;
    expect((await as(owner)('PUT', '/approval/decide', { approval_id: id, decision: 'DECLINE' })).body.data.status).toBe('DECLINED');
    expect((await voidAs(staff, o.orderId, { approval_id: id })).body.data).toMatchObject({ reason: 'DECLINED' });
    const [declined] = await t.sandbox.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE merchant_id = $1 AND action = 'approval.decline' AND target_id = $2`,
      [merchantId, String(id)],
    );
    expect(declined!.n).toBe(1);
    const again = (await voidAs(staff, o.orderId, { approval_request: true })).body.data.approval_id as number;
    expect(again).not.toBe(id);
    expect((await voidAs(staff, o.orderId, { approval_id: again, approval_pin: PIN })).status).toBe(200);
    expect((await as(owner)('GET', `/approval/${again}`)).body.data).toMatchObject({ status: 'USED', decided_with: 'PIN' });
    expect(await status(o.orderId)).toBe(3);
  });
});
