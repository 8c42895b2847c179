import type { Database } from '../db/database';
import type { Method } from './settlement';
import { ApiError } from '../http/envelope';

/**
 * The payments waiting on an order (D214): a card payment sent to a terminal, a VietQR made for the
 * order, a payment link made for it. While one is pending the order's dishes are locked, so the amount
 * being charged cannot move under it; the merchant releases the lock by cancelling it. Part of the
 * sale service's settlement (./settlement.ts re-exports it).
 */

/** A payment waiting on an order: a card payment on a terminal, a VietQR made for it, a payment link made for it. */
export interface PendingPayment {
  method: Method;
  /** The sale payment's id; a link's `pl_…` id. */
  id: number | string;
  amount: number;
  serial_number: string | null;
  /** Unix seconds. */
  created_at: number;
}

/** Whether a table of another area exists in this database (the checkout area's links live beside the sale service). */
export async function hasTable(db: Database, name: string): Promise<boolean> {
  const [row] = await db.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [name]);
  return Boolean(row?.t);
}

/** An open link made for the order: not paid, not cancelled, not expired (checkout area, D214). */
const openLinkOf = (orderIdSql: string, nowSecondsSql: string) =>
  `SELECT 1 FROM payment_links pl JOIN sale_orders po ON po.merchant_id = pl.merchant_id AND po.invoice_id = pl.invoice_id
    WHERE po.id = ${orderIdSql} AND pl.paid_at IS NULL AND pl.cancelled_at IS NULL AND pl.expires_at > ${nowSecondsSql}`;

/**
 * The payments holding an order's amount, newest first (D214): PENDING sale payments (a card payment
 * on a terminal, a VietQR made for the order) and open links made for the order.
 */
export async function pendingPayments(db: Database, orderId: number, nowMs: number): Promise<PendingPayment[]> {
  type Row = { method: Method; id: string; amount: number; serial_number: string | null; created_ms: number };
  const rows: Row[] = [];
  if (await hasTable(db, 'sale_payments')) {
    rows.push(
      ...(await db.query<Row>(
        `SELECT method, id::text AS id, amount::float8 AS amount, serial_number, created_at::float8 AS created_ms
           FROM sale_payments WHERE order_id = $1 AND status = 'PENDING'`,
        [orderId],
      )),
    );
  }
  if (await hasTable(db, 'payment_links')) {
    rows.push(
      ...(await db.query<Row>(
        `SELECT 'LINK' AS method, pl.id, pl.amount::float8 AS amount, NULL AS serial_number, pl.created_at::float8 * 1000 AS created_ms
           FROM payment_links pl JOIN sale_orders po ON po.merchant_id = pl.merchant_id AND po.invoice_id = pl.invoice_id
          WHERE po.id = $1 AND pl.paid_at IS NULL AND pl.cancelled_at IS NULL AND pl.expires_at > $2`,
        [orderId, Math.floor(nowMs / 1000)],
      )),
    );
  }
  return rows
    .sort((a, b) => Number(b.created_ms) - Number(a.created_ms))
    .map((r) => ({
      method: r.method,
      id: r.method === 'LINK' ? r.id : Number(r.id),
      amount: Number(r.amount),
      serial_number: r.serial_number,
      created_at: Math.floor(Number(r.created_ms) / 1000),
    }));
}

/**
 * An SQL condition true when the order (`orderIdSql`, an expression of the caller's statement) has no
 * pending payment at `nowMsSql`: put in the statement that changes the order's total, so the check and
 * the change are one (D214).
 */
export async function noPendingPaymentSql(db: Database, orderIdSql: string, nowMsSql: string): Promise<string> {
  const conditions: string[] = [];
  if (await hasTable(db, 'sale_payments')) {
    conditions.push(`NOT EXISTS (SELECT 1 FROM sale_payments sp WHERE sp.order_id = ${orderIdSql} AND sp.status = 'PENDING')`);
  }
  if (await hasTable(db, 'payment_links')) conditions.push(`NOT EXISTS (${openLinkOf(orderIdSql, `floor(${nowMsSql}::bigint / 1000)`)})`);
  return conditions.length ? conditions.join(' AND ') : 'TRUE';
}

/**
 * 409 ORDER_PAYMENT_PENDING: the order's dishes are locked while a payment is pending (D214). Names
 * the newest (`method`, `id`, `amount`) and lists every one in `pending`, so the merchant can cancel
 * them (POST /payment/{id}/cancel, POST /payment-links/{id}/cancel) and then change the order.
 */
export function orderPaymentPending(pending: readonly PendingPayment[]): ApiError {
  const first = pending[0]!;
  return new ApiError(
    409,
    'ORDER_PAYMENT_PENDING',
    `A ${first.method} payment (${first.id}) of ${first.amount} is pending on this order; cancel it before changing the order`,
    { method: first.method, id: first.id, amount: first.amount, pending },
  );
}

/** Refuses a change of the order's total while a payment is pending on it (D214). */
export async function assertNoPendingPayment(db: Database, orderId: number, nowMs: number): Promise<void> {
  const pending = await pendingPayments(db, orderId, nowMs);
  if (pending.length > 0) throw orderPaymentPending(pending);
}
