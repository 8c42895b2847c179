import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../platform/auth/users';
import type { SandboxContext } from '../../platform/context';
import { authenticate, isOwnerRole, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { pairedDevice, registerPairing, type PairingKind } from '../../platform/pairing/pairing';
import { onLinesSent } from '../../platform/sale/order-sends';
import { createTicket, markDone, openTickets, orderKitchenState, ticketOf, type Ticket } from './tickets';
import { sendEventStream } from '../../platform/http/event-stream';

/**
 * The sale service's kitchen screen (beyond the spec; D325–D328). A signed-in cashier pairs a kitchen
 * device to a store with a code (platform/pairing: the display's pairing and guess limits, D217); the
 * kitchen token opens only GET /kitchen/stream and the done calls, scoped to its merchant and store,
 * and every other call refuses it. Each batch of dishes sent to a handling order becomes one ticket
 * (tickets.ts) and is pushed at once to the store's kitchen streams (Server-Sent Events, as the
 * display's: one way, the browser reconnects by itself). A stream starts with the store's open tickets
 * (`board`), so a kitchen that reconnects has what it missed once; then `ticket` for each new or changed
 * ticket. The cashier reads each order line's kitchen state.
 */

export const KITCHEN_TOKEN_PREFIX = 'kit_';

interface KitchenPairing {
  id: number;
  merchant_id: string;
  store_id: number;
}

/** The store a code pairs to: the staff member's own (another is refused), the owner's choice or first store. */
async function storeOfPairing(ctx: SandboxContext, user: UserRow, body: Record<string, unknown>): Promise<{ store_id: number }> {
  const asked = body.store_id;
  if (asked !== undefined && asked !== null && (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1)) {
    throw new ApiError(400, 'BAD_REQUEST', 'store_id is a store id', { field: 'store_id' });
  }
  const [own] = await ctx.db.query<{ store_id: number | null }>(
    `SELECT st.store_id FROM users u JOIN staff st ON st.id = u.staff_row_id WHERE u.id = $1`,
    [user.id],
  );
  if (!isOwnerRole(user.role) && own?.store_id && asked && asked !== own.store_id) {
    throw new ApiError(403, 'PERMISSION_DENY', 'A staff member pairs a kitchen of their own store only');
  }
  const wanted = (asked as number | null | undefined) ?? own?.store_id ?? null;
  const [store] = await ctx.db.query<{ id: number }>(
    `SELECT id FROM stores WHERE merchant_id = $1 AND ($2::int IS NULL OR id = $2) ORDER BY id LIMIT 1`,
    [user.merchant_id, wanted],
  );
  if (!store) throw new ApiError(404, 'NOT_FOUND', 'No such store', { field: 'store_id' });
  return { store_id: store.id };
}

export const KITCHEN_PAIRING: PairingKind = {
  table: 'kitchen_pairings',
  tokenPrefix: KITCHEN_TOKEN_PREFIX,
  tokenField: 'kitchen_token',
  limitError: 'KITCHEN_LIMIT',
  noun: 'kitchen screen',
  scope: storeOfPairing,
  async claimed(ctx, pairingId) {
    const [store] = await ctx.db.query<{ id: number; name: string }>(
      `SELECT s.id, s.name FROM kitchen_pairings p JOIN stores s ON s.id = p.store_id WHERE p.id = $1`,
      [pairingId],
    );
    return { store_id: store?.id ?? null, store_name: store?.name ?? '' };
  },
};

interface Listener {
  pairingId: number;
  storeId: number;
  stream: PassThrough;
  /** Tickets pushed before the board was written; sent after it, less what it already held. */
  held: Ticket[] | null;
}

/** The open kitchen streams of this sandbox process, per merchant. */
function createKitchenHub() {
  const byMerchant = new Map<string, Set<Listener>>();
  const write = (listener: Listener, event: string, data: unknown) => {
    if (!listener.stream.destroyed) listener.stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    write,
    add(merchantId: string, listener: Listener) {
      const set = byMerchant.get(merchantId) ?? new Set();
      set.add(listener);
      byMerchant.set(merchantId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) byMerchant.delete(merchantId);
      };
    },
    push(merchantId: string, storeId: number, ticket: Ticket) {
      for (const listener of byMerchant.get(merchantId) ?? []) {
        if (listener.storeId !== storeId) continue;
        if (listener.held) listener.held.push(ticket);
        else write(listener, 'ticket', ticket);
      }
    },
    /** Writes the board, then what arrived meanwhile that the board does not already show as it is. */
    board(listener: Listener, tickets: Ticket[]) {
      write(listener, 'board', { tickets });
      const shown = new Map(tickets.map((t) => [t.ticket_id, JSON.stringify(t)]));
      for (const ticket of listener.held ?? [])
        if (shown.get(ticket.ticket_id) !== JSON.stringify(ticket)) write(listener, 'ticket', ticket);
      listener.held = null;
    },
    connected: (merchantId: string) => new Set([...(byMerchant.get(merchantId) ?? [])].map((l) => l.pairingId)),
    revoke(merchantId: string, pairingId: number) {
      for (const listener of [...(byMerchant.get(merchantId) ?? [])]) {
        if (listener.pairingId !== pairingId) continue;
        write(listener, 'revoked', { pairing_id: pairingId });
        listener.stream.end();
      }
    },
    closeAll() {
      for (const set of byMerchant.values()) for (const listener of set) listener.stream.end();
      byMerchant.clear();
    },
  };
}
type KitchenHub = ReturnType<typeof createKitchenHub>;

