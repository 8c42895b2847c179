// @vitest-environment node
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { errorSchema, FNB_TABLES_IF_ABSENT, orderListSchema } from '../../platform/test/sale-contract';
import { t, m, colan, sockets, as, sale, trigger, products, newOrder, detail, useOrdersFixture } from './orders.fixture';

useOrdersFixture();

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
