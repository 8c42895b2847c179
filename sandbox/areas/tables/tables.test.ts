// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableCreatedSchema, tableSchema, tablesSchema, type Table } from '../../../src/services/tables/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  return { id: made.body.merchant_id, token: access_token };
}

const list = (token: string, query = '') => t.api('GET', `/api/sale/fnb/table${query}`, { token });
const create = (token: string, body: unknown) => t.api('POST', '/api/sale/fnb/table', { token, body });
const update = (token: string, id: number | string, body: unknown) => t.api('PUT', `/api/sale/fnb/table/${id}`, { token, body });
const remove = (token: string, id: number | string) => t.api('DELETE', `/api/sale/fnb/table/${id}`, { token });
const rowsOf = (res: { body: { data: unknown } }): Table[] => tablesSchema.parse(res.body.data);
const body = (table_name: unknown, more: Record<string, unknown> = {}) => ({
  table_name,
  max_slot: 4,
  available_slot: 4,
  customer_id: 0,
  is_available: true,
  ...more,
});

/** An open bill on a table, as the orders area keeps it (its rows, written here by SQL like a guest's order would). */
async function openBill(merchantId: string, table: Table, lines: Array<{ price: number; amount: number }>, status = 2) {
  const db = t.sandbox.db;
  const total = lines.reduce((s, l) => s + l.price * l.amount, 0);
  const [order] = await db.query<{ id: number }>(
    `INSERT INTO sale_orders (merchant_id, order_code, table_id, table_name, status, total_price, folded, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, '', 1, 1) RETURNING id`,
    [merchantId, `T${table.table_id}-${Math.random().toString(36).slice(2, 8)}`, table.table_id, table.table_name, status, total],
  );
  for (const [i, l] of lines.entries()) {
    await db.query(
      `INSERT INTO sale_order_items (order_id, product_id, code, name, price, amount, added_at) VALUES ($1, $2, $3, $4, $5, $6, 1)`,
      [order!.id, 900_000 + i, `P${i}`, `Món ${i}`, l.price, l.amount],
    );
  }
  return order!.id;
}

