// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { errorSchema, FNB_TABLES_IF_ABSENT, orderDetailSchema, orderListSchema, orderSchema } from '../../platform/test/sale-contract';

/** The orders area's calls (docs/areas/orders.md "Service calls") against the issue-13 contract. */

let t: TestSandbox;
let m: { id: string; token: string };
let colan: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  // A copy of phoco of its own: the tests below change its orders.
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  const copy = made.body.data ?? made.body;
  m = { id: copy.merchant_id, token: (await t.login(copy.username, copy.password)).access_token };
  colan = (await t.login('colan', 'Colan@2026')).access_token;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
const sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => as(m.token)(method, path, body, headers);
const trigger = (name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: m.id, ...body } });

async function products(token = m.token) {
  const res = await as(token)('GET', '/inventory/product?page_size=100');
  return res.body.data as Array<{ product_id: number; code: string; price: number; status: number }>;
}

async function newOrder(): Promise<number> {
  const res = await sale('POST', '/order', { table_id: null });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ code: 201 });
  return res.body.data.order_id;
}

const detail = async (id: number) => orderDetailSchema.parse((await sale('GET', `/order/${id}`)).body.data);

describe('seed', () => {
  it('phoco has 150 completed orders over 30 days with every method and source, and the evening’s open bills', async () => {
    const all = orderListSchema.parse((await sale('GET', '/order?page_size=10000')).body);
    const done = all.data.filter((o) => o.status === 0);
    expect(done.length).toBe(152);
    expect(new Set(done.map((o) => o.payment_method))).toEqual(new Set(['QR', 'CASH', 'CARD', 'LINK']));
    expect(new Set(all.data.map((o) => o.source))).toEqual(new Set(['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER']));
    const open = all.data.filter((o) => o.status !== 0).map((o) => [o.order_code.slice(-2), o.status, o.table_name]);
    expect(open.sort()).toEqual([
      ['01', 2, 'Bàn 1'],
      ['02', 1, 'Bàn 4'],
      ['03', 1, 'Bàn 8'],
      ['06', 2, 'Bàn 10'],
    ]);
    const ages = done.map((o) => o.created_at);
    const now = Math.floor(Date.now() / 1000);
    expect(Math.min(...ages)).toBeGreaterThan(now - 31 * 86_400);
    expect(Math.min(...ages)).toBeLessThan(now - 28 * 86_400);
    // Every completed order is paid, with its lines' total, and cash carries the change.
    for (const o of done) {
      expect(o.payment_status).toBe(1);
      if (o.payment_method === 'CASH') expect(o.receive_amount - o.return_amount).toBe(o.total_price);
    }
    const one = await detail(done[0]!.order_id);
    expect(one.products_data.reduce((s, l) => s + l.price * l.amount, 0)).toBe(one.invoice_data.total_price);
    expect(one.invoice_data.product_amount).toBe(one.products_data.reduce((s, l) => s + l.amount, 0));
    expect(done.some((o) => o.customer_id !== 0 && o.name !== 'Khách lẻ' && o.phone_number)).toBe(true);
    expect(done.some((o) => o.is_eiv_exported && o.cqt_code && o.eiv_code?.startsWith(`${o.cqt_code}::`))).toBe(true);
  });

  it('colan has 300 completed counter orders without tables', async () => {
    const all = orderListSchema.parse((await as(colan)('GET', '/order?page_size=10000')).body);
    expect(all.total_count).toBe(300);
    expect(all.data.every((o) => o.status === 0 && o.table_id === null && o.table_name === null)).toBe(true);
  });
});

