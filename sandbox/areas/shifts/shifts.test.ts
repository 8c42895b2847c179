// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawersSchema, shiftSchema, storeShiftsSchema } from '../../../src/services/shifts/schemas';
import { CLOSE_REASON_THRESHOLD } from '../../../src/rules/shifts/drawer';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

/** Shifts and the cash drawer (issue 27 §3, D303) against the sale service. */

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

interface Merchant {
  id: string;
  token: string;
  storeId: number;
}

async function freshMerchant(template = 'phoco'): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  const stores = await t.api('GET', '/api/portal/metadata/store?page_size=10', { token: access_token });
  const list = (stores.body.data ?? stores.body) as Array<{ id: number }>;
  return { id: made.body.merchant_id, token: access_token, storeId: Number(list[0]!.id) };
}

async function staffOf(merchantId: string): Promise<string> {
  const username = `shift.staff.${merchantId}.${Date.now()}`.toLowerCase();
  const made = await t.api('POST', '/sandbox/users', {
    body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: merchantId, role: 'Staff' },
  });
  expect(made.status).toBe(201);
  return (await t.login(username, 'Staff@2026')).access_token;
}

let n = 0;
const key = (tag: string) => ({ 'idempotency-key': `${tag}-${Date.now()}-${(n += 1)}` });
const sale = (token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const open = (m: Merchant, float: number, k = key('open')) =>
  sale(m.token, 'POST', '/shift', { store_id: m.storeId, float_amount: float }, k);
const ofStore = async (m: Merchant) => storeShiftsSchema.parse((await sale(m.token, 'GET', `/shift?store_id=${m.storeId}`)).body.data);
const move = (m: Merchant, shiftId: number, body: unknown, k = key('move')) => sale(m.token, 'POST', `/shift/${shiftId}/movement`, body, k);
const close = (m: Merchant, shiftId: number, body: unknown, k = key('close')) => sale(m.token, 'POST', `/shift/${shiftId}/close`, body, k);

/** A cash order payment through the orderpayment area's routes: an order with a dish, paid in cash. */
async function cashSale(m: Merchant): Promise<number> {
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    sale(m.token, method, path, body, headers);
  const orderId = (await call('POST', '/order', { table_id: null })).body.data.order_id as number;
  const dish = ((await call('GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>)[0]!;
  await call('PUT', '/order/confirm', { order_id: orderId });
  const added = (await call('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount: 1 }] })).body
    .data;
  const { invoice_id, total_price } = added.invoice_data as { invoice_id: number; total_price: number };
  const paid = await call(
    'POST',
    '/payment/cash',
    { invoice_id, payment_method: 'CASH', receive_amount: total_price, return_amount: 0 },
    key('cash'),
  );
  expect(paid.status).toBe(200);
  return total_price;
}

describe('issue 27 §3: opening a drawer (D303)', () => {
  it('opens once per store: a second open, even with another key, answers 409 SHIFT_ALREADY_OPEN naming the first', async () => {
    const m = await freshMerchant();
    expect(await ofStore(m)).toEqual({ open: null, last_closed: null });
    const [a, b] = await Promise.all([open(m, 1_000_000), open(m, 2_000_000)]);
    const made = [a, b].filter((r) => r.status === 201);
    const refused = [a, b].filter((r) => r.status === 409);
    expect([made.length, refused.length]).toEqual([1, 1]);
    const shift = shiftSchema.parse(made[0]!.body.data);
    expect(refused[0]!.body).toMatchObject({ error_code: 'SHIFT_ALREADY_OPEN', data: { shift_id: shift.shift_id } });
    expect(shift).toMatchObject({ status: 'OPEN', store_id: m.storeId, cash_sales: 0, cash_in: 0, cash_out: 0, movements: [] });
    expect(shift.expected).toBe(shift.float_amount);
    expect((await ofStore(m)).open?.shift_id).toBe(shift.shift_id);
  });

  it('refuses a bad float, a missing key and another merchant’s store', async () => {
    const m = await freshMerchant();
    for (const float of [-1, 1.5, 100_000_001, '100']) {
      const res = await sale(m.token, 'POST', '/shift', { store_id: m.storeId, float_amount: float }, key('bad'));
      expect([res.status, res.body.error_code, res.body.data.field], String(float)).toEqual([400, 'BAD_REQUEST', 'float_amount']);
    }
    expect((await sale(m.token, 'POST', '/shift', { store_id: m.storeId, float_amount: 0 })).body.error_code).toBe('REQUIRED');
    const other = await freshMerchant();
    const res = await sale(other.token, 'POST', '/shift', { store_id: m.storeId, float_amount: 0 }, key('other'));
    expect([res.status, res.body.error_code]).toEqual([404, 'STORE_NOT_EXIST']);
    expect((await sale(other.token, 'GET', `/shift?store_id=${m.storeId}`)).status).toBe(404);
  });
});

describe('issue 27 §3: moving cash (D303)', () => {
  it('20 concurrent cash outs with one key make one movement', async () => {
    const m = await freshMerchant();
    const shift = shiftSchema.parse((await open(m, 500_000)).body.data);
    const k = key('twenty');
    const body = { kind: 'OUT', amount: 120_000, reason: 'SUPPLIER', note: 'Rau sạch' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => move(m, shift.shift_id, body, k)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const now = (await ofStore(m)).open!;
    expect(now.movements).toHaveLength(1);
    expect([now.cash_out, now.expected]).toEqual([120_000, 380_000]);
  });

  it('refuses a bad movement, OTHER without a note, and a closed shift', async () => {
    const m = await freshMerchant();
    const shift = shiftSchema.parse((await open(m, 0)).body.data);
    for (const [body, field] of [
      [{ kind: 'SIDEWAYS', amount: 1, reason: 'EXPENSE' }, 'kind'],
      [{ kind: 'IN', amount: 0, reason: 'EXPENSE' }, 'amount'],
      [{ kind: 'IN', amount: 1, reason: 'WHIM' }, 'reason'],
      [{ kind: 'IN', amount: 1, reason: 'EXPENSE', note: 'x'.repeat(201) }, 'note'],
    ] as const) {
      const res = await move(m, shift.shift_id, body);
      expect([res.status, res.body.data.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await move(m, shift.shift_id, { kind: 'IN', amount: 1, reason: 'OTHER', note: ' ' })).body.error_code).toBe('REQUIRED');
    expect((await close(m, shift.shift_id, { counts: {}, reason: '' })).status).toBe(200);
    const late = await move(m, shift.shift_id, { kind: 'IN', amount: 1, reason: 'EXPENSE' });
    expect([late.status, late.body.error_code]).toEqual([409, 'SHIFT_CLOSED']);
  });
});

describe('issue 27 §3: expected cash and closing (D303)', () => {
  it('expected = float + cash order payments while open + in − out; a difference above the threshold needs a reason', async () => {
    const m = await freshMerchant();
    await cashSale(m); // before the shift: not in this drawer
    const shift = shiftSchema.parse((await open(m, 1_000_000)).body.data);
    const sold = await cashSale(m);
    expect((await move(m, shift.shift_id, { kind: 'IN', amount: 200_000, reason: 'CHANGE_TOP_UP' })).status).toBe(201);
    expect((await move(m, shift.shift_id, { kind: 'OUT', amount: 50_000, reason: 'OTHER', note: 'Mua đá' })).status).toBe(201);
    const now = (await ofStore(m)).open!;
    const expected = 1_000_000 + sold + 200_000 - 50_000;
    expect([now.cash_sales, now.cash_in, now.cash_out, now.expected]).toEqual([sold, 200_000, 50_000, expected]);

    // Count 100,000 short of what is expected (rounded to 500 ₫ notes): above the threshold.
    const short = expected - 100_000;
    const counts = { '500000': Math.floor(short / 500_000), '500': (short % 500_000) / 500 };
    expect(short % 500).toBe(0);
    const refused = await close(m, shift.shift_id, { counts, reason: '' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'CLOSE_REASON_REQUIRED', data: { field: 'reason', expected, difference: -100_000 } });
    expect((await ofStore(m)).open?.shift_id).toBe(shift.shift_id);

    const k = key('close');
    const [one, two] = await Promise.all([
      close(m, shift.shift_id, { counts, reason: 'Trả nhầm tiền thừa' }, k),
      close(m, shift.shift_id, { counts, reason: 'Trả nhầm tiền thừa' }, k),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const closed = shiftSchema.parse(one.body.data);
    expect(closed).toMatchObject({ status: 'CLOSED', expected, counted: short, difference: -100_000, close_reason: 'Trả nhầm tiền thừa' });
    expect(closed.counts?.['500000']).toBe(counts['500000']);
    await cashSale(m); // after the close: not in the closed drawer
    const after = await ofStore(m);
    expect(after.open).toBeNull();
    expect(after.last_closed).toMatchObject({ shift_id: closed.shift_id, cash_sales: sold, expected });
    expect((await open(m, 0)).status).toBe(201);
  });

  it('closes a difference within the threshold without a reason', async () => {
    const m = await freshMerchant();
    const shift = shiftSchema.parse((await open(m, 100_000)).body.data);
    const res = await close(m, shift.shift_id, { counts: { '50000': 1, '500': 1 }, reason: '' });
    expect(res.status).toBe(200);
    expect(shiftSchema.parse(res.body.data)).toMatchObject({ counted: 50_500, difference: -49_500 });
    expect(CLOSE_REASON_THRESHOLD).toBe(50_000);
  });
});

describe('issue 27 §3: roles and scope (D303, D304)', () => {
  it('staff open, move and close; only the owner lists every open drawer; another merchant’s staff are refused', async () => {
    const m = await freshMerchant();
    const staff = await staffOf(m.id);
    const asStaff = { ...m, token: staff };
    const shift = shiftSchema.parse((await open(asStaff, 300_000)).body.data);
    expect((await move(asStaff, shift.shift_id, { kind: 'OUT', amount: 1_000, reason: 'EXPENSE' })).status).toBe(201);
    expect((await sale(staff, 'GET', '/shift/drawers')).body.error_code).toBe('PERMISSION_DENY');
    const drawers = drawersSchema.parse((await sale(m.token, 'GET', '/shift/drawers')).body.data);
    expect(drawers.items.map((d) => [d.shift_id, d.expected, d.movements])).toEqual([[shift.shift_id, 299_000, undefined]]);

    const other = await freshMerchant();
    const stranger = await staffOf(other.id);
    const asStranger = { ...other, token: stranger };
    const moved = await move(asStranger, shift.shift_id, { kind: 'OUT', amount: 1_000, reason: 'EXPENSE' });
    expect([moved.status, moved.body.error_code]).toEqual([404, 'SHIFT_NOT_FOUND']);
    const closed = await close(asStranger, shift.shift_id, { counts: {}, reason: 'x' });
    expect([closed.status, closed.body.error_code]).toEqual([404, 'SHIFT_NOT_FOUND']);
    expect(drawersSchema.parse((await sale(other.token, 'GET', '/shift/drawers')).body.data).items).toEqual([]);
    expect((await close(asStaff, shift.shift_id, { counts: { '100000': 3 }, reason: '' })).status).toBe(200);
  });
});

describe('issue 27 §3: a cash sale moves its own store’s drawer (D303, D297)', () => {
  it('with two drawers open, the owner’s cash sale counts in the store its bill was opened in (the first store) only', async () => {
    const m = await freshMerchant();
    const stores = await t.api('GET', '/api/portal/metadata/store?page_size=10', { token: m.token });
    const ids = ((stores.body.data ?? stores.body) as Array<{ id: number }>).map((s) => Number(s.id)).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThan(1);
    const [first, second] = [
      { ...m, storeId: ids[0]! },
      { ...m, storeId: ids[1]! },
    ];
    expect((await open(second, 100_000)).status).toBe(201);
    expect((await open(first, 200_000)).status).toBe(201);
    const total = await cashSale(m);
    expect((await ofStore(first)).open).toMatchObject({ cash_sales: total, expected: 200_000 + total });
    expect((await ofStore(second)).open).toMatchObject({ cash_sales: 0, expected: 100_000 });
  });
});

describe('issue 27 §3: a cash refund leaves the drawer (D303, D305)', () => {
  it('expected = float + cash sales − cash refunds + in − out, open and at close', async () => {
    const m = await freshMerchant();
    const stores = await t.api('GET', '/api/portal/metadata/store?page_size=10', { token: m.token });
    const first = { ...m, storeId: Math.min(...((stores.body.data ?? stores.body) as Array<{ id: number }>).map((s) => Number(s.id))) };
    expect((await open(first, 300_000)).status).toBe(201);
    const total = await cashSale(m);
    const orders = (await sale(m.token, 'GET', '/order?page=1&page_size=1')).body.data as Array<{ invoice_id: number }>;
    const invoiceId = orders[0]!.invoice_id;
    const refunded = await sale(
      m.token,
      'POST',
      '/payment/refund',
      { invoice_id: invoiceId, full: true, reason: 'QUALITY' },
      key('refund'),
    );
    expect(refunded.body.data).toMatchObject({ method: 'CASH', status: 'SUCCESS', amount: total });
    const shift = (await ofStore(first)).open!;
    expect(shift).toMatchObject({ cash_sales: total, cash_refunds: total, expected: 300_000 });
    const counts = { '100000': 3 };
    const closed = await close(first, shift.shift_id, { counts });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ cash_sales: total, cash_refunds: total, expected: 300_000, counted: 300_000, difference: 0 });
  });
});

/** The merchant's first store (D297: an order opened without a store is the first store's). */
async function atFirstStore(m: Merchant): Promise<Merchant> {
  const stores = await t.api('GET', '/api/portal/metadata/store?page_size=10', { token: m.token });
  return { ...m, storeId: Math.min(...((stores.body.data ?? stores.body) as Array<{ id: number }>).map((s) => Number(s.id))) };
}

/** The newest order's invoice id and code (the cash sale just made). */
async function lastOrder(m: Merchant): Promise<{ invoice_id: number; order_code: string }> {
  const orders = (await sale(m.token, 'GET', '/order?page=1&page_size=1')).body.data as Array<{ invoice_id: number; order_code: string }>;
  return orders[0]!;
}

const refund = (m: Merchant, invoiceId: number, k = key('refund')) =>
  sale(m.token, 'POST', '/payment/refund', { invoice_id: invoiceId, full: true, reason: 'QUALITY' }, k);

describe('D318: a cash refund is a movement of its store’s open drawer', () => {
  it('D318: lowers the expected cash by exactly its amount, listed as a movement, in the drawers list, the close and the Z report', async () => {
    const m = await atFirstStore(await freshMerchant());
    expect((await open(m, 400_000)).status).toBe(201);
    const total = await cashSale(m);
    const shiftId = (await ofStore(m)).open!.shift_id;
    const cashIn = await move(m, shiftId, { kind: 'IN', amount: 20_000, reason: 'CHANGE_TOP_UP', note: '' });
    expect(cashIn.status).toBe(201);
    const before = (await ofStore(m)).open!;
    const order = await lastOrder(m);
    const refunded = await refund(m, order.invoice_id);
    expect(refunded.body.data).toMatchObject({ method: 'CASH', status: 'SUCCESS', amount: total });
    const after = (await ofStore(m)).open!;
    expect(before.expected - after.expected).toBe(total);
    expect(after).toMatchObject({ cash_refunds: total, cash_in: 20_000, cash_out: 0, expected: 420_000 });
    expect(after.movements!.map((x) => [x.kind, x.amount, x.reason, x.note])).toEqual([
      ['IN', 20_000, 'CHANGE_TOP_UP', ''],
      ['REFUND', total, 'CASH_REFUND', order.order_code],
    ]);
    const drawers = drawersSchema.parse((await sale(m.token, 'GET', '/shift/drawers')).body.data);
    expect(drawers.items.find((d) => d.shift_id === shiftId)).toMatchObject({ cash_refunds: total, expected: 420_000 });
    const closed = await close(m, shiftId, { counts: { '200000': 2, '20000': 1 } });
    expect(closed.body.data).toMatchObject({ cash_refunds: total, expected: 420_000, counted: 420_000, difference: 0 });
    const z = (await sale(m.token, 'GET', `/closing/z-report?shift_id=${shiftId}`)).body.data;
    expect(z.figures.cash).toMatchObject({ refunds: total, expected: closed.body.data.expected, difference: 0 });
  });

  it('D318: 20 concurrent refunds with one key move the drawer once', async () => {
    const m = await atFirstStore(await freshMerchant());
    expect((await open(m, 100_000)).status).toBe(201);
    const total = await cashSale(m);
    const k = key('same-refund');
    const { invoice_id } = await lastOrder(m);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(m, invoice_id, k)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const shift = (await ofStore(m)).open!;
    expect(shift.movements!.filter((x) => x.kind === 'REFUND').map((x) => x.amount)).toEqual([total]);
    expect(shift).toMatchObject({ cash_refunds: total, expected: 100_000 });
  });

  it('D318: a store whose drawer is closed refuses a cash refund (SHIFT_NOT_OPEN, nothing given back); a store that never kept one refunds', async () => {
    const m = await atFirstStore(await freshMerchant());
    expect((await open(m, 0)).status).toBe(201);
    await cashSale(m);
    const shiftId = (await ofStore(m)).open!.shift_id;
    expect((await close(m, shiftId, { counts: {}, reason: 'đã đếm' })).status).toBe(200);
    const order = await lastOrder(m);
    const refused = await refund(m, order.invoice_id);
    expect([refused.status, refused.body.error_code]).toEqual([409, 'SHIFT_NOT_OPEN']);
    const left = (await sale(m.token, 'GET', `/payment/refund?invoice_id=${order.invoice_id}`)).body.data;
    expect([left.refunded_amount, left.refunds.length]).toEqual([0, 0]);

    const never = await freshMerchant();
    const paid = await cashSale(never);
    const given = await refund(never, (await lastOrder(never)).invoice_id);
    expect(given.body.data).toMatchObject({ status: 'SUCCESS', amount: paid });
  });
});
