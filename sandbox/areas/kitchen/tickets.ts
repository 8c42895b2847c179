import type { Database } from '../../platform/db/database';
import type { LinesSent } from '../../platform/sale/order-sends';

/**
 * Kitchen tickets (D326): one per batch of dishes sent to a handling order, for the order's store
 * (an order from before stores were recorded: the merchant's first, as its VietQR does, D297). Its
 * identity is the send's idempotency key: the insert does nothing on a key already seen, so a send
 * replayed by any path (double confirm, reconnect, lost answer) makes one ticket.
 */

const ORDER_HANDLING = 1;
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

export interface TicketLine {
  line_no: number;
  product_id: number;
  name: string;
  quantity: number;
  note: string | null;
  done_at: number | null;
}

export interface Ticket {
  ticket_id: number;
  order_id: number;
  order_code: string;
  table_name: string | null;
  created_at: number;
  done_at: number | null;
  lines: TicketLine[];
}

interface TicketRow {
  id: number;
  store_id: number;
  order_id: number;
  order_code: string;
  table_name: string | null;
  created_at: number;
  done_at: number | null;
}

/** Makes the send's ticket; null when the order is not handling, or the key already made one. */
export async function createTicket(db: Database, sent: LinesSent, now: number): Promise<{ storeId: number; ticketId: number } | null> {
  const [ticket] = await db.query<{ id: number; store_id: number }>(
    `INSERT INTO kitchen_tickets (merchant_id, store_id, order_id, order_code, table_name, send_key, created_at)
     SELECT o.merchant_id, coalesce(o.store_id, (SELECT id FROM stores WHERE merchant_id = o.merchant_id ORDER BY id LIMIT 1)),
            o.id, o.order_code, o.table_name, $3, $4
       FROM sale_orders o WHERE o.id = $2 AND o.merchant_id = $1 AND o.status = ${ORDER_HANDLING}
     ON CONFLICT (merchant_id, send_key) DO NOTHING
     RETURNING id, store_id`,
    [sent.merchantId, sent.orderId, sent.key, now],
  );
  if (!ticket) return null;
  await db.query(
    `INSERT INTO kitchen_ticket_lines (ticket_id, line_no, product_id, name, quantity, note)
     SELECT $1, r.ord, r.product_id, p.name, r.amount, r.note
       FROM unnest($2::int[], $3::int[], $4::text[]) WITH ORDINALITY AS r(product_id, amount, note, ord)
       JOIN products p ON p.id = r.product_id`,
    [ticket.id, sent.lines.map((l) => l.productId), sent.lines.map((l) => l.amount), sent.lines.map((l) => l.note)],
  );
  return { storeId: ticket.store_id, ticketId: ticket.id };
}

/** Tickets with their lines, oldest first. `where` filters kitchen_tickets t (parameters from $1). */
async function readTickets(db: Database, where: string, params: unknown[]): Promise<Ticket[]> {
  const rows = await db.query<TicketRow & Record<string, unknown>>(`SELECT * FROM kitchen_tickets t WHERE ${where} ORDER BY t.id`, params);
  if (rows.length === 0) return [];
  const lines = await db.query<TicketLine & { ticket_id: number } & Record<string, unknown>>(
    `SELECT * FROM kitchen_ticket_lines WHERE ticket_id = ANY($1::int[]) ORDER BY ticket_id, line_no`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    ticket_id: r.id,
    order_id: r.order_id,
    order_code: r.order_code,
    table_name: r.table_name,
    created_at: seconds(r.created_at)!,
    done_at: seconds(r.done_at),
    lines: lines
      .filter((l) => l.ticket_id === r.id)
      .map((l) => ({
        line_no: l.line_no,
        product_id: l.product_id,
        name: l.name,
        quantity: l.quantity,
        note: l.note,
        done_at: seconds(l.done_at),
      })),
  }));
}

/** The most open tickets a board holds: a kitchen behind by more than this has other problems. */
export const BOARD_MAX_TICKETS = 200;

export const openTickets = (db: Database, merchantId: string, storeId: number) =>
  readTickets(
    db,
    `t.id IN (SELECT id FROM kitchen_tickets WHERE merchant_id = $1 AND store_id = $2 AND done_at IS NULL ORDER BY id DESC LIMIT ${BOARD_MAX_TICKETS})`,
    [merchantId, storeId],
  );

export const ticketOf = async (db: Database, merchantId: string, storeId: number, ticketId: number) =>
  (await readTickets(db, `t.id = $1 AND t.merchant_id = $2 AND t.store_id = $3`, [ticketId, merchantId, storeId]))[0] ?? null;

/**
 * Marks a ticket's lines done (all when `lineNo` is null), keeping the first time each was done, and
 * the ticket done once every line is. True when anything changed (a second press changes nothing).
 */
export async function markDone(db: Database, ticketId: number, lineNo: number | null, now: number): Promise<boolean> {
  const lines = await db.query(
    `UPDATE kitchen_ticket_lines SET done_at = $3 WHERE ticket_id = $1 AND ($2::int IS NULL OR line_no = $2) AND done_at IS NULL RETURNING 1`,
    [ticketId, lineNo, now],
  );
  const ticket = await db.query(
    `UPDATE kitchen_tickets SET done_at = $2 WHERE id = $1 AND done_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM kitchen_ticket_lines WHERE ticket_id = $1 AND done_at IS NULL) RETURNING 1`,
    [ticketId, now],
  );
  return lines.length > 0 || ticket.length > 0;
}

/** Per product of an order: how many were sent to the kitchen and how many of those are done. */
export async function orderKitchenState(db: Database, merchantId: string, orderId: number) {
  const rows = await db.query<{ product_id: number; sent: number; done: number }>(
    `SELECT l.product_id, sum(l.quantity)::int AS sent, coalesce(sum(l.quantity) FILTER (WHERE l.done_at IS NOT NULL), 0)::int AS done
       FROM kitchen_tickets t JOIN kitchen_ticket_lines l ON l.ticket_id = t.id
      WHERE t.merchant_id = $1 AND t.order_id = $2 GROUP BY l.product_id ORDER BY l.product_id`,
    [merchantId, orderId],
  );
  return rows.map((r) => ({ ...r, state: r.done >= r.sent ? ('DONE' as const) : ('WAITING' as const) }));
}