describe('GET /order (list)', () => {
  it('pages newest change first, with the contract envelope', async () => {
    const first = orderListSchema.parse((await sale('GET', '/order?page=1&page_size=5')).body);
    const second = orderListSchema.parse((await sale('GET', '/order?page=2&page_size=5')).body);
    expect(first.data).toHaveLength(5);
    expect(first.total_page).toBe(Math.ceil(first.total_count / 5));
    const times = [...first.data, ...second.data].map((o) => o.updated_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set([...first.data, ...second.data].map((o) => o.order_id)).size).toBe(10);
  });

  it('filters by status, e-invoice, source and creation time', async () => {
    for (const status of [0, 1, 2]) {
      const list = orderListSchema.parse((await sale('GET', `/order?order_status=${status}&page_size=10000`)).body);
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.data.every((o) => o.status === status)).toBe(true);
    }
    const exported = orderListSchema.parse((await sale('GET', '/order?is_eiv_exported=1&page_size=10000')).body);
    expect(exported.data.length).toBeGreaterThan(0);
    expect(exported.data.every((o) => o.is_eiv_exported)).toBe(true);
    const kiosk = orderListSchema.parse((await sale('GET', '/order?source=KIOSK&page_size=10000')).body);
    expect(kiosk.data.length).toBeGreaterThan(0);
    expect(kiosk.data.every((o) => o.source === 'KIOSK')).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const week = orderListSchema.parse((await sale('GET', `/order?from=${now - 7 * 86_400}&to=${now + 60}&page_size=10000`)).body);
    const all = orderListSchema.parse((await sale('GET', '/order?page_size=10000')).body);
    expect(week.data.every((o) => o.created_at >= now - 7 * 86_400)).toBe(true);
    expect(week.total_count).toBe(all.data.filter((o) => o.created_at >= now - 7 * 86_400 && o.created_at <= now + 60).length);
  });

  it('searches code, table, customer name and phone ignoring case and accents', async () => {
    const all = orderListSchema.parse((await sale('GET', '/order?page_size=10000')).body).data;
    const q = async (text: string) =>
      orderListSchema.parse((await sale('GET', `/order?page_size=10000&q=${encodeURIComponent(text)}`)).body).data;
    const bill = all.find((o) => o.table_name === 'Bàn 4' && o.status === 1)!;
    expect((await q('ban 4')).map((o) => o.order_id)).toContain(bill.order_id);
    expect((await q('BÀN 4')).map((o) => o.order_id)).toContain(bill.order_id);
    // Every word must match: a table of another name and number is left out.
    expect((await q('sân vườn 4')).map((o) => o.order_id)).not.toContain(bill.order_id);
    expect((await q(bill.order_code.toLowerCase())).map((o) => o.order_id)).toEqual([bill.order_id]);
    const withCustomer = all.find((o) => o.customer_id !== 0)!;
    const plainName = withCustomer.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D');
    expect((await q(plainName.toUpperCase())).map((o) => o.order_id)).toContain(withCustomer.order_id);
    expect((await q(withCustomer.phone_number!)).map((o) => o.order_id)).toContain(withCustomer.order_id);
    // LIKE's wildcards are plain characters.
    expect(await q('%')).toEqual([]);
    expect(await q('_')).toEqual([]);
  });

  it('refuses bad paging and filters with 400 BAD_REQUEST {field}', async () => {
    for (const [query, field] of [
      ['page_size=10001', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page=-1', 'page'],
      ['order_status=3', 'order_status'],
      ['is_eiv_exported=true', 'is_eiv_exported'],
      ['source=SHOP', 'source'],
      ['from=yesterday', 'from'],
      ['from=200&to=100', 'from'],
      [`q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await sale('GET', `/order?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorSchema.parse(res.body)).toMatchObject({ error_code: 'BAD_REQUEST', data: { field } });
    }
  });

  it('survives hostile search text', async () => {
    for (const text of ['<script>alert(1)</script>', "'; DROP TABLE sale_orders; --", '😀🍜', 'a\u0000b', '\\', 'ư'.repeat(100)]) {
      const res = await sale('GET', `/order?q=${encodeURIComponent(text)}`);
      expect([200, 400], text).toContain(res.status);
      if (res.status === 200) orderListSchema.parse(res.body);
    }
    expect((await sale('GET', '/order?q=a&q=b')).status).toBe(400);
  });
});

describe('an order’s life: selecting → handling → completed', () => {
  it('opens as selecting (2) without a table, confirms to handling (1) once, and refuses every change once paid', async () => {
    const id = await newOrder();
    const opened = await detail(id);
    expect(opened.invoice_data).toMatchObject({
      status: 2,
      payment_status: 0,
      table_id: null,
      customer_id: 0,
      name: 'Khách lẻ',
      total_price: 0,
    });
    expect(opened.invoice_data.invoice_id).not.toBe(id);
    expect(opened.invoice_data.invoice_code).toBe(opened.invoice_data.order_code);
    expect(opened.products_data).toEqual([]);

    const confirmed = await sale('PUT', '/order/confirm', { order_id: id });
    expect(orderSchema.parse(confirmed.body.data).status).toBe(1);
    expect(orderSchema.parse((await sale('PUT', '/order/confirm', { order_id: id })).body.data).status).toBe(1);
    expect(orderSchema.parse((await sale('PUT', `/order/${id}/1`)).body.data).status).toBe(1);
    for (const status of ['0', '2', '7', 'x']) expect((await sale('PUT', `/order/${id}/${status}`)).status, status).toBe(400);

    const [dish] = (await products()).filter((p) => p.status === 0);
    await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: dish!.product_id, amount: 2 }] });
    const invoice = await detail(id);
    const paid = await sale(
      'POST',
      '/payment/cash',
      {
        invoice_id: invoice.invoice_data.invoice_id,
        payment_method: 'CASH',
        receive_amount: 500_000,
        return_amount: 500_000 - invoice.invoice_data.total_price,
      },
      { 'idempotency-key': `life-${id}` },
    );
    expect(paid.status).toBe(200);
    const done = await detail(id);
    expect(done.invoice_data).toMatchObject({ status: 0, payment_status: 1, payment_method: 'CASH', receive_amount: 500_000 });

    for (const [method, path, body] of [
      ['PUT', '/order/confirm', { order_id: id }],
      ['PUT', `/order/${id}/1`, undefined],
      ['PUT', '/order/product', { order_id: id, products: [{ product_id: dish!.product_id, amount: 1 }] }],
      ['PUT', '/order/customer', { order_id: id, customer_id: 0 }],
    ] as const) {
      const res = await sale(method, path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.error_code).toBe('ORDER_COMPLETED');
    }
    expect((await detail(id)).products_data[0]!.amount).toBe(2);
  });

  it('reads the invoice by order id (is_orderid=true) or by invoice id, and refuses what is not an id', async () => {
    const id = await newOrder();
    const byOrder = (await sale('GET', `/invoice/${id}?is_orderid=true`)).body.data;
    const byInvoice = (await sale('GET', `/invoice/${byOrder.invoice_data.invoice_id}`)).body.data;
    expect(orderDetailSchema.parse(byInvoice)).toEqual(orderDetailSchema.parse(byOrder));
    expect((await sale('GET', `/invoice/${id}`)).status).toBe(404);
    expect((await sale('GET', '/order/abc')).status).toBe(400);
    expect((await sale('GET', '/order/99999999999')).status).toBe(400);
    expect((await sale('GET', '/order/2147483647')).status).toBe(404);
  });
});

