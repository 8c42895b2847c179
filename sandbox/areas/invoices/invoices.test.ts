// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCancelledSchema, invoiceCreatedSchema, invoiceRowsSchema, type InvoiceRow } from '../../../src/services/invoices/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string; password: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  return { id: made.body.merchant_id, token: access_token, password: made.body.password };
}

let keys = 0;
const newKey = () => `test-${process.pid}-${(keys += 1)}-${Math.random().toString(36).slice(2)}`;
const list = (token: string, query = '') => t.api('GET', `/api/sale/invoice${query}`, { token });
const sell = (token: string, body: unknown, key: string | null = newKey()) =>
  t.api('POST', '/api/sale/invoice', { token, body, headers: key === null ? {} : { 'idempotency-key': key } });
const cancel = (token: string, id: number | string) => t.api('DELETE', `/api/sale/invoice/${id}`, { token });
const rowsOf = (res: { body: { data: unknown } }): InvoiceRow[] => invoiceRowsSchema.parse(res.body.data);

/** Products on sale (status 0) and one that is not, of the merchant's catalogue. */
async function products(token: string) {
  const res = await t.api('GET', '/api/sale/inventory/product?page_size=100', { token });
  const all = res.body.data as Array<{ product_id: number; price: number; status: number; name: string }>;
  return { onSale: all.filter((p) => p.status === 0), off: all.find((p) => p.status !== 0)! };
}

async function customer(token: string) {
  const res = await t.api('GET', '/api/sale/customer?page_size=1', { token });
  return res.body.data.customers[0] as { customer_id: number; point: number; total_spending: number; total_orders: number };
}

