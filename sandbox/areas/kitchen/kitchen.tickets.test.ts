// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  t,
  freshMerchant,
  pairedKitchen,
  handlingOrder,
  send,
  sale,
  openStream,
  doneTicket,
  doneLine,
  kitchenState,
  useKitchenFixture,
} from './kitchen.fixture';

useKitchenFixture();

const ticketsOf = async (merchantId: string) =>
  t.sandbox.db.query<{ id: number; send_key: string }>(`SELECT id, send_key FROM kitchen_tickets WHERE merchant_id = $1 ORDER BY id`, [
    merchantId,
  ]);

describe('tickets: one per send, identified by its idempotency key (D326)', () => {
  it('issue 28 §2: 20 concurrent sends with one key make one ticket and one push; the kitchen sees it live with table, dishes and amounts', async () => {
    const m = await freshMerchant();
    const { kitchenToken } = await pairedKitchen(m.token);
    const stream = await openStream(kitchenToken);
    expect(await stream.next('paired')).toMatchObject({ store_name: expect.any(String) });
    expect(await stream.next('board')).toEqual({ tickets: [] });
    const { orderId, tableName, dishes } = await handlingOrder(m.token);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(m.token, orderId, 'send-one', [
          [dishes[0]!.id, 2],
          [dishes[1]!.id, 1],
        ]),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ticket = await stream.next('ticket');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ticket).toMatchObject({
      order_id: orderId,
      table_name: tableName,
      done_at: null,
      lines: [
        { line_no: 1, product_id: dishes[0]!.id, name: dishes[0]!.name, quantity: 2, note: null, done_at: null },
        { line_no: 2, product_id: dishes[1]!.id, name: dishes[1]!.name, quantity: 1, note: null, done_at: null },
      ],
    });
    expect(await ticketsOf(m.id)).toEqual([expect.objectContaining({ send_key: 'send-one' })]);
    // A replay later (a lost answer, a reconnect) makes nothing either.
    expect(
      (
        await send(m.token, orderId, 'send-one', [
          [dishes[0]!.id, 2],
          [dishes[1]!.id, 1],
        ])
      ).headers.get('idempotent-replayed'),
    ).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.events.filter((e) => e.event === 'ticket')).toHaveLength(1);
    expect(await ticketsOf(m.id)).toHaveLength(1);
    stream.close();
  });

  it('issue 28 §2: two keys make two tickets; a selecting (unconfirmed) order sends nothing to the kitchen', async () => {
    const m = await freshMerchant();
    const { orderId, dishes } = await handlingOrder(m.token);
    await send(m.token, orderId, 'k-1', [[dishes[0]!.id, 1]]);
    await send(m.token, orderId, 'k-2', [[dishes[0]!.id, 1]]);
    expect((await ticketsOf(m.id)).map((r) => r.send_key)).toEqual(['k-1', 'k-2']);
    const counter = await sale(m.token, 'POST', '/order', { table_id: null });
    expect((await send(m.token, counter.body.data.order_id, 'k-3', [[dishes[0]!.id, 1]])).status).toBe(201);
    expect(await ticketsOf(m.id)).toHaveLength(2);
  });

  it('issue 28 §1: each line’s note reaches the ticket of its send as the cashier typed it (D333)', async () => {
    const m = await freshMerchant();
    const { kitchenToken } = await pairedKitchen(m.token);
    const stream = await openStream(kitchenToken);
    await stream.next('board');
    const { orderId, dishes } = await handlingOrder(m.token);
    const body = {
      order_id: orderId,
      products: [
        { product_id: dishes[0]!.id, amount: 1, note: ' ít đá <i>thôi</i> ' },
        { product_id: dishes[1]!.id, amount: 2 },
      ],
    };
    expect((await sale(m.token, 'PUT', '/order/product', body, { 'idempotency-key': 'noted-1' })).status).toBe(201);
    const ticket = (await stream.next('ticket')) as { lines: Array<{ note: string | null }> };
    expect(ticket.lines.map((l) => l.note)).toEqual(['ít đá <i>thôi</i>', null]);
    stream.close();
  });

  it('another merchant’s kitchen sees nothing, and cannot mark this merchant’s ticket done', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const theirs = await pairedKitchen(b.token);
    const stream = await openStream(theirs.kitchenToken);
    await stream.next('board');
    const { orderId, dishes } = await handlingOrder(a.token);
    await send(a.token, orderId, 'a-1', [[dishes[0]!.id, 1]]);
    const [ticket] = await ticketsOf(a.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.filter((e) => e.event === 'ticket')).toEqual([]);
    expect((await doneTicket(theirs.kitchenToken, ticket!.id)).status).toBe(404);
    expect((await kitchenState(b.token, orderId)).status).toBe(404);
    stream.close();
  });

  it('marking done twice keeps one done time; a line, then the ticket; the cashier reads each line’s state', async () => {
    const m = await freshMerchant();
    const { kitchenToken } = await pairedKitchen(m.token);
    const { orderId, dishes } = await handlingOrder(m.token);
    await send(m.token, orderId, 'd-1', [
      [dishes[0]!.id, 2],
      [dishes[1]!.id, 1],
    ]);
    const [row] = await ticketsOf(m.id);
    const byProduct = (lines: Array<{ product_id: number }>) =>
      [...lines].sort((x, y) => (x.product_id === dishes[0]!.id ? -1 : y.product_id === dishes[0]!.id ? 1 : 0));
    expect(byProduct((await kitchenState(m.token, orderId)).body.data.lines)).toEqual([
      expect.objectContaining({ product_id: dishes[0]!.id, sent: 2, done: 0, state: 'WAITING' }),
      expect.objectContaining({ product_id: dishes[1]!.id, sent: 1, done: 0, state: 'WAITING' }),
    ]);
    const line = await doneLine(kitchenToken, row!.id, 1);
    expect(line.status).toBe(200);
    expect(line.body.data.lines[0].done_at).toEqual(expect.any(Number));
    expect(line.body.data.done_at).toBeNull();
    const states = (await kitchenState(m.token, orderId)).body.data.lines.map((l: { state: string }) => l.state);
    expect(states.sort()).toEqual(['DONE', 'WAITING']);
    const first = await doneTicket(kitchenToken, row!.id);
    t.sandbox.clock.advance(60);
    const second = await doneTicket(kitchenToken, row!.id);
    expect(first.body.data.done_at).toEqual(expect.any(Number));
    expect(second.body.data).toEqual(first.body.data);
    expect(first.body.data.lines[0].done_at).toBe(line.body.data.lines[0].done_at);
    expect((await kitchenState(m.token, orderId)).body.data.lines.every((l: { state: string }) => l.state === 'DONE')).toBe(true);
    for (const path of [`/kitchen/ticket/${row!.id}/line/9/done`, '/kitchen/ticket/999999999/done']) {
      expect((await sale(kitchenToken, 'POST', path)).status, path).toBe(404);
    }
    expect((await sale(kitchenToken, 'POST', '/kitchen/ticket/abc/done')).status).toBe(400);
  });

  it('the kitchen token opens the kitchen’s calls only; the cashier’s token does not open the kitchen’s', async () => {
    const m = await freshMerchant();
    const { kitchenToken } = await pairedKitchen(m.token);
    const { orderId } = await handlingOrder(m.token);
    for (const [method, path] of [
      ['GET', '/api/portal/user/info'],
      ['GET', '/api/sale/order'],
      ['GET', `/api/sale/kitchen/order/${orderId}`],
      ['GET', '/api/sale/kitchen/pairings'],
      ['POST', '/api/sale/kitchen/pair'],
      ['GET', '/api/sale/display/stream'],
    ] as const) {
      expect((await t.api(method, path, { token: kitchenToken, ...(method === 'POST' ? { body: {} } : {}) })).status, path).toBe(401);
    }
    for (const token of [m.token, '', 'kit_', kitchenToken + 'x']) {
      expect((await sale(token, 'GET', '/kitchen/stream')).status).toBe(401);
      expect((await sale(token, 'POST', '/kitchen/ticket/1/done')).status).toBe(401);
    }
  });

  it('issue 28 §2: a kitchen that reconnects gets the open tickets it missed once, and no done one', async () => {
    const m = await freshMerchant();
    const { kitchenToken } = await pairedKitchen(m.token);
    const { orderId, dishes } = await handlingOrder(m.token);
    await send(m.token, orderId, 'r-1', [[dishes[0]!.id, 1]]);
    const first = await openStream(kitchenToken);
    const [seen] = (await first.next('board')).tickets;
    first.close();
    // Away: one more send, and the first ticket is done from another kitchen screen.
    await send(m.token, orderId, 'r-2', [[dishes[1]!.id, 3]]);
    const other = await pairedKitchen(m.token);
    expect((await doneTicket(other.kitchenToken, seen.ticket_id)).status).toBe(200);
    const again = await openStream(kitchenToken);
    const board = await again.next('board');
    expect(board.tickets.map((x: { lines: Array<{ quantity: number }> }) => x.lines[0]!.quantity)).toEqual([3]);
    await send(m.token, orderId, 'r-3', [[dishes[0]!.id, 4]]);
    expect((await again.next('ticket')).lines[0].quantity).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ids = [...board.tickets, ...again.events.filter((e) => e.event === 'ticket').map((e) => e.data)].map((x) => x.ticket_id);
    expect(new Set(ids).size).toBe(ids.length);
    again.close();
  });
});
