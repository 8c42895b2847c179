import { describe, expect, it, vi } from 'vitest';
import type { RawResponse, ServiceClient } from '../http/client';
import type { StreamLink } from '../http/event-stream';
import { createKitchenApi, followKitchen } from './api';
import type { Ticket } from './schemas';

const encoder = new TextEncoder();
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

function streamOf(chunks: string[]): RawResponse {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
    },
  });
  return { status: 200, headers: new Headers(), body, release: () => undefined };
}

const ticket = (id: number, more: Partial<Ticket> = {}): Ticket => ({
  ticket_id: id,
  order_id: 3,
  order_code: 'DH3',
  table_name: 'Bàn 1',
  created_at: 1,
  done_at: null,
  lines: [{ line_no: 1, product_id: 9, name: '<b>Phở</b>', quantity: 2, note: null, done_at: null }],
  ...more,
});

describe('createKitchenApi (D325, D326)', () => {
  it('claims without a sign-in, marks done with the kitchen token, and reads an order’s state with the session', async () => {
    const data = vi.fn(async (spec: { name: string }) => (spec.name === 'kitchen.orderState' ? { order_id: 3, lines: [] } : {}));
    const api = createKitchenApi({ data, service: 'sale' } as unknown as ServiceClient);
    await api.claim('123456');
    expect(data).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/kitchen/claim', auth: false, body: { pair_code: '123456' } }));
    await api.done('kit_x', 5, null);
    expect(data).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/kitchen/ticket/5/done', auth: { token: 'kit_x' } }));
    await api.done('kit_x', 5, 2);
    expect(data).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/kitchen/ticket/5/line/2/done' }));
    expect(await api.orderState(3)).toEqual([]);
    expect(data).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/kitchen/order/3' }));
    await api.pair();
    expect(data).toHaveBeenLastCalledWith(expect.objectContaining({ method: 'POST', path: '/kitchen/pair' }));
  });
});

describe('followKitchen (D327)', () => {
  it('hands on the store, the board and each valid ticket; drops what fails its schema', async () => {
    const raw = vi.fn(async () =>
      streamOf([
        event('paired', { pairing_id: 1, shop_name: 'Phở Cổ', store_id: 2, store_name: 'Quận 1' }),
        event('board', { tickets: [ticket(1)] }),
        event('ticket', ticket(2)),
        event('ticket', { ...ticket(3), lines: [] }),
        event('ticket', { ticket_id: 'x' }),
      ]),
    );
    const boards: Ticket[][] = [];
    const tickets: Ticket[] = [];
    const links: StreamLink[] = [];
    const stores: string[] = [];
    const stop = followKitchen({
      client: { raw, service: 'sale' } as unknown as ServiceClient,
      token: 'kit_abc',
      onBoard: (b) => boards.push(b),
      onTicket: (t) => tickets.push(t),
      onLink: (l) => links.push(l),
      onStore: (s) => stores.push(s),
    });
    await until(() => tickets.length === 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(raw).toHaveBeenCalledWith(expect.objectContaining({ path: '/kitchen/stream', auth: { token: 'kit_abc' } }));
    expect(stores).toEqual(['Quận 1']);
    expect(links).toEqual(['connected']);
    expect(boards).toEqual([[ticket(1)]]);
    expect(tickets).toEqual([ticket(2)]);
    stop();
  });
});
