// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

/**
 * Issue 27 §6 (D319): the order void, the drawer (open, cash in, cash out, the count and close) and a
 * product's price change each write exactly one audit entry, in their own transaction, with who, the
 * store and the values before and after.
 */

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function freshMerchant() {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  const { merchant_id: id, username, password } = made.body;
  const { access_token: token } = await t.login(username, password);
  const stores = await t.sandbox.db.query<{ id: number; name: string }>(`SELECT id, name FROM stores WHERE merchant_id = $1 ORDER BY id`, [
    id,
  ]);
  return { id: id as string, token, stores };
}
type Merchant = Awaited<ReturnType<typeof freshMerchant>>;

let n = 0;
const key = (tag: string) => ({ 'idempotency-key': `${tag}-${Date.now()}-${(n += 1)}` });
const sale = (m: Merchant, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token: m.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });

/** The entries of one action, newest first. */
async function entries(m: Merchant, action: string) {
  const res = await t.api('GET', `/api/portal/audit-log?action=${action}&page_size=50`, { token: m.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Array<
    Record<string, unknown> & { before: Record<string, unknown> | null; after: Record<string, unknown> | null }
  >;
}

describe('issue 27 §6: the drawer, voids and prices in the audit log (D319)', () => {
  it('D319: a shift open, a cash in, a cash out and the count and close each write one entry with the store and before → after', async () => {
    const m = await freshMerchant();
    const store = m.stores[0]!;
    const opened = await sale(m, 'POST', '/shift', { store_id: store.id, float_amount: 500_000 }, key('open'));
    expect(opened.status).toBe(201);
    const shiftId = opened.body.data.shift_id as number;
    const k = key('in');
    for (let i = 0; i < 2; i += 1) {
      // The same key twice: one movement, one entry.
      const moved = await sale(
        m,
        'POST',
        `/shift/${shiftId}/movement`,
        { kind: 'IN', amount: 100_000, reason: 'CHANGE_TOP_UP', note: '' },
        k,
      );
      expect(moved.status).toBe(201);
    }
    const out = { kind: 'OUT', amount: 50_000, reason: 'OTHER', note: 'Mua đá' };
    expect((await sale(m, 'POST', `/shift/${shiftId}/movement`, out, key('out'))).status).toBe(201);
    const short = { counts: { '500000': 1 }, reason: 'Thiếu tiền lẻ' };
    expect((await sale(m, 'POST', `/shift/${shiftId}/close`, short, key('close'))).status).toBe(200);

    const where = { target_type: 'shift', target_id: String(shiftId), store_id: store.id, store_name: store.name, user_role: 'Customer' };
    const [open] = await entries(m, 'shift.open');
    const cashIn = await entries(m, 'shift.cash_in');
    const cashOut = await entries(m, 'shift.cash_out');
    const closed = await entries(m, 'shift.close');
    expect([cashIn.length, cashOut.length, closed.length, (await entries(m, 'shift.open')).length]).toEqual([1, 1, 1, 1]);
    expect(open).toMatchObject({ ...where, before: null, after: { float_amount: 500_000 } });
    expect(cashIn[0]).toMatchObject({
      ...where,
      before: { expected: 500_000 },
      after: { amount: 100_000, reason: 'CHANGE_TOP_UP', note: '', expected: 600_000 },
    });
    expect(cashOut[0]).toMatchObject({
      ...where,
      before: { expected: 600_000 },
      after: { amount: 50_000, reason: 'OTHER', note: 'Mua đá', expected: 550_000 },
    });
    expect(closed[0]).toMatchObject({
      ...where,
      before: { shift_status: 'OPEN', expected: 550_000 },
      after: { shift_status: 'CLOSED', expected: 550_000, counted: 500_000, difference: -50_000, close_reason: 'Thiếu tiền lẻ' },
    });
  });

  it('D319: a void writes one entry with the amount and the reason; a refused void writes none', async () => {
    const m = await freshMerchant();
    const orderId = (await sale(m, 'POST', '/order', { table_id: null })).body.data.order_id as number;
    const dish = ((await sale(m, 'GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>)[0]!;
    await sale(m, 'PUT', '/order/confirm', { order_id: orderId });
    const added = await sale(m, 'PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount: 2 }] });
    const { total_price } = added.body.data.invoice_data as { total_price: number };
    const body = { order_id: orderId, reason: 'OTHER', note: 'Khách đổi ý' };
    expect((await sale(m, 'PUT', '/order/void', body, key('void'))).status).toBe(200);
    expect((await sale(m, 'PUT', '/order/void', body, key('void-again'))).status).toBe(409);
    const voids = await entries(m, 'order.void');
    expect(voids).toHaveLength(1);
    const code = voids[0]!.after!.order_code;
    expect(voids[0]).toMatchObject({
      target_type: 'order',
      target_id: String(orderId),
      store_id: m.stores[0]!.id,
      before: { order_code: code, voided: false },
      after: { order_code: code, voided: true, amount: total_price, reason: 'OTHER', note: 'Khách đổi ý' },
    });
  });

  it('D319: a product price change writes one entry with the price before and after; a change that keeps the price writes none', async () => {
    const m = await freshMerchant();
    const rows = (await sale(m, 'GET', '/inventory/product?page_size=5')).body.data as Array<{ code: string; name: string; price: number }>;
    const p = rows[0]!;
    expect((await sale(m, 'PUT', `/inventory/product/${p.code}`, { name: p.name, price: p.price + 5_000 })).status).toBe(200);
    expect((await sale(m, 'PUT', `/inventory/product/${p.code}`, { name: `${p.name} lớn`, price: p.price + 5_000 })).status).toBe(200);
    const changes = await entries(m, 'product.price');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      target_type: 'product',
      store_id: null,
      before: { product_code: p.code, product_name: p.name, price: p.price },
      after: { product_code: p.code, product_name: p.name, price: p.price + 5_000 },
    });
  });
});
