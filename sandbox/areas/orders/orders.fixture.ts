/** What the orders sandbox tests share (orders.*.test.ts): one sandbox per file, a copy of phoco of its own, colan signed in, and the sale calls. */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { orderDetailSchema } from '../../platform/test/sale-contract';

/** The orders area's calls (docs/areas/orders.md "Service calls") against the issue-13 contract. */

export let t: TestSandbox;
export let m: { id: string; token: string };
export let colan: string;
export const sockets: Socket[] = [];

/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useOrdersFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox({ seedVolume: 'small' });
    // A copy of phoco of its own: the tests below change its orders.
    const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
    const copy = made.body.data ?? made.body;
    m = { id: copy.merchant_id, token: (await t.login(copy.username, copy.password)).access_token };
    colan = (await t.login('colan', 'Colan@2026')).access_token;
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

export async function products(token = m.token) {
  const res = await as(token)('GET', '/inventory/product?page_size=100');
  return res.body.data as Array<{ product_id: number; code: string; price: number; status: number }>;
}

export async function newOrder(): Promise<number> {
  const res = await sale('POST', '/order', { table_id: null });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ code: 201 });
  return res.body.data.order_id;
}

export const detail = async (id: number) => orderDetailSchema.parse((await sale('GET', `/order/${id}`)).body.data);
