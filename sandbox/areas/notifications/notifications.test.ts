// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListSchema, saleOrderDetailSchema } from '../../../src/services/notifications/schemas';
import { salePaymentSuccessSchema, saleNotificationEventSchema, vaPaymentEventSchema } from '../../../src/services/realtime/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
let token: string;
let merchantId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  // A merchant of its own: triggers below add rows and must not disturb other files' expectations.
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  const m = made.body.data ?? made.body;
  merchantId = m.merchant_id;
  token = (await t.login(m.username, m.password)).access_token;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const sale = (method: string, path: string, body?: unknown) => t.api(method, `/api/sale${path}`, { token, ...(body ? { body } : {}) });
const trigger = (name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: merchantId, ...body } });

function connect(namespace: '/va' | '/sale'): Promise<Socket> {
  const socket = io(`${t.url}${namespace}`, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const next = <T = unknown>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe('GET/PUT /notification, GET /order', () => {
  it('lists one type newest first with unseen counts of every type', async () => {
    const res = await sale('GET', '/notification?notification_type=0&page=1&page_size=10');
    expect(res.status).toBe(200);
    const list = notificationListSchema.parse(res.body);
    expect(list.data.length).toBeGreaterThan(2);
    expect(list.data.every((n) => n.notification_type === 0)).toBe(true);
    const times = list.data.map((n) => n.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.unseen['0']).toBe(list.data.filter((n) => n.status !== 2).length);
    expect(list.unseen['1']).toBeGreaterThan(0);
    expect(list.unseen['2']).toBeGreaterThan(0);
  });

  it('pages and refuses a bad type or page size', async () => {
    const one = notificationListSchema.parse((await sale('GET', '/notification?notification_type=0&page=2&page_size=1')).body);
    expect(one.data).toHaveLength(1);
    expect(one.page).toBe(2);
    expect(one.total_page).toBeGreaterThan(2);
    expect((await sale('GET', '/notification?notification_type=7')).body.error_code).toBe('BAD_REQUEST');
    expect((await sale('GET', '/notification?notification_type=0&page_size=1000')).status).toBe(400);
  });

  it('marks seen (idempotently), lowering the count; another merchant cannot', async () => {
    const before = notificationListSchema.parse((await sale('GET', '/notification?notification_type=1')).body);
    const unseen = before.data.find((n) => n.status !== 2)!;
    expect((await sale('PUT', '/notification', { id: unseen.id, status: 2 })).body.data).toEqual({ id: unseen.id, status: 2 });
    expect((await sale('PUT', '/notification', { id: unseen.id, status: 2 })).status).toBe(200);
    const after = notificationListSchema.parse((await sale('GET', '/notification?notification_type=1')).body);
    expect(after.unseen['1']).toBe(before.unseen['1'] - 1);
    expect(after.data.find((n) => n.id === unseen.id)?.status).toBe(2);

    const other = await t.login('colan', 'Colan@2026');
    const res = await t.api('PUT', '/api/sale/notification', { token: other.access_token, body: { id: unseen.id, status: 2 } });
    expect(res.status).toBe(404);
    expect((await sale('PUT', '/notification', { id: unseen.id, status: 1 })).status).toBe(400);
  });

  it('issue 24 §4: PUT /notification answers 400 for an object, array, boolean, fraction or huge number where the id or status goes, never 500', async () => {
    const list = notificationListSchema.parse((await sale('GET', '/notification?notification_type=2')).body);
    const unseen = list.data.find((n) => n.status !== 2)!;
    // An object with its own toString and valueOf cannot become a number or a string: Number() throws on it.
    const unconvertible = { toString: 1, valueOf: 1 };
    const bodies: unknown[] = [
      { id: unconvertible, status: 2 },
      { id: [unconvertible], status: 2 },
      { id: [unseen.id], status: 2 },
      { id: { id: unseen.id }, status: 2 },
      { id: true, status: 2 },
      { id: 1.5, status: 2 },
      { id: 1e300, status: 2 },
      { id: '1e3', status: 2 },
      { id: unseen.id, status: unconvertible },
      { id: unseen.id, status: [2] },
      [{ id: unseen.id, status: 2 }],
    ];
    for (const body of bodies) {
      const res = await sale('PUT', '/notification', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'error_code', 'message']);
    }
    // Huge number literals parse to Infinity: still 400.
    const raw = await fetch(`${t.url}/api/sale/notification`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"id": 1e400, "status": 2}',
    });
    expect(raw.status).toBe(400);
    // Digits as text still mark it seen.
    expect((await sale('PUT', '/notification', { id: String(unseen.id), status: '2' })).body.data).toEqual({ id: unseen.id, status: 2 });
  });

  it("answers the order of a notification, by path and by query; 404 for another merchant's", async () => {
    const list = notificationListSchema.parse((await sale('GET', '/notification?notification_type=0')).body);
    const orderId = list.data[0]!.order_id!;
    const order = saleOrderDetailSchema.parse((await sale('GET', `/order/${orderId}`)).body.data).invoice_data;
    expect(order.order_id).toBe(orderId);
    expect(order.order_code).toBe(list.data[0]!.order_code);
    expect((await sale('GET', `/invoice/${orderId}?is_orderid=true`)).body.data.invoice_data).toEqual(
      (await sale('GET', `/order/${orderId}`)).body.data.invoice_data,
    );
    const other = await t.login('colan', 'Colan@2026');
    expect((await t.api('GET', `/api/sale/order/${orderId}`, { token: other.access_token })).status).toBe(404);
  });

  it('refuses without a token', async () => {
    expect((await t.api('GET', '/api/sale/notification')).status).toBe(401);
  });
});

