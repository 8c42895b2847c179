/** What the kitchen sandbox tests share (kitchen.*.test.ts): one sandbox per file, fresh merchants, the pairing, ticket and stream calls. */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { PAIR_CODE_TTL_MS } from '../../platform/pairing/pairing';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { openEventStream } from '../../platform/test/event-stream';

export let t: TestSandbox;
/** Registers the file's sandbox hooks (see display.fixture.ts: the node project runs unisolated). */
export function useKitchenFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox({ seedVolume: 'small' });
  });
  afterAll(() => t.close());
  // Every test claims from the same address: move past the previous test's wrong codes (and its codes).
  beforeEach(() => t.sandbox.clock.advance(PAIR_CODE_TTL_MS / 1000 + 1));
}

export async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  return { id: made.body.merchant_id, token: (await t.login(made.body.username, made.body.password)).access_token };
}

export const sale = (token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });

export const pair = (token: string, body: unknown = {}) => sale(token, 'POST', '/kitchen/pair', body);
export const claim = (code: unknown) => t.api('POST', '/api/sale/kitchen/claim', { body: { pair_code: code } });
export const pairings = (token: string) => sale(token, 'GET', '/kitchen/pairings');
export const unpair = (token: string, id: number) => sale(token, 'DELETE', `/kitchen/pairing/${id}`);
export const doneTicket = (kitchen: string, id: number) => sale(kitchen, 'POST', `/kitchen/ticket/${id}/done`);
export const doneLine = (kitchen: string, id: number, line: number) => sale(kitchen, 'POST', `/kitchen/ticket/${id}/line/${line}/done`);
export const kitchenState = (token: string, orderId: number) => sale(token, 'GET', `/kitchen/order/${orderId}`);

export async function pairedKitchen(
  token: string,
  body: unknown = {},
): Promise<{ kitchenToken: string; pairingId: number; storeId: number }> {
  const made = await pair(token, body);
  expect(made.status).toBe(201);
  const claimed = await claim(made.body.data.pair_code);
  expect(claimed.status).toBe(200);
  return { kitchenToken: claimed.body.data.kitchen_token, pairingId: claimed.body.data.pairing_id, storeId: claimed.body.data.store_id };
}

/** A confirmed (handling) bill on the merchant's first table, and two dishes on sale. */
export async function handlingOrder(
  token: string,
): Promise<{ orderId: number; tableName: string; dishes: Array<{ id: number; name: string }> }> {
  const tables = await sale(token, 'GET', '/fnb/table?page_size=1');
  const table = tables.body.data[0] as { table_id: number; table_name: string };
  const opened = await sale(token, 'POST', '/order', { table_id: table.table_id });
  expect([200, 201]).toContain(opened.status);
  const orderId = opened.body.data.order_id as number;
  expect((await sale(token, 'PUT', '/order/confirm', { order_id: orderId })).status).toBe(200);
  const products = (await sale(token, 'GET', '/inventory/product?page_size=100')).body.data as Array<{
    product_id: number;
    name: string;
    status: number;
  }>;
  const dishes = products
    .filter((p) => p.status === 0)
    .slice(0, 2)
    .map((p) => ({ id: p.product_id, name: p.name }));
  expect(dishes).toHaveLength(2);
  return { orderId, tableName: table.table_name, dishes };
}

export const send = (token: string, orderId: number, key: string, lines: Array<[number, number]>) =>
  sale(
    token,
    'PUT',
    '/order/product',
    { order_id: orderId, products: lines.map(([product_id, amount]) => ({ product_id, amount })) },
    {
      'idempotency-key': key,
    },
  );

/** The kitchen's ticket stream (sandbox/platform/test/event-stream.ts). */
export const openStream = (token: string) => openEventStream(`${t.url}/api/sale/kitchen/stream`, token);
