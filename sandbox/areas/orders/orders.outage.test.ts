// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createFaults } from '../../platform/faults';
import { as, colan, m, sale, t, trigger, useOrdersFixture } from './orders.fixture';

useOrdersFixture();

/** A call that gets no answer rejects (fetch's TypeError), as the browser's does. */
const noAnswer = async (call: Promise<unknown>) => {
  const outcome = await call.then(
    () => 'answered',
    (error: unknown) => (error instanceof TypeError ? 'no answer' : String(error)),
  );
  expect(outcome).toBe('no answer');
};

const countOrders = async (merchantId: string) =>
  Number(
    (await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sale_orders WHERE merchant_id = $1`, [merchantId]))[0]!.n,
  );

describe('sale-outage: the sale service gets no answer for one merchant (D337)', () => {
  it('until lifted: that merchant’s sale calls get no answer; other merchants, sign-in and the controls answer', async () => {
    const before = await countOrders(m.id);
    const down = await trigger('sale-outage');
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ merchant_id: m.id, down: true, until: null });
    expect((await t.api('GET', '/sandbox/faults')).body.saleDown).toEqual([{ merchantId: m.id, until: null }]);

    await noAnswer(sale('GET', '/order?page_size=1'));
    await noAnswer(sale('POST', '/order', { table_id: null }, { 'idempotency-key': 'outage-create' }));
    expect(await countOrders(m.id)).toBe(before);
    // Another merchant's till and the portal service (sign-in, user info) are untouched.
    expect((await as(colan)('GET', '/order?page_size=1')).status).toBe(200);
    expect((await t.api('GET', '/api/portal/user/info', { token: m.token })).status).toBe(200);
    // A call without a valid token is not the merchant's: it is answered (401) as ever.
    expect((await t.api('GET', '/api/sale/order?page_size=1')).status).toBe(401);

    const lifted = await trigger('sale-outage', { lift: 'true' });
    expect(lifted.body).toMatchObject({ merchant_id: m.id, down: false });
    expect((await sale('GET', '/order?page_size=1')).status).toBe(200);
    expect((await t.api('GET', '/sandbox/faults')).body.saleDown).toEqual([]);
  });

  it('for N seconds: it ends by itself; a bad length is refused', async () => {
    const down = await trigger('sale-outage', { seconds: '1' });
    expect(down.body.until).toMatch(/^\d{4}-\d\d-\d\dT/);
    await noAnswer(sale('GET', '/order?page_size=1'));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await sale('GET', '/order?page_size=1')).status).toBe(200);

    for (const seconds of ['0', '3601', '1.5', 'x']) {
      const res = await trigger('sale-outage', { seconds });
      expect(res.status, seconds).toBe(400);
      expect(res.body.data).toMatchObject({ field: 'seconds' });
    }
  });

  it('a reset lifts every outage (createFaults, as POST /sandbox/reset calls it)', () => {
    const faults = createFaults();
    faults.set({ saleOutage: { merchantId: 'a', down: true, until: null } });
    faults.set({ saleOutage: { merchantId: 'b', down: true, until: Date.now() - 1 } });
    expect([faults.saleDown('a'), faults.saleDown('b'), faults.saleDown('c'), faults.anySaleDown()]).toEqual([true, false, false, true]);
    faults.reset();
    expect([faults.saleDown('a'), faults.anySaleDown()]).toEqual([false, false]);
  });
});

describe('POST /order with an Idempotency-Key (D337, D122)', () => {
  it('20 concurrent creates with one key make one order; every answer names it', async () => {
    const before = await countOrders(m.id);
    const headers = { 'idempotency-key': 'create-once-1' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => sale('POST', '/order', { table_id: null }, headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.data.order_id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await countOrders(m.id)).toBe(before + 1);
    // Sent again later (a replay after a lost answer): the same order.
    const again = await sale('POST', '/order', { table_id: null }, headers);
    expect(again.body.data.order_id).toBe(answers[0]!.body.data.order_id);
    expect(await countOrders(m.id)).toBe(before + 1);
  });

  it('without a key each create is a new order (old callers); a key with another body is refused', async () => {
    const before = await countOrders(m.id);
    await sale('POST', '/order', { table_id: null });
    await sale('POST', '/order', { table_id: null });
    expect(await countOrders(m.id)).toBe(before + 2);
    await sale('POST', '/order', { table_id: null }, { 'idempotency-key': 'create-once-2' });
    const reused = await sale('POST', '/order', { table_id: 999_999 }, { 'idempotency-key': 'create-once-2' });
    expect(reused.status).toBe(422);
    expect(reused.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