describe('GET /fnb/table (doc 2 §2 Table management, §3 Table)', () => {
  it('gives a phoco copy Bàn 1..12 and Sân vườn 1..3 in natural order, with the evening’s open bills', async () => {
    const m = await freshMerchant();
    const res = await list(m.token, '?page_size=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_count: 15, total_page: 1, page: 1, page_size: 100 });
    const names = rowsOf(res).map((r) => r.table_name);
    expect(names).toEqual([...Array.from({ length: 12 }, (_, i) => `Bàn ${i + 1}`), 'Sân vườn 1', 'Sân vườn 2', 'Sân vườn 3']);
    // The orders seed opens bills on some tables; a table is either free (nothing on it) or carries its bill's dishes and total.
    for (const r of rowsOf(res)) {
      if (r.order_id === null) expect([r.product_amount, r.total_price]).toEqual([0, 0]);
      else expect(r.total_price > 0).toBe(r.product_amount > 0);
    }
    expect(rowsOf(res).filter((r) => r.order_id !== null).length).toBeGreaterThan(0);
    expect(rowsOf(res).some((r) => r.order_id === null)).toBe(true);
  });

  it('pages (default 10) and searches ignoring case and accents', async () => {
    const m = await freshMerchant();
    const first = await list(m.token);
    expect(rowsOf(first)).toHaveLength(10);
    expect(first.body.total_page).toBe(2);
    expect(rowsOf(await list(m.token, '?page=2')).map((r) => r.table_name)).toEqual([
      'Bàn 11',
      'Bàn 12',
      'Sân vườn 1',
      'Sân vườn 2',
      'Sân vườn 3',
    ]);
    expect(rowsOf(await list(m.token, `?q=${encodeURIComponent('SAN VUON 2')}`)).map((r) => r.table_name)).toEqual(['Sân vườn 2']);
    expect(rowsOf(await list(m.token, '?q=ban%201')).map((r) => r.table_name)).toEqual(['Bàn 1', 'Bàn 10', 'Bàn 11', 'Bàn 12']);
    expect(rowsOf(await list(m.token, '?q=%25'))).toEqual([]);
  });

  it('shows an open bill with its dish count and total; a paid one is not open', async () => {
    const m = await freshMerchant();
    const ban3 = rowsOf(await list(m.token, '?q=ban%203'))[0]!;
    const orderId = await openBill(m.id, ban3, [
      { price: 55_000, amount: 2 },
      { price: 20_000, amount: 3 },
    ]);
    const again = rowsOf(await list(m.token, '?q=ban%203'))[0]!;
    expect(again).toMatchObject({ table_id: ban3.table_id, order_id: orderId, product_amount: 5, total_price: 170_000 });
    await t.sandbox.db.query(`UPDATE sale_orders SET status = 0, payment_status = 1 WHERE id = $1`, [orderId]);
    expect(rowsOf(await list(m.token, '?q=ban%203'))[0]).toMatchObject({ order_id: null, product_amount: 0, total_price: 0 });
  });

  it('gives colan none and refuses bad paging and search', async () => {
    const m = await freshMerchant('colan');
    const res = await list(m.token);
    expect(rowsOf(res)).toEqual([]);
    expect(res.body.total_page).toBe(0);
    for (const q of ['?page=0', '?page_size=1001', '?page_size=x', `?q=${'a'.repeat(401)}`, '?q=a&q=b']) {
      const bad = await list(m.token, q);
      expect(bad.status).toBe(400);
      expect(bad.body.error_code).toBe('BAD_REQUEST');
    }
    expect((await t.api('GET', '/api/sale/fnb/table')).status).toBe(401);
  });
});

describe('POST /fnb/table (doc 2 §5 table create)', () => {
  it('creates (201 {code: 201, data: {table_id}}) and the table shows in order', async () => {
    const m = await freshMerchant();
    const res = await create(m.token, body('  Bàn   2A '));
    expect(res.status).toBe(201);
    const { data } = tableCreatedSchema.parse(res.body);
    const rows = rowsOf(await list(m.token, '?page_size=100'));
    const made = rows.find((r) => r.table_id === data.table_id)!;
    expect(made).toMatchObject({ table_name: 'Bàn 2A', max_slot: 4, available_slot: 4, is_available: true, order_id: null });
    expect(rows.map((r) => r.table_name).indexOf('Bàn 2A')).toBe(rows.map((r) => r.table_name).indexOf('Bàn 2') + 1);
  });

  it('refuses a name already used, ignoring case and accents (409 NAME_CODE_EXIST), in parallel too', async () => {
    const m = await freshMerchant();
    for (const name of ['Bàn 1', 'BAN 1', 'ban 1', 'Bán 1']) {
      const res = await create(m.token, body(name));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error_code: 'NAME_CODE_EXIST', data: { field: 'table_name' } });
    }
    const both = await Promise.all([create(m.token, body('Quầy bar')), create(m.token, body('quay BAR'))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // Another merchant may use the same names.
    const other = await freshMerchant();
    expect((await create(other.token, body('Quầy bar'))).status).toBe(201);
  });

  it('names what is missing and refuses wrong types, over-long, control characters and NUL; markup stays text', async () => {
    const m = await freshMerchant();
    for (const b of [{}, body(''), body('   '), body('\u200B'), body(null), body(12), body(['Bàn'])]) {
      const res = await create(m.token, b);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['table_name'] } });
    }
    for (const [b, field] of [
      [body('x'.repeat(51)), 'table_name'],
      [body('Bàn\u0007'), 'table_name'],
      [body('Bàn', { max_slot: -1 }), 'max_slot'],
      [body('Bàn', { max_slot: '4' }), 'max_slot'],
      [body('Bàn', { max_slot: 2.5 }), 'max_slot'],
      [body('Bàn', { max_slot: 2, available_slot: 3 }), 'available_slot'],
      [body('Bàn', { customer_id: 'x' }), 'customer_id'],
      [body('Bàn', { is_available: 'yes' }), 'is_available'],
    ] as const) {
      const res = await create(m.token, b);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field } });
    }
    expect((await create(m.token, body('Bàn\u0000 1'))).status).toBe(400);
    const ok50 = await create(m.token, body('x'.repeat(50)));
    expect(ok50.status).toBe(201);
    const html = await create(m.token, body('<img src=x onerror=alert(1)> 🍜'));
    expect(html.status).toBe(201);
    const rows = rowsOf(await list(m.token, '?page_size=100'));
    expect(rows.some((r) => r.table_name === '<img src=x onerror=alert(1)> 🍜')).toBe(true);
    const notJson = await t.api('POST', '/api/sale/fnb/table', { token: m.token, body: 'Bàn', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
  });
});

