/** What the orderpayment sandbox tests share (orderpayment.*.test.ts): one sandbox per file, a copy of phoco with its sale socket, orders with dishes, and the payment calls. */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { orderDetailSchema, paymentSchema } from '../../platform/test/sale-contract';

/** The orderpayment area's calls and triggers (docs/areas/orderpayment.md) against the issue-13 contract. */

export let t: TestSandbox;
export let m: { id: string; token: string };
export let socket: Socket;
export const sockets: Socket[] = [];

export async function copyOf(template: string) {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  const copy = made.body.data ?? made.body;
  return {
    id: copy.merchant_id as string,
    username: copy.username as string,
    password: copy.password as string,
    token: (await t.login(copy.username, copy.password)).access_token as string,
  };
}

export async function connect(token: string): Promise<Socket> {
  const s = io(`${t.url}/sale`, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useOrderpaymentFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox({ seedVolume: 'small' });
    m = await copyOf('phoco');
    socket = await connect(m.token);
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });
}

export const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
export const sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  as(m.token)(method, path, body, headers);
export const trigger = (name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: m.id, ...body } });
export const key = (() => {
  let n = 0;
  return (tag = 'k') => ({ 'idempotency-key': `${tag}-${Date.now()}-${(n += 1)}` });
})();

/** A new order with dishes: its invoice id, order id, code and total. */
export async function orderWithDishes(token = m.token, amount = 2) {
  const call = as(token);
  const orderId = (await call('POST', '/order', { table_id: null })).body.data.order_id as number;
  const dish = ((await call('GET', '/inventory/product?status=0&page_size=5')).body.data as Array<{ product_id: number }>)[0]!;
  await call('PUT', '/order/confirm', { order_id: orderId });
  const added = orderDetailSchema.parse(
    (await call('PUT', '/order/product', { order_id: orderId, products: [{ product_id: dish.product_id, amount }] })).body.data,
  );
  return { orderId, invoiceId: added.invoice_data.invoice_id, code: added.invoice_data.order_code, total: added.invoice_data.total_price };
}

export const payments = async (invoiceId: number, token = m.token) =>
  ((await as(token)('GET', `/payment?invoice_id=${invoiceId}`)).body.data as unknown[]).map((p) => paymentSchema.parse(p));
export const orderOf = async (orderId: number, token = m.token) =>
  orderDetailSchema.parse((await as(token)('GET', `/order/${orderId}`)).body.data).invoice_data;
export const cash = (o: { invoiceId: number; total: number }, receive: number, headers: Record<string, string> = key('cash')) =>
  sale(
    'POST',
    '/payment/cash',
    { invoice_id: o.invoiceId, payment_method: 'CASH', receive_amount: receive, return_amount: receive - o.total, merchant_id: m.id },
    headers,
  );
export const heard = <T>(event: string, match: (payload: T) => boolean) =>
  new Promise<T>((resolve) => {
    const on = (payload: T) => {
      if (!match(payload)) return;
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