describe('POST /invoice (a sale recorded at the counter)', () => {
  it('records a paid sale at catalogue prices that heads the list, with its code and method', async () => {
    const m = await freshMerchant();
    const { onSale } = await products(m.token);
    const [a, b] = onSale;
    const res = await sell(m.token, {
      products: [
        { product_id: a!.product_id, amount: 2 },
        { product_id: b!.product_id, amount: 1 },
      ],
      customer_id: 0,
      payment_method: 'CASH',
      note: 'Mang về',
    });
    expect(res.status).toBe(201);
    const { data } = invoiceCreatedSchema.parse(res.body);
    expect(data.invoice_code).toBe(`HD${data.invoice_id}`);
    const top = rowsOf(await list(m.token))[0]!;
    expect(top).toMatchObject({
      invoice_id: data.invoice_id,
      invoice_code: data.invoice_code,
      payment_method: 'CASH',
      status: 1,
      total_amount: a!.price * 2 + b!.price,
    });
    // It is a completed order of the orders area, with its lines.
    const [order] = await t.sandbox.db.query<{ status: number; payment_status: number; table_id: number | null; note: string }>(
      `SELECT status, payment_status, table_id, note FROM sale_orders WHERE invoice_id = $1`,
      [data.invoice_id],
    );
    expect(order).toEqual({ status: 0, payment_status: 1, table_id: null, note: 'Mang về' });
  });

  it('gives a chosen customer the spending and one more order; unknown customer 404', async () => {
    const m = await freshMerchant();
    const { onSale } = await products(m.token);
    const c = await customer(m.token);
    const res = await sell(m.token, {
      products: [{ product_id: onSale[0]!.product_id, amount: 3 }],
      customer_id: c.customer_id,
      payment_method: 'QR',
    });
    expect(res.status).toBe(201);
    const after = (await t.api('GET', `/api/sale/customer/${c.customer_id}`, { token: m.token })).body.data;
    expect(after.total_spending).toBe(c.total_spending + onSale[0]!.price * 3);
    expect(after.total_orders).toBe(c.total_orders + 1);
    const other = await freshMerchant();
    const foreign = await sell(other.token, {
      products: [{ product_id: (await products(other.token)).onSale[0]!.product_id, amount: 1 }],
      customer_id: c.customer_id,
      payment_method: 'QR',
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a product not on sale or another merchant’s (409 PRODUCT_NOT_AVAILABLE)', async () => {
    const m = await freshMerchant();
    const { onSale, off } = await products(m.token);
    const res = await sell(m.token, {
      products: [
        { product_id: onSale[0]!.product_id, amount: 1 },
        { product_id: off.product_id, amount: 1 },
      ],
      customer_id: 0,
      payment_method: 'CARD',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error_code: 'PRODUCT_NOT_AVAILABLE', data: { product_id: off.product_id } });
    const other = await freshMerchant('colan');
    const foreign = await sell(other.token, {
      products: [{ product_id: onSale[0]!.product_id, amount: 1 }],
      customer_id: 0,
      payment_method: 'CARD',
    });
    expect(foreign.status).toBe(409);
    expect(rowsOf(await list(other.token, '?q=HD'))).toEqual([]);
    expect(other.id).not.toBe(m.id);
  });

  it('names what is missing and refuses wrong shapes', async () => {
    const m = await freshMerchant();
    const id = (await products(m.token)).onSale[0]!.product_id;
    const line = [{ product_id: id, amount: 1 }];
    const missing = await sell(m.token, { customer_id: 0 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['products', 'payment_method'] } });
    for (const [body, field] of [
      [{ products: [{ product_id: id, amount: 0 }], payment_method: 'CASH' }, 'amount'],
      [{ products: [{ product_id: id, amount: 1000 }], payment_method: 'CASH' }, 'amount'],
      [
        {
          products: [
            { product_id: id, amount: 600 },
            { product_id: id, amount: 600 },
          ],
          payment_method: 'CASH',
        },
        'amount',
      ],
      [{ products: [{ product_id: id, amount: '1' }], payment_method: 'CASH' }, 'amount'],
      [{ products: [{ product_id: 'x', amount: 1 }], payment_method: 'CASH' }, 'product_id'],
      [{ products: Array.from({ length: 101 }, () => ({ product_id: id, amount: 1 })), payment_method: 'CASH' }, 'products'],
      [{ products: line, payment_method: 'LINK' }, 'payment_method'],
      [{ products: line, payment_method: 'CASH', customer_id: -1 }, 'customer_id'],
      [{ products: line, payment_method: 'CASH', note: 'x'.repeat(501) }, 'note'],
      [{ products: line, payment_method: 'CASH', note: 'a\u0007b' }, 'note'],
    ] as const) {
      const res = await sell(m.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.data.field).toBe(field);
    }
    const html = await sell(m.token, { products: line, payment_method: 'CASH', note: '<script>alert(1)</script>' });
    expect(html.status).toBe(201);
  });
});

describe('Idempotency-Key on POST /invoice', () => {
  it('is required (400 REQUIRED) and must be 1..255 visible characters', async () => {
    const m = await freshMerchant();
    const body = { products: [{ product_id: (await products(m.token)).onSale[0]!.product_id, amount: 1 }], payment_method: 'CASH' };
    const none = await sell(m.token, body, null);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['Idempotency-Key'] } });
    expect((await sell(m.token, body, 'x'.repeat(256))).status).toBe(400);
    expect((await sell(m.token, body, 'has space')).status).toBe(400);
    expect((await sell(m.token, body, 'x'.repeat(255))).status).toBe(201);
  });

  it('replays the first answer to a repeat, 20 concurrent repeats make one sale, another body is 422', async () => {
    const m = await freshMerchant();
    const id = (await products(m.token)).onSale[0]!.product_id;
    const body = { products: [{ product_id: id, amount: 2 }], customer_id: 0, payment_method: 'CARD' };
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => sell(m.token, body, key)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.data.invoice_id)).size).toBe(1);
    expect(rowsOf(await list(m.token, '?q=HD&page_size=100')).length).toBe(1);
    // Same body with its keys in another order is the same request.
    const again = await sell(m.token, { payment_method: 'CARD', customer_id: 0, products: [{ amount: 2, product_id: id }] }, key);
    expect(again.status).toBe(201);
    expect(again.body.data.invoice_id).toBe(answers[0]!.body.data.invoice_id);
    const reused = await sell(m.token, { ...body, payment_method: 'QR' }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same key is another merchant's own.
    const other = await freshMerchant();
    const theirs = await sell(
      other.token,
      { ...body, products: [{ product_id: (await products(other.token)).onSale[0]!.product_id, amount: 2 }] },
      key,
    );
    expect(theirs.status).toBe(201);
  });

  it('stores an error answer too; after 24 h the key is free again', async () => {
    const m = await freshMerchant();
    const { onSale, off } = await products(m.token);
    const key = newKey();
    const body = { products: [{ product_id: off.product_id, amount: 1 }], payment_method: 'CASH' };
    expect((await sell(m.token, body, key)).status).toBe(409);
    // Put back on sale: the stored answer still says 409 for this key.
    await t.sandbox.db.query(`UPDATE products SET status = 0 WHERE id = $1`, [off.product_id]);
    expect((await sell(m.token, body, key)).status).toBe(409);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 24 * 3600 + 1 } });
    // The access token has expired meanwhile; the owner signs in again.
    const [owner] = await t.sandbox.db.query<{ username: string }>(`SELECT username FROM users WHERE merchant_id = $1 LIMIT 1`, [m.id]);
    expect(owner).toBeDefined();
    const token = (await t.login(owner!.username, m.password)).access_token;
    expect((await sell(token, body, key)).status).toBe(201);
    await t.api('POST', '/sandbox/clock/reset');
    expect(onSale.length).toBeGreaterThan(0);
  });
});