describe('PUT /fnb/table/{id} (doc 2 §5 rename)', () => {
  it('renames with the spec’s body and answers the table; the old name is free again', async () => {
    const m = await freshMerchant();
    const ban5 = rowsOf(await list(m.token, '?q=ban%205'))[0]!;
    const res = await update(m.token, ban5.table_id, {
      table_id: ban5.table_id,
      table_name: 'Bàn VIP',
      max_slot: 0,
      available_slot: 0,
      is_available: true,
    });
    expect(res.status).toBe(200);
    expect(tableSchema.parse(res.body.data)).toMatchObject({ table_id: ban5.table_id, table_name: 'Bàn VIP', max_slot: 0 });
    expect((await create(m.token, body('Bàn 5'))).status).toBe(201);
    // Renaming to itself (another case) is allowed; to another table's name is not.
    expect((await update(m.token, ban5.table_id, { table_name: 'bàn vip' })).status).toBe(200);
    const taken = await update(m.token, ban5.table_id, { table_name: 'Bàn 6' });
    expect(taken.status).toBe(409);
    expect(taken.body.error_code).toBe('NAME_CODE_EXIST');
  });

  it('keeps the open bill on a renamed table', async () => {
    const m = await freshMerchant();
    const ban7 = rowsOf(await list(m.token, '?q=ban%207'))[0]!;
    const orderId = await openBill(m.id, ban7, [{ price: 30_000, amount: 1 }], 1);
    const res = await update(m.token, ban7.table_id, {
      table_id: ban7.table_id,
      table_name: 'Bàn 7 (cửa sổ)',
      max_slot: 0,
      available_slot: 0,
      is_available: true,
    });
    expect(res.body.data).toMatchObject({ order_id: orderId, product_amount: 1, total_price: 30_000 });
  });

  it('another merchant’s table, a missing one or a body naming another id is refused', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const mine = rowsOf(await list(a.token))[0]!;
    const res = await update(b.token, mine.table_id, body('Lấy trộm'));
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NOT_FOUND');
    expect((await update(a.token, 'abc', body('x'))).status).toBe(404);
    expect((await update(a.token, 999_999_999, body('x'))).status).toBe(404);
    const other = await update(a.token, mine.table_id, body('x', { table_id: mine.table_id + 1 }));
    expect(other.status).toBe(400);
    expect(other.body.data.field).toBe('table_id');
    expect(rowsOf(await list(a.token))[0]!.table_name).toBe(mine.table_name);
  });
});

describe('DELETE /fnb/table/{id}', () => {
  it('removes a table without a bill; again is 404', async () => {
    const m = await freshMerchant();
    const ban9 = rowsOf(await list(m.token, '?q=ban%209'))[0]!;
    const res = await remove(m.token, ban9.table_id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ table_id: ban9.table_id });
    expect(rowsOf(await list(m.token, '?q=ban%209'))).toEqual([]);
    expect((await remove(m.token, ban9.table_id)).status).toBe(404);
  });

  it('refuses while a bill is open (409 TABLE_HAS_ORDER), allows once it is paid', async () => {
    const m = await freshMerchant();
    const ban2 = rowsOf(await list(m.token, '?q=ban%202'))[0]!;
    const orderId = await openBill(m.id, ban2, [{ price: 10_000, amount: 1 }]);
    const res = await remove(m.token, ban2.table_id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error_code: 'TABLE_HAS_ORDER', data: { table_id: ban2.table_id, order_id: orderId } });
    await t.sandbox.db.query(`UPDATE sale_orders SET status = 0, payment_status = 1 WHERE id = $1`, [orderId]);
    expect((await remove(m.token, ban2.table_id)).status).toBe(200);
  });

  it('another merchant’s table answers as if it did not exist, and stays', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const mine = rowsOf(await list(a.token))[0]!;
    expect((await remove(b.token, mine.table_id)).status).toBe(404);
    expect(rowsOf(await list(a.token))[0]!.table_id).toBe(mine.table_id);
  });

  it('is open to staff-type users (D135)', async () => {
    const { access_token } = await t.login('phoco.staff', 'Staff@2026');
    expect(rowsOf(await list(access_token)).length).toBe(10);
  });
});