describe('triggers of the notifications area', () => {
  it('qr-payment stores a va transaction and emits the va event named by the merchant id', async () => {
    const va = await connect('/va');
    const heard = next(va, merchantId);
    const res = await trigger('qr-payment', { amount: '150000', message: 'Ban 3 thanh toan' });
    expect(res.status).toBe(200);
    const event = vaPaymentEventSchema.parse(await heard);
    expect(event).toMatchObject({ amount: '150,000', message: 'Ban 3 thanh toan' });
    expect(event.va_account_no).toMatch(/^\d{18}$|^.+$/);
    const report = await t.api(
      'GET',
      `/api/portal/transaction/va?page=1&page_size=10&start_time=${Math.floor(Date.now() / 1000) - 86400 * 2}&end_time=${Math.floor(Date.now() / 1000) + 86400}`,
      { token },
    );
    expect(report.status).toBe(200);
    expect(report.body.data.map((r: { id: string }) => r.id)).toContain(event.transaction_id);
    expect((await trigger('qr-payment', { amount: 'lots' })).status).toBe(400);
  });

  it('new-order, payment-request and add-dishes store a notification and emit it; the order decides where it opens', async () => {
    const s = await connect('/sale');
    const before = notificationListSchema.parse((await sale('GET', '/notification?notification_type=0')).body).unseen;
    let heard = next(s, 'notification');
    await trigger('new-order', { table: 'Bàn 12' });
    const created = saleNotificationEventSchema.parse(await heard);
    expect(created).toMatchObject({ notification_type: 0, table_name: 'Bàn 12' });
    const after = notificationListSchema.parse((await sale('GET', '/notification?notification_type=0')).body);
    expect(after.unseen['0']).toBe(before['0'] + 1);
    expect(after.data[0]).toMatchObject({ id: created.id, order_code: created.order_code, status: 0 });
    // A new order is selecting (2): the click opens the order itself (core §4: only a completed one, 0, opens the list).
    expect(saleOrderDetailSchema.parse((await sale('GET', `/order/${created.order_id}`)).body.data).invoice_data.status).toBe(2);

    heard = next(s, 'notification');
    await trigger('payment-request');
    const request = saleNotificationEventSchema.parse(await heard);
    expect(request.notification_type).toBe(1);
    expect(saleOrderDetailSchema.parse((await sale('GET', `/order/${request.order_id}`)).body.data).invoice_data.status).toBe(1);

    heard = next(s, 'notification');
    await trigger('add-dishes', { order_code: created.order_code });
    expect(saleNotificationEventSchema.parse(await heard)).toMatchObject({ notification_type: 2, order_id: created.order_id });
  });

  it('order-paid (the old name of order-qr-paid) emits payment_success with the total and the order code', async () => {
    const s = await connect('/sale');
    const heard = next(s, 'payment_success');
    await trigger('order-paid', { amount: '275000' });
    const paid = salePaymentSuccessSchema.parse(await heard);
    expect(paid.data.invoice_data.total_price).toBe(275000);
    expect(paid.data.invoice_data.order_code).toMatch(/^HD/);
    expect((await trigger('order-paid', { order_code: 'NOPE' })).status).toBe(404);
    // The seeded bills: 04 and 05 are paid (their notifications open the list), 01–03 open.
    const seeded = notificationListSchema.parse((await sale('GET', '/notification?notification_type=0&page_size=100')).body).data;
    const statuses = new Map<string, number>();
    for (const n of seeded.filter((n) => /^DH\d{4}0[1-5]$/.test(n.order_code))) {
      statuses.set(
        n.order_code.slice(-2),
        saleOrderDetailSchema.parse((await sale('GET', `/order/${n.order_id}`)).body.data).invoice_data.status,
      );
    }
    expect(Object.fromEntries(statuses)).toEqual({ '01': 2, '02': 1, '03': 1, '04': 0, '05': 0 });
  });

  it('realtime-drop: a reconnect recovers what was missed; with forget it does not', async () => {
    const socket = io(`${t.url}/va`, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const got: string[] = [];
    socket.on(merchantId, (p: { amount: string }) => got.push(p.amount));

    const lost = new Promise((r) => socket.once('disconnect', r));
    const dropped = (await trigger('realtime-drop')).body;
    expect((dropped.data ?? dropped).sockets).toBeGreaterThan(0);
    expect(await lost).toBe('transport close');
    await trigger('qr-payment', { amount: '1000' });
    socket.connect();
    await new Promise<void>((r) => socket.once('connect', () => r()));
    expect(socket.recovered).toBe(true);
    await expect.poll(() => got).toEqual(['1,000']);

    const lostAgain = new Promise((r) => socket.once('disconnect', r));
    await trigger('realtime-drop', { forget: 'true' });
    await lostAgain;
    await trigger('qr-payment', { amount: '2000' });
    socket.connect();
    await new Promise<void>((r) => socket.once('connect', () => r()));
    expect(socket.recovered).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual(['1,000']);
  });
});