describe('GET /invoice and DELETE /invoice/{id}', () => {
  it('searches the invoice number (contains, case-insensitive), pages, and cancels keeping the row', async () => {
    const m = await freshMerchant();
    const id = (await products(m.token)).onSale[0]!.product_id;
    const made = [];
    for (let i = 0; i < 3; i += 1)
      made.push(
        invoiceCreatedSchema.parse((await sell(m.token, { products: [{ product_id: id, amount: 1 }], payment_method: 'CASH' })).body).data,
      );
    // Counter sales are HD…; the seeded paid orders (DH…) are invoices too, older than these.
    const all = await list(m.token, '?q=HD&page_size=2');
    expect(all.body).toMatchObject({ total_page: 2, total_count: 3, page: 1, page_size: 2 });
    expect(rowsOf(all)[0]!.invoice_id).toBe(made[2]!.invoice_id);
    const everything = await list(m.token, '?page_size=100');
    expect(rowsOf(everything)[0]!.invoice_id).toBe(made[2]!.invoice_id);
    expect(everything.body.total_count).toBeGreaterThan(3);
    expect(rowsOf(everything).every((r) => r.status === 1 || r.status === 2)).toBe(true);
    const code = made[1]!.invoice_code;
    expect(rowsOf(await list(m.token, `?q=${code.toLowerCase()}`)).map((r) => r.invoice_id)).toEqual([made[1]!.invoice_id]);
    expect(rowsOf(await list(m.token, `?q=${code.slice(3)}`)).map((r) => r.invoice_id)).toContain(made[1]!.invoice_id);
    expect(rowsOf(await list(m.token, '?q=%25'))).toEqual([]);

    const res = await cancel(m.token, made[1]!.invoice_id);
    expect(res.status).toBe(200);
    expect(invoiceCancelledSchema.parse(res.body.data)).toEqual({ invoice_id: made[1]!.invoice_id, status: 2 });
    expect((await cancel(m.token, made[1]!.invoice_id)).status).toBe(200);
    const row = rowsOf(await list(m.token, `?q=${code}`))[0]!;
    expect(row.status).toBe(2);
  });

  it('another merchant’s invoice, an unpaid order and a bad id answer 404; bad paging 400', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const id = (await products(a.token)).onSale[0]!.product_id;
    const made = invoiceCreatedSchema.parse(
      (await sell(a.token, { products: [{ product_id: id, amount: 1 }], payment_method: 'CASH' })).body,
    ).data;
    expect((await cancel(b.token, made.invoice_id)).status).toBe(404);
    expect(rowsOf(await list(a.token))[0]!.status).toBe(1);
    const [open] = await t.sandbox.db.query<{ invoice_id: number }>(
      `INSERT INTO sale_orders (merchant_id, order_code, status, folded, created_at, updated_at) VALUES ($1, 'OPEN-1', 2, '', 1, 1) RETURNING invoice_id`,
      [a.id],
    );
    expect((await cancel(a.token, open!.invoice_id)).status).toBe(404);
    expect(rowsOf(await list(a.token, '?q=OPEN'))).toEqual([]);
    expect((await cancel(a.token, 'abc')).status).toBe(404);
    for (const q of ['?page=0', '?page_size=101', `?q=${'x'.repeat(201)}`]) expect((await list(a.token, q)).status).toBe(400);
    expect((await t.api('GET', '/api/sale/invoice')).status).toBe(401);
  });

  it('is open to staff-type users (D136)', async () => {
    const { access_token } = await t.login('phoco.staff', 'Staff@2026');
    expect((await list(access_token)).status).toBe(200);
  });
});