function positiveId(raw: unknown, field: string): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new ApiError(400, 'BAD_REQUEST', `${field} must be a positive integer`, { field });
  }
  return Number(raw);
}

/** The device's stream: its store's open tickets, then each new or changed one. */
function registerStream(app: FastifyInstance, ctx: SandboxContext, hub: KitchenHub): void {
  app.get('/kitchen/stream', async (request, reply) => {
    const device = await pairedDevice<KitchenPairing>(ctx, KITCHEN_PAIRING, request);
    const stream = new PassThrough();
    const listener: Listener = { pairingId: device.id, storeId: device.store_id, stream, held: [] };
    const remove = hub.add(device.merchant_id, listener);
    const [store] = await ctx.db.query<{ name: string }>(`SELECT name FROM stores WHERE id = $1`, [device.store_id]);
    hub.write(listener, 'paired', {
      pairing_id: device.id,
      shop_name: device.name,
      store_id: device.store_id,
      store_name: store?.name ?? '',
    });
    hub.board(listener, await openTickets(ctx.db, device.merchant_id, device.store_id));
    return sendEventStream(reply, stream, remove);
  });
}

/** The kitchen marks a ticket or one of its lines done; pressing again changes nothing. */
function registerDone(app: FastifyInstance, ctx: SandboxContext, hub: KitchenHub): void {
  const done = async (request: FastifyRequest, lineNo: number | null) => {
    const device = await pairedDevice<KitchenPairing>(ctx, KITCHEN_PAIRING, request);
    const ticketId = positiveId((request.params as Record<string, unknown>).id, 'ticket_id');
    const before = await ticketOf(ctx.db, device.merchant_id, device.store_id, ticketId);
    if (!before) throw new ApiError(404, 'NOT_FOUND', 'No such ticket', { ticket_id: ticketId });
    if (lineNo !== null && !before.lines.some((l) => l.line_no === lineNo)) {
      throw new ApiError(404, 'NOT_FOUND', 'No such line', { line_no: lineNo });
    }
    const changed = await markDone(ctx.db, ticketId, lineNo, ctx.clock.now());
    const after = (await ticketOf(ctx.db, device.merchant_id, device.store_id, ticketId))!;
    if (changed) hub.push(device.merchant_id, device.store_id, after);
    return ok(after);
  };
  app.post('/kitchen/ticket/:id/done', (request) => done(request, null));
  app.post('/kitchen/ticket/:id/line/:line/done', (request) =>
    done(request, positiveId((request.params as Record<string, unknown>).line, 'line_no')),
  );
}

export function registerKitchenRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const hub = createKitchenHub();
  app.addHook('onClose', async () => hub.closeAll());
  registerPairing(app, ctx, KITCHEN_PAIRING, '/kitchen', { connected: (m) => hub.connected(m), revoked: (m, id) => hub.revoke(m, id) });
  registerStream(app, ctx, hub);
  registerDone(app, ctx, hub);

  onLinesSent(ctx, async (sent) => {
    const made = await createTicket(ctx.db, sent, ctx.clock.now());
    if (!made) return;
    const ticket = await ticketOf(ctx.db, sent.merchantId, made.storeId, made.ticketId);
    if (ticket) hub.push(sent.merchantId, made.storeId, ticket);
  });

  // The cashier's view of an order's dishes in the kitchen (owner or staff, the merchant's orders only).
  app.get('/kitchen/order/:id', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const orderId = positiveId((request.params as Record<string, unknown>).id, 'order_id');
    const [order] = await ctx.db.query(`SELECT 1 FROM sale_orders WHERE id = $1 AND merchant_id = $2`, [orderId, user.merchant_id]);
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order', { order_id: orderId });
    return ok({ order_id: orderId, lines: await orderKitchenState(ctx.db, user.merchant_id, orderId) });
  });
}
