import { pointsToReverse, type RefundStatus } from '../../../src/rules/refunds';
import type { SandboxContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import type { Database } from '../../platform/db/database';
import { ApiError } from '../../platform/http/envelope';
import { queueRefundAdjustment } from '../../platform/sale/refund-adjustment';
import { writeBankRefund } from '../../platform/sale/bank-record';
import { cashRefundToDrawer } from '../shifts';

/**
 * Giving an order's money back (D305). A refund is priced from the lines as they were sold (an order's
 * total is the sum of price × quantity, so a whole refund is every line's remaining quantity) and goes
 * back the way the order was paid: cash at once, a card through the terminal, QR and link as a request
 * to the bank. The running totals of sql/001_refunds.sql make "never more than was paid" hold under any
 * race; the idempotency key (routes.ts) makes one refund of a double click or a lost answer.
 */

export type RefundMethod = 'CASH' | 'QR' | 'CARD' | 'LINK';

export interface RefundLine {
  item_id: number;
  product_id: number;
  code: string;
  name: string;
  price: number;
  quantity: number;
}

export interface RefundRecord {
  id: number;
  order_id: number;
  invoice_id: number | null;
  order_code: string;
  payment_id: number;
  method: RefundMethod;
  status: RefundStatus;
  amount: number;
  lines: RefundLine[];
  reason: string;
  note: string;
  points_reversed: number;
  serial_number: string | null;
  created_by_name: string;
  created_at: number;
  updated_at: number;
}

const REFUND_SELECT = `SELECT r.id, r.order_id, o.invoice_id, o.order_code, r.payment_id, r.method, r.status, r.amount::float8 AS amount,
  r.lines, r.reason, r.note, r.points_reversed::float8 AS points_reversed, r.serial_number, r.created_by_name,
  r.created_at::float8 AS created_at, r.updated_at::float8 AS updated_at
  FROM sale_refunds r JOIN sale_orders o ON o.id = r.order_id`;

export async function refundsOfOrder(db: Database, merchantId: string, orderId: number): Promise<RefundRecord[]> {
  return db.query<RefundRecord & Record<string, unknown>>(`${REFUND_SELECT} WHERE r.merchant_id = $1 AND r.order_id = $2 ORDER BY r.id`, [
    merchantId,
    orderId,
  ]);
}

export async function refundById(db: Database, id: number): Promise<RefundRecord | undefined> {
  const [row] = await db.query<RefundRecord & Record<string, unknown>>(`${REFUND_SELECT} WHERE r.id = $1`, [id]);
  return row;
}

/** A paid order with what is left to give back: its payment and, per line, the quantity not yet refunded. */
export interface Refundable {
  order_id: number;
  invoice_id: number | null;
  order_code: string;
  total: number;
  earned_points: number;
  customer_id: number;
  payment: { id: number; method: RefundMethod; amount: number; serial_number: string | null };
  refunded: number;
  lines: Array<RefundLine & { sold: number; refunded: number }>;
}

/** The order's refundable state: 404 when not the merchant's, 409 ORDER_NOT_PAID when it has no successful payment. */
export async function refundableOf(db: Database, merchantId: string, invoiceId: number): Promise<Refundable> {
  const [order] = await db.query<{
    id: number;
    invoice_id: number | null;
    order_code: string;
    total: number;
    point: number;
    customer_id: number;
  }>(
    `SELECT id, invoice_id, order_code, total_price::float8 AS total, point::float8 AS point, customer_id
       FROM sale_orders WHERE merchant_id = $1 AND invoice_id = $2`,
    [merchantId, invoiceId],
  );
  if (!order) throw new ApiError(404, 'INVOICE_NOT_FOUND', 'No such invoice');
  const [payment] = await db.query<{ id: number; method: RefundMethod; amount: number; serial_number: string | null; refunded: number }>(
    `SELECT p.id, p.method, p.amount::float8 AS amount, p.serial_number, COALESCE(t.refunded, 0)::float8 AS refunded
       FROM sale_payments p LEFT JOIN sale_refund_totals t ON t.payment_id = p.id
      WHERE p.order_id = $1 AND p.status = 'SUCCESS'`,
    [order.id],
  );
  if (!payment) throw new ApiError(409, 'ORDER_NOT_PAID', 'The order has no payment to refund');
  const lines = await db.query<RefundLine & { sold: number; refunded: number } & Record<string, unknown>>(
    `SELECT i.id AS item_id, i.product_id, i.code, i.name, i.price::float8 AS price, i.amount AS sold,
            COALESCE(t.refunded, 0) AS refunded, i.amount - COALESCE(t.refunded, 0) AS quantity
       FROM sale_order_items i LEFT JOIN sale_refund_line_totals t ON t.item_id = i.id
      WHERE i.order_id = $1 ORDER BY i.added_at, i.id`,
    [order.id],
  );
  return {
    order_id: order.id,
    invoice_id: order.invoice_id,
    order_code: order.order_code,
    total: Number(order.total),
    earned_points: Number(order.point),
    customer_id: order.customer_id,
    payment: { id: payment.id, method: payment.method, amount: Number(payment.amount), serial_number: payment.serial_number },
    refunded: Number(payment.refunded),
    lines: lines.map((l) => ({
      ...l,
      price: Number(l.price),
      sold: Number(l.sold),
      refunded: Number(l.refunded),
      quantity: Number(l.quantity),
    })),
  };
}

const badLines = (message: string) => new ApiError(400, 'BAD_REQUEST', message, { field: 'lines' });

/**
 * The lines a request gives back: `full` → every line's remaining quantity; else each asked line must be
 * the order's, once, with a whole quantity from 1 to what is left of it.
 */
export function linesToRefund(refundable: Refundable, full: boolean, asked: unknown): RefundLine[] {
  const remaining = refundable.lines.filter((l) => l.quantity > 0);
  if (full)
    return remaining.map(({ item_id, product_id, code, name, price, quantity }) => ({ item_id, product_id, code, name, price, quantity }));
  if (!Array.isArray(asked) || asked.length === 0 || asked.length > 200) throw badLines('lines: one or more {item_id, quantity}');
  const seen = new Set<number>();
  return asked.map((raw) => {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const line = refundable.lines.find((l) => l.item_id === entry.item_id);
    if (!line || seen.has(line.item_id)) throw badLines('lines: an item of this order, each once');
    seen.add(line.item_id);
    const quantity = entry.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      throw badLines('lines: quantity is a whole number from 1');
    if (quantity > line.quantity) {
      throw new ApiError(409, 'REFUND_EXCEEDS_PAID', 'More of this dish than is left to refund', {
        item_id: line.item_id,
        refundable: line.quantity,
      });
    }
    return { item_id: line.item_id, product_id: line.product_id, code: line.code, name: line.name, price: line.price, quantity };
  });
}

const STATUS_BY_METHOD: Record<RefundMethod, RefundStatus> = { CASH: 'SUCCESS', CARD: 'PENDING', QR: 'REQUESTED', LINK: 'REQUESTED' };

const isCheckViolation = (error: unknown) => (error as { code?: unknown }).code === '23514';

/**
 * Records a refund in one statement: the payment's and lines' running totals grow and the refund row
 * is written together, or nothing is (a total past what was paid aborts the statement: 409
 * REFUND_EXCEEDS_PAID). A cash refund is SUCCESS at once and takes its points back in the same call.
 */
export async function recordRefund(
  ctx: SandboxContext,
  merchantId: string,
  refundable: Refundable,
  input: { lines: RefundLine[]; reason: string; note: string; user: AuditActor & { username: string } },
): Promise<RefundRecord> {
  const amount = input.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (amount <= 0) throw new ApiError(409, 'REFUND_EXCEEDS_PAID', 'Nothing is left to refund', { refundable: 0 });
  const { payment } = refundable;
  const status = STATUS_BY_METHOD[payment.method];
  const now = ctx.clock.now();
  let id: number;
  try {
    // The refund, its drawer movement (cash, D318) and its audit entry land together or not at all (D299).
    id = await ctx.db.transaction(async (tx) => {
      const made = await insertRefund(tx, merchantId, refundable, { ...input, amount, status, now });
      if (payment.method === 'CASH') {
        const byName = input.user.full_name || input.user.username;
        await cashRefundToDrawer(tx, {
          merchantId,
          orderId: refundable.order_id,
          orderCode: refundable.order_code,
          refundId: made.id,
          amount,
          byName,
          now,
        });
      }
      await recordAudit(tx, now, input.user, {
        action: 'refund.create',
        target: 'refund',
        targetId: made.id,
        store: made.store_id === null ? null : { id: made.store_id, name: made.store_name },
        before: { order_code: refundable.order_code, refunded: refundable.refunded },
        after: {
          order_code: refundable.order_code,
          refunded: refundable.refunded + amount,
          refund_amount: amount,
          method: payment.method,
          refund_status: status,
          reason: input.reason,
          refund_lines: input.lines.map((l) => `${l.quantity} × ${l.name}`).join('; '),
        },
      });
      return made.id;
    });
  } catch (error) {
    if (isCheckViolation(error)) throw new ApiError(409, 'REFUND_EXCEEDS_PAID', 'That is more than is left to refund');
    throw error;
  }
  if (status === 'SUCCESS') await settle(ctx, id);
  const refund = (await refundById(ctx.db, id))!;
  emitRefund(ctx, merchantId, refund);
  return refund;
}

/**
 * One statement: the payment's and lines' running totals grow and the refund row is written, or a
 * total past what was paid or sold aborts all of it (the CHECKs of sql/001_refunds.sql).
 */
async function insertRefund(
  db: Database,
  merchantId: string,
  refundable: Refundable,
  r: {
    lines: RefundLine[];
    reason: string;
    note: string;
    user: AuditActor & { username: string };
    amount: number;
    status: RefundStatus;
    now: number;
  },
): Promise<{ id: number; store_id: number | null; store_name: string | null }> {
  const { payment } = refundable;
  const [row] = await db.query<{ id: number; store_id: number | null; store_name: string | null }>(
    `WITH t AS (
       INSERT INTO sale_refund_totals (payment_id, paid, refunded) VALUES ($3, $4, $5)
       ON CONFLICT (payment_id) DO UPDATE SET refunded = sale_refund_totals.refunded + EXCLUDED.refunded RETURNING payment_id),
     l AS (
       INSERT INTO sale_refund_line_totals (item_id, sold, refunded)
       SELECT i.id, i.amount, x.quantity FROM jsonb_to_recordset($6::jsonb) AS x(item_id integer, quantity integer)
         JOIN sale_order_items i ON i.id = x.item_id AND i.order_id = $2
       ON CONFLICT (item_id) DO UPDATE SET refunded = sale_refund_line_totals.refunded + EXCLUDED.refunded RETURNING item_id),
     r AS (
       INSERT INTO sale_refunds (merchant_id, order_id, payment_id, method, status, amount, lines, reason, note, serial_number,
                                 created_by, created_by_name, created_at, updated_at)
       SELECT $1, $2, t.payment_id, $7, $8, $5, $6::jsonb, $9, $10, $11, $12, $13, $14, $14 FROM t
        WHERE (SELECT count(*) FROM l) = jsonb_array_length($6::jsonb)
       RETURNING id)
     SELECT r.id, s.id AS store_id, s.name AS store_name FROM r
       LEFT JOIN sale_orders o ON o.id = $2
       LEFT JOIN stores s ON s.id = o.store_id AND s.merchant_id = o.merchant_id`,
    [
      merchantId,
      refundable.order_id,
      payment.id,
      payment.amount,
      r.amount,
      JSON.stringify(r.lines),
      payment.method,
      r.status,
      r.reason,
      r.note,
      payment.method === 'CARD' ? payment.serial_number : null,
      r.user.id,
      r.user.full_name || r.user.username,
      r.now,
    ],
  );
  if (!row) throw new ApiError(409, 'CONFLICT', 'The order changed meanwhile; read it again');
  return row;
}

/**
 * What follows a refund that gave money back: the customer's points earned on the order are taken back
 * in proportion (pointsToReverse, never below zero) and their spending lowered by the amount.
 */
async function settle(ctx: SandboxContext, refundId: number): Promise<void> {
  const [r] = await ctx.db.query<{
    order_id: number;
    merchant_id: string;
    amount: number;
    point: number;
    total: number;
    customer_id: number;
    before: number;
  }>(
    `SELECT r.order_id, r.merchant_id, r.amount::float8 AS amount, o.point::float8 AS point, o.total_price::float8 AS total, o.customer_id,
            COALESCE((SELECT sum(x.amount) FROM sale_refunds x WHERE x.order_id = r.order_id AND x.status = 'SUCCESS' AND x.id <> r.id), 0)::float8 AS before
       FROM sale_refunds r JOIN sale_orders o ON o.id = r.order_id WHERE r.id = $1`,
    [refundId],
  );
  // Decree 70: an invoiced order's refund is an adjusting invoice decreasing its lines (D313).
  await queueRefundAdjustment(ctx.db, refundId, ctx.clock.now());
  if (!r || r.customer_id === 0) return;
  const points = pointsToReverse(Number(r.point), Number(r.total), Number(r.before), Number(r.amount));
  await ctx.db.query(`UPDATE sale_refunds SET points_reversed = $2 WHERE id = $1`, [refundId, points]);
  await ctx.db.query(
    `UPDATE customers SET point = GREATEST(point - $3, 0), total_spending = GREATEST(total_spending - $4, 0), updated_at = $5
      WHERE id = $1 AND merchant_id = $2`,
    [r.customer_id, r.merchant_id, points, Number(r.amount), ctx.clock.now()],
  );
}

function emitRefund(ctx: SandboxContext, merchantId: string, refund: RefundRecord): void {
  ctx.realtime.emitToMerchant('sale', merchantId, 'refund_updated', {
    data: { refund_id: refund.id, order_id: refund.order_id, invoice_id: refund.invoice_id, status: refund.status, amount: refund.amount },
  });
}

/**
 * The terminal or the bank answers a waiting refund (triggers.ts): SUCCESS settles it; DECLINED or
 * REJECTED gives its share of the payment and lines back to what may still be refunded. Only a
 * waiting refund moves, once (the status guard), whatever repeats the answer.
 */
export async function endRefund(
  ctx: SandboxContext,
  refundId: number,
  outcome: 'SUCCESS' | 'DECLINED' | 'REJECTED',
): Promise<RefundRecord> {
  // A card refund is declined by its terminal, a bank refund rejected by the bank; either may succeed.
  const from: RefundStatus[] = outcome === 'SUCCESS' ? ['PENDING', 'REQUESTED'] : outcome === 'DECLINED' ? ['PENDING'] : ['REQUESTED'];
  const release = outcome !== 'SUCCESS';
  // One statement: the status and the released totals move together or not at all.
  const [moved] = await ctx.db.query<{ id: number; merchant_id: string }>(
    `WITH r AS (
       UPDATE sale_refunds SET status = $2, updated_at = $3 WHERE id = $1 AND status = ANY($4::text[])
       RETURNING id, merchant_id, payment_id, amount, lines),
     t AS (
       UPDATE sale_refund_totals s SET refunded = s.refunded - r.amount FROM r WHERE $5 AND s.payment_id = r.payment_id RETURNING 1),
     l AS (
       UPDATE sale_refund_line_totals s SET refunded = s.refunded - x.quantity
         FROM r, jsonb_to_recordset(r.lines) AS x(item_id integer, quantity integer) WHERE $5 AND s.item_id = x.item_id RETURNING 1)
     SELECT id, merchant_id FROM r`,
    [refundId, outcome, ctx.clock.now(), from, release],
  );
  const current = await refundById(ctx.db, refundId);
  if (!current) throw new ApiError(404, 'NOT_FOUND', `No refund ${refundId}`);
  if (!moved) {
    throw new ApiError(409, 'REFUND_NOT_WAITING', `Refund ${refundId} is ${current.status}`, {
      status: current.status,
      method: current.method,
    });
  }
  if (outcome === 'SUCCESS') {
    await settle(ctx, refundId);
    // The money went back out through the bank: its record for reconciliation (D320).
    await writeBankRefund(ctx, refundId);
  }
  const refund = (await refundById(ctx.db, refundId))!;
  emitRefund(ctx, moved.merchant_id, refund);
  return refund;
}