describe('PUT /order/product (add dishes)', () => {
  it('adds at the catalogue price whatever the client says, and keeps a line’s price when the catalogue changes', async () => {
    const id = await newOrder();
    const [a, b] = (await products()).filter((p) => p.status === 0);
    const res = await sale('PUT', '/order/product', {
      order_id: id,
      products: [
        { product_id: a!.product_id, amount: 2, price: 1 },
        { product_id: b!.product_id, amount: 1, price: 0 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.code).toBe(201);
    const added = orderDetailSchema.parse(res.body.data);
    expect(added.products_data.map((l) => [l.product_id, l.amount, l.price])).toEqual([
      [a!.product_id, 2, a!.price],
      [b!.product_id, 1, b!.price],
    ]);
    expect(added.invoice_data.total_price).toBe(2 * a!.price + b!.price);
    expect(added.invoice_data.product_amount).toBe(3);

    // The catalogue raises a's price: the line keeps the price it was added at.
    const full = (await sale('GET', `/inventory/product/${a!.code}`)).body.data.product;
    const raised = await sale('PUT', `/inventory/product/${a!.code}`, {
      name: full.name,
      code: full.code,
      price: a!.price + 10_000,
      img: full.img,
    });
    expect(raised.status).toBe(200);
    const again = orderDetailSchema.parse(
      (await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: a!.product_id, amount: 1 }] })).body.data,
    );
    expect(again.products_data.find((l) => l.product_id === a!.product_id)).toMatchObject({ amount: 3, price: a!.price });
    expect(again.invoice_data.total_price).toBe(3 * a!.price + b!.price);
    // Confirm is not required first: the portal confirms, then adds (doc 2 §4), but the service accepts either order.
    expect(again.invoice_data.status).toBe(2);
  });

  it('refuses products not on sale (out of stock, closed, another merchant’s, missing) with PRODUCT_NOT_AVAILABLE {product_id}', async () => {
    const id = await newOrder();
    const mine = await products();
    const notOnSale = mine.find((p) => p.status !== 0)!;
    const theirs = (await products(colan))[0]!;
    for (const productId of [notOnSale.product_id, theirs.product_id, 2_000_000_000]) {
      const res = await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: productId, amount: 1 }] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error_code: 'PRODUCT_NOT_AVAILABLE', data: { product_id: productId } });
    }
    expect((await detail(id)).products_data).toEqual([]);
  });

  it('checks every field: REQUIRED for what is missing, BAD_REQUEST {field} for what is out of range', async () => {
    const id = await newOrder();
    const dish = (await products()).find((p) => p.status === 0)!;
    const line = (amount: unknown) => ({ order_id: id, products: [{ product_id: dish.product_id, amount }] });
    for (const [body, code, field] of [
      [{ products: [{ product_id: dish.product_id, amount: 1 }] }, 'REQUIRED', 'order_id'],
      [{ order_id: String(id), products: [] }, 'REQUIRED', 'order_id'],
      [{ order_id: id }, 'REQUIRED', 'products'],
      [{ order_id: id, products: [] }, 'REQUIRED', 'products'],
      [{ order_id: id, products: 'PC001' }, 'REQUIRED', 'products'],
      [{ order_id: id, products: [{ amount: 1 }] }, 'REQUIRED', 'product_id'],
      [line(0), 'BAD_REQUEST', 'amount'],
      [line(1000), 'BAD_REQUEST', 'amount'],
      [line(1.5), 'BAD_REQUEST', 'amount'],
      [line('2'), 'BAD_REQUEST', 'amount'],
      [line(null), 'BAD_REQUEST', 'amount'],
      [
        { order_id: id, products: Array.from({ length: 101 }, () => ({ product_id: dish.product_id, amount: 1 })) },
        'BAD_REQUEST',
        'products',
      ],
    ] as const) {
      const res = await sale('PUT', '/order/product', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error_code).toBe(code);
      const data = res.body.data as { field?: string; fields?: string[] };
      expect(data.field ?? data.fields?.[0]).toBe(field);
    }
    expect(
      (await sale('PUT', '/order/product', { order_id: 2_000_000_000, products: [{ product_id: dish.product_id, amount: 1 }] })).status,
    ).toBe(404);
  });

  it('with an Idempotency-Key adds once however often it is sent; the key with another body is refused', async () => {
    const id = await newOrder();
    const dish = (await products()).find((p) => p.status === 0)!;
    const body = { order_id: id, products: [{ product_id: dish.product_id, amount: 2 }] };
    const headers = { 'idempotency-key': `add-${id}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sale('PUT', '/order/product', body, headers)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect((await detail(id)).products_data[0]!.amount).toBe(2);
    const reused = await sale('PUT', '/order/product', { ...body, products: [{ product_id: dish.product_id, amount: 3 }] }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await sale('PUT', '/order/product', body, { 'idempotency-key': 'has space' })).status).toBe(400);
    expect((await sale('PUT', '/order/product', body, { 'idempotency-key': 'k'.repeat(256) })).status).toBe(400);
  });
});

describe('PUT /order/customer', () => {
  it('attaches one of the merchant’s customers (0 = walk-in); another merchant’s is 404', async () => {
    const id = await newOrder();
    const customer = (await sale('GET', '/customer?page_size=1')).body.data.customers[0];
    const attached = orderSchema.parse(
      (await sale('PUT', '/order/customer', { order_id: id, customer_id: customer.customer_id })).body.data,
    );
    expect(attached).toMatchObject({ customer_id: customer.customer_id, name: customer.name, phone_number: customer.phone_number });
    const found = orderListSchema.parse((await sale('GET', `/order?q=${encodeURIComponent(customer.phone_number)}&page_size=10000`)).body);
    expect(found.data.map((o) => o.order_id)).toContain(id);
    const back = orderSchema.parse((await sale('PUT', '/order/customer', { order_id: id, customer_id: 0 })).body.data);
    expect(back).toMatchObject({ customer_id: 0, name: 'Khách lẻ', phone_number: null });
    const theirs = await as(colan)('GET', '/customer?page_size=1');
    const theirId = theirs.body.data.customers[0].customer_id;
    expect((await sale('PUT', '/order/customer', { order_id: id, customer_id: theirId })).status).toBe(404);
    expect((await sale('PUT', '/order/customer', { order_id: id, customer_id: -1 })).body.error_code).toBe('REQUIRED');
  });
});

describe('scoping and roles', () => {
  it("answers another merchant's order as a missing one, on every call", async () => {
    const id = await newOrder();
    const invoiceId = (await detail(id)).invoice_data.invoice_id;
    const other = as(colan);
    for (const [method, path, body] of [
      ['GET', `/order/${id}`, undefined],
      ['GET', `/invoice/${id}?is_orderid=true`, undefined],
      ['GET', `/invoice/${invoiceId}`, undefined],
      ['PUT', '/order/confirm', { order_id: id }],
      ['PUT', `/order/${id}/1`, undefined],
      ['PUT', '/order/product', { order_id: id, products: [{ product_id: 1, amount: 1 }] }],
      ['PUT', '/order/customer', { order_id: id, customer_id: 0 }],
    ] as const) {
      const res = await other(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    }
    const theirList = orderListSchema.parse((await other('GET', '/order?page_size=10000')).body);
    expect(theirList.data.some((o) => o.order_id === id)).toBe(false);
  });

  it('is open to staff-type users (a cashier is staff) and closed without a token', async () => {
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    expect((await as(staff)('GET', '/order?page_size=1')).status).toBe(200);
    const created = await as(staff)('POST', '/order', { table_id: null });
    expect(created.status).toBe(201);
    expect((await as(staff)('PUT', '/order/confirm', { order_id: created.body.data.order_id })).status).toBe(200);
    expect((await t.api('GET', '/api/sale/order')).status).toBe(401);
  });
});

describe('tables: one open bill per table', () => {
  it('POST /order on a table opens its bill once: a second tab gets the same order (200 existing)', async () => {
    await t.sandbox.db.exec(FNB_TABLES_IF_ABSENT);
    const [table] = await t.sandbox.db.query<{ id: number }>(
      `INSERT INTO fnb_tables (merchant_id, table_name, folded_name, max_slot, available_slot, created_at)
       VALUES ($1, 'Bàn Thử 1', 'ban thu 1', 4, 4, 0) RETURNING id`,
      [m.id],
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => sale('POST', '/order', { table_id: table!.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.order_id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 200).every((a) => a.body.code === 200 && a.body.data.existing === true)).toBe(true);
    const order = await detail(answers[0]!.body.data.order_id);
    expect(order.invoice_data).toMatchObject({ table_id: table!.id, table_name: 'Bàn Thử 1', status: 2 });
    expect((await sale('POST', '/order', { table_id: 2_000_000_000 })).status).toBe(404);
    expect((await as(colan)('POST', '/order', { table_id: table!.id })).status).toBe(404);
    for (const bad of ['1', -1, 1.5, true, {}])
      expect((await sale('POST', '/order', { table_id: bad })).status, JSON.stringify(bad)).toBe(400);
  });

  it('trigger table-order opens the table’s bill (notification 0), then adds to it (notification 2)', async () => {
    await t.sandbox.db.exec(FNB_TABLES_IF_ABSENT);
    await t.sandbox.db.query(
      `INSERT INTO fnb_tables (merchant_id, table_name, folded_name, max_slot, available_slot, created_at)
       VALUES ($1, 'Bàn Thử 2', 'ban thu 2', 4, 4, 0) ON CONFLICT DO NOTHING`,
      [m.id],
    );
    const socket = io(`${t.url}/sale`, { path: '/socket.io', auth: { token: m.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const dishes = (await products()).filter((p) => p.status === 0);
    let heard = new Promise<{ notification_type: number; order_id: number; table_name: string }>((r) => socket.once('notification', r));
    const first = await trigger('table-order', { table: 'ban thu 2', products: `${dishes[0]!.code}:2,${dishes[1]!.code}` });
    expect(first.status).toBe(200);
    const opened = await heard;
    expect(opened).toMatchObject({ notification_type: 0, table_name: 'Bàn Thử 2' });
    const order = await detail(opened.order_id);
    expect(order.invoice_data).toMatchObject({ status: 2, source: 'WEBSITE', product_amount: 3 });

    heard = new Promise((r) => socket.once('notification', r));
    await trigger('table-order', { table: 'Bàn Thử 2', products: dishes[0]!.code });
    expect(await heard).toMatchObject({ notification_type: 2, order_id: opened.order_id });
    expect((await detail(opened.order_id)).products_data.find((l) => l.product_id === dishes[0]!.product_id)?.amount).toBe(3);

    const list = (await sale('GET', '/notification?notification_type=2')).body.data as Array<{ order_id: number }>;
    expect(list[0]!.order_id).toBe(opened.order_id);
    expect((await trigger('table-order', { table: 'Không có bàn này' })).status).toBe(404);
    expect((await trigger('table-order', { table: 'Bàn Thử 2', products: 'NOPE:1' })).status).toBe(409);
    expect((await trigger('table-order', { table: 'Bàn Thử 2', products: 'PC001:0' })).status).toBe(400);
  });
});

describe('a pending payment locks the order’s dishes (issue 24 §1, D214)', () => {
  it('issue 24 §1: PUT /order/product is refused with 409 ORDER_PAYMENT_PENDING while the order’s VietQR is pending, and works again once it is cancelled', async () => {
    const id = await newOrder();
    const dishes = (await products()).filter((p) => p.status === 0);
    await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: dishes[0]!.product_id, amount: 1 }] });
    const before = await detail(id);
    await sale('GET', `/payment/qr/${before.invoice_data.invoice_id}`);
    const [qr] = (await sale('GET', `/payment?invoice_id=${before.invoice_data.invoice_id}`)).body.data as Array<{ payment_id: number }>;

    const add = (headers?: Record<string, string>) =>
      sale('PUT', '/order/product', { order_id: id, products: [{ product_id: dishes[1]!.product_id, amount: 2 }] }, headers);
    const refused = await add({ 'idempotency-key': `lock-${Date.now()}` });
    expect(refused.status).toBe(409);
    expect(errorSchema.parse(refused.body)).toMatchObject({
      error_code: 'ORDER_PAYMENT_PENDING',
      data: { method: 'QR', id: qr!.payment_id, amount: before.invoice_data.total_price },
    });
    expect(await detail(id)).toEqual(before);
    // Confirming and choosing the customer do not change the total: still allowed.
    expect((await sale('PUT', '/order/confirm', { order_id: id })).status).toBe(200);
    expect((await sale('PUT', '/order/customer', { order_id: id, customer_id: 0 })).status).toBe(200);

    expect((await sale('POST', `/payment/${qr!.payment_id}/cancel`)).status).toBe(200);
    const added = await add();
    expect(added.status).toBe(201);
    expect(added.body.data.invoice_data.total_price).toBe(before.invoice_data.total_price + 2 * dishes[1]!.price);
  });

  it('issue 24 §1: a guest’s table order on a bill with a pending payment is refused (409 ORDER_PAYMENT_PENDING): no dish, no notification', async () => {
    await t.sandbox.db.exec(FNB_TABLES_IF_ABSENT);
    await t.sandbox.db.query(
      `INSERT INTO fnb_tables (merchant_id, table_name, folded_name, max_slot, available_slot, created_at)
       VALUES ($1, 'Bàn Khoá 1', 'ban khoa 1', 4, 4, 0) ON CONFLICT DO NOTHING`,
      [m.id],
    );
    const dishes = (await products()).filter((p) => p.status === 0);
    const opened = await trigger('table-order', { table: 'Bàn Khoá 1', products: dishes[0]!.code });
    expect(opened.status).toBe(200);
    const orderId = opened.body.order.invoice_data.order_id as number;
    const bill = await detail(orderId);
    await sale('GET', `/payment/qr/${bill.invoice_data.invoice_id}`);
    const notes = async () => (await t.sandbox.db.query(`SELECT count(*)::int AS n FROM notifications WHERE order_id = $1`, [orderId]))[0];

    const before = await notes();
    const refused = await trigger('table-order', { table: 'Bàn Khoá 1', products: `${dishes[1]!.code}:3` });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error_code: 'ORDER_PAYMENT_PENDING',
      data: { method: 'QR', amount: bill.invoice_data.total_price },
    });
    expect(await detail(orderId)).toEqual(bill);
    expect(await notes()).toEqual(before);
  });
});
