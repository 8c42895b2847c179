import type { SandboxContext } from '../context';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { writeBankRecord } from './bank-record';
import { wakeInvoiceQueue } from './einvoice-wake';
import { hasTable } from './pending';

export * from './pending';
export * from './order-qr';
export * from './voided';

/**
 * Shared by the sale service's areas that take an order's money (orderpayment: cash, VietQR, card
 * terminal; checkout: payment links), which may not import each other.
 *
 * Taking an order's money, the one way every method goes (cash, VietQR, card approval, link): the
 * order becomes completed (0) and paid in the same statement that records the SUCCESS payment, and
 * only while it is unpaid; the unique index sale_payments_one_success is the last guard. Then the
 * customer earns the order's points, other pending payments of the order are cancelled, and
 * `payment_success` goes to the merchant's sale sockets.
 *
 * A payment is taken at the amount it was made for, or not at all (D214, D215): a card payment sent
 * to a terminal, a VietQR made for the order and a payment link made for it each carry their amount,
 * and the statement that completes the order compares it with the order's total at that instant. While
 * one of them is pending the order's dishes are locked (`pendingPayments`, `noPendingPaymentSql`), so
 * the amount being charged cannot move under it; the merchant releases the lock by cancelling it.
 */

export type Method = 'CASH' | 'QR' | 'CARD' | 'LINK';
export type PaymentStatus = 'PENDING' | 'SUCCESS' | 'DECLINED' | 'CANCELLED';
/**
 * Why a card payment ended without money: the terminal declined, dropped off, the approval was for
 * another amount than the order's total (D215), or the merchant cancelled it (D216).
 */
export type FailReason = 'DECLINED' | 'TERMINAL_OFFLINE' | 'AMOUNT_MISMATCH' | 'CANCELLED';

export interface PaymentRecord {
  id: number;
  order_id: number;
  invoice_id: number;
  order_code: string;
  method: Method;
  status: PaymentStatus;
  amount: number;
  receive_amount: number;
  return_amount: number;
  serial_number: string | null;
  created_at: number;
}

export const paymentOut = (p: PaymentRecord) => ({
  payment_id: p.id,
  invoice_id: p.invoice_id,
  order_code: p.order_code,
  method: p.method,
  status: p.status,
  amount: Number(p.amount),
  receive_amount: Number(p.receive_amount),
  return_amount: Number(p.return_amount),
  serial_number: p.serial_number,
  created_at: Math.floor(Number(p.created_at) / 1000),
});
export type PaymentWire = ReturnType<typeof paymentOut>;

export const PAYMENT_SELECT = `SELECT p.id, p.order_id, o.invoice_id, o.order_code, p.method, p.status, p.amount, p.receive_amount,
    p.return_amount, p.serial_number, p.created_at
  FROM sale_payments p JOIN sale_orders o ON o.id = p.order_id`;

export interface PayableOrder {
  id: number;
  merchant_id: string;
  order_code: string;
  invoice_id: number;
  status: number;
  total_price: number;
  table_id: number | null;
  /** The store the order was opened in (D297); null: the merchant's first store. */
  store_id: number | null;
}

export async function findPayable(db: Database, merchantId: string, invoiceId: number): Promise<PayableOrder | undefined> {
  const [row] = await db.query<PayableOrder & Record<string, unknown>>(
    `SELECT id, merchant_id, order_code, invoice_id, status, total_price::bigint AS total_price, table_id, store_id FROM sale_orders
      WHERE merchant_id = $1 AND invoice_id = $2`,
    [merchantId, invoiceId],
  );
  return row ? { ...row, total_price: Number(row.total_price) } : undefined;
}

export async function paymentById(db: Database, paymentId: number): Promise<PaymentRecord | undefined> {
  const [row] = await db.query<PaymentRecord & Record<string, unknown>>(`${PAYMENT_SELECT} WHERE p.id = $1`, [paymentId]);
  return row;
}

export async function successPayment(db: Database, orderId: number): Promise<PaymentRecord | undefined> {
  const [row] = await db.query<PaymentRecord & Record<string, unknown>>(
    `${PAYMENT_SELECT} WHERE p.order_id = $1 AND p.status = 'SUCCESS'`,
    [orderId],
  );
  return row;
}

export const invoiceNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such invoice');
export const orderEmpty = () => new ApiError(409, 'ORDER_EMPTY', 'The order has no dishes to pay for');

/** 409 ORDER_PAID carrying the payment that paid it (so a client that lost its answer learns the outcome). */
export async function orderPaid(db: Database, orderId: number): Promise<ApiError> {
  const payment = await successPayment(db, orderId);
  return new ApiError(409, 'ORDER_PAID', 'The order is already paid', { payment: payment ? paymentOut(payment) : null });
}

/**
 * The merchant's loyalty rate (doc 2 sale settings point_percent, "1 point = 1 VND"), read from the
 * settings area's table when this database has one; 0 otherwise (D120).
 */
export async function pointPercent(db: Database, merchantId: string): Promise<number> {
  const [has] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'sale_settings' AND column_name IN ('merchant_id', 'point_percent')`,
  );
  if (has?.n !== 2) return 0;
  const [row] = await db.query<{ p: number | string | null }>(
    `SELECT point_percent AS p FROM sale_settings WHERE merchant_id = $1 LIMIT 1`,
    [merchantId],
  );
  const p = Number(row?.p ?? 0);
  return Number.isFinite(p) && p > 0 && p <= 100 ? p : 0;
}

interface Completed {
  payment_id: number;
  order_id: number;
  order_code: string;
  invoice_id: number;
  total_price: number;
  customer_id: number;
  point: number;
}

/** What follows every completion: points, the order's other pending payments cancelled, the event. */
async function afterPaid(ctx: SandboxContext, merchantId: string, done: Completed, method: Method, bank = true): Promise<PaymentRecord> {
  const now = ctx.clock.now();
  // The bank's record of the money (D308); a cashier's confirmation of a shown transfer has none.
  if (bank && method !== 'CASH') await writeBankRecord(ctx, merchantId, done, method);
  await ctx.db.query(
    `UPDATE sale_payments SET status = 'CANCELLED', reason = 'PAID_OTHERWISE', updated_at = $2 WHERE order_id = $1 AND status = 'PENDING'`,
    [done.order_id, now],
  );
  if (done.customer_id !== 0) {
    await ctx.db.query(
      `UPDATE customers SET point = point + $3, total_spending = total_spending + $4, total_orders = total_orders + 1, updated_at = $5
        WHERE id = $1 AND merchant_id = $2`,
      [done.customer_id, merchantId, Number(done.point), Number(done.total_price), now],
    );
  }
  // The queue's worker looks now rather than at its next round (a payment with no job costs it one empty look).
  wakeInvoiceQueue(ctx.db);
  ctx.realtime.emitToMerchant('sale', merchantId, 'payment_success', {
    data: {
      invoice_data: {
        total_price: Number(done.total_price),
        order_code: done.order_code,
        order_id: done.order_id,
        invoice_id: done.invoice_id,
        payment_method: method,
      },
    },
  });
  return (await paymentById(ctx.db, done.payment_id))!;
}

/**
 * D248: the order's e-invoice job, in the statement that marks it paid, when the
 * merchant's e-invoice settings are active with auto export on. A part of that statement (a
 * data-modifying WITH, run whether or not the SELECT reads it), so the payment and its queued invoice
 * are one commit: a crash between them cannot leave a paid order that nobody will invoice. `o` is the
 * statement's completed order (id, merchant_id); `nowParam` the clock's parameter. Empty when this
 * database has no e-invoice area (the queue table lives with the product backend's e-invoice tables).
 */
async function queueInvoiceCte(db: Database, nowParam: string): Promise<string> {
  if (!(await hasTable(db, 'sale_einvoice_jobs')) || !(await hasTable(db, 'einv_settings'))) return '';
  return `, j AS (
         INSERT INTO sale_einvoice_jobs (order_id, merchant_id, state, attempts, next_at, created_at, updated_at)
         SELECT o.id, o.merchant_id, 'QUEUED', 0, ${nowParam}, ${nowParam}, ${nowParam} FROM o
          WHERE EXISTS (SELECT 1 FROM einv_settings es WHERE es.merchant_id = o.merchant_id AND es.active AND es.auto_export)
         ON CONFLICT (order_id) DO NOTHING RETURNING order_id)`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

/**
 * Pays an unpaid order with a SUCCESS payment (cash, QR, link). Cash carries what was handed over and
 * the change, which must be exactly received − total. A QR or link payment carries `amount`, the money
 * that came in: the order is completed only if its total is that amount in the same statement (D215);
 * a QR payment turns the order's pending QR of that amount into the SUCCESS one. Answers the payment,
 * or null when the order was not payable at that instant (paid meanwhile, emptied, the cash or the
 * amount no longer matches): the caller reads the order again to say why (`whyNotPaid`).
 */
export async function payNow(
  ctx: SandboxContext,
  merchantId: string,
  orderId: number,
  input: { method: Exclude<Method, 'CARD'>; receive?: number; change?: number; amount?: number; bankRecord?: boolean },
): Promise<PaymentRecord | null> {
  const now = ctx.clock.now();
  const percent = await pointPercent(ctx.db, merchantId);
  const cash = input.method === 'CASH';
  let done: Completed | undefined;
  try {
    [done] = await ctx.db.query<Completed & Record<string, unknown>>(
      `WITH o AS (
         UPDATE sale_orders SET status = 0, payment_status = 1, invoice_status = 1, payment_method = $3,
                receive_amount = CASE WHEN $4 THEN $5::bigint ELSE total_price END,
                return_amount = CASE WHEN $4 THEN $5::bigint - total_price ELSE 0 END,
                point = floor(total_price * $7::numeric / 100), paid_at = $8, updated_at = $8
          WHERE id = $1 AND merchant_id = $2 AND status IN (1, 2) AND total_price > 0
            AND (NOT $4 OR ($5::bigint >= total_price AND $6::bigint = $5::bigint - total_price))
            AND ($9::bigint IS NULL OR total_price = $9::bigint)
          RETURNING id, merchant_id, order_code, invoice_id, total_price, customer_id, point, receive_amount, return_amount),
       q AS (
         UPDATE sale_payments s SET status = 'SUCCESS', receive_amount = o.total_price, return_amount = 0, updated_at = $8
           FROM o WHERE $3 = 'QR' AND s.order_id = o.id AND s.method = 'QR' AND s.status = 'PENDING' AND s.amount = o.total_price
         RETURNING s.id),
       p AS (
         INSERT INTO sale_payments (merchant_id, order_id, method, status, amount, receive_amount, return_amount, created_at, updated_at)
         SELECT $2, o.id, $3, 'SUCCESS', o.total_price, o.receive_amount, o.return_amount, $8, $8 FROM o
          WHERE NOT EXISTS (SELECT 1 FROM q) RETURNING id)
       ${await queueInvoiceCte(ctx.db, '$8')}
       SELECT x.id AS payment_id, o.id AS order_id, o.order_code, o.invoice_id, o.total_price, o.customer_id, o.point
         FROM o, (SELECT id FROM q UNION ALL SELECT id FROM p) x`,
      [orderId, merchantId, input.method, cash, input.receive ?? 0, input.change ?? 0, percent, now, input.amount ?? null],
    );
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  return done ? afterPaid(ctx, merchantId, done, input.method, input.bankRecord !== false) : null;
}

/** Why `payNow` or an approval took no money: the order was paid meanwhile, or its total is not the amount. */
export async function whyNotPaid(db: Database, orderId: number, amount: number): Promise<'PAID' | 'AMOUNT_MISMATCH' | 'CHANGED'> {
  const [order] = await db.query<{ status: number; total_price: number }>(
    `SELECT status, total_price::float8 AS total_price FROM sale_orders WHERE id = $1`,
    [orderId],
  );
  if (!order || order.status === 0) return 'PAID';
  return Number(order.total_price) !== amount ? 'AMOUNT_MISMATCH' : 'CHANGED';
}

/** 409 AMOUNT_MISMATCH: the money offered is not the order's total (D215). */
export const amountMismatch = (amount: number, total: number, data: Record<string, unknown> = {}) =>
  new ApiError(409, 'AMOUNT_MISMATCH', `The order's total is ${total}, not ${amount}`, { amount, total_price: total, ...data });

export type ApproveResult =
  | { outcome: 'SUCCESS'; payment: PaymentRecord }
  /** The approval was for another amount than the order's total: the payment failed (D215). */
  | { outcome: 'AMOUNT_MISMATCH'; payment: PaymentRecord }
  /** The order had been paid another way: the card request was cancelled instead. */
  | { outcome: 'PAID_OTHERWISE'; payment: null }
  | { outcome: 'NOT_PENDING'; payment: null };

/**
 * The terminal approved its pending card payment: that payment becomes the SUCCESS one and the order
 * is paid, at the amount the terminal was asked for and only if that is still the order's total, in
 * one statement (D215): an approval is never re-priced. Another total fails the payment with
 * `payment_failed` AMOUNT_MISMATCH and leaves the order unpaid; an order paid another way meanwhile
 * cancels the card request (the guest is not charged twice).
 */
export async function approveCard(ctx: SandboxContext, paymentId: number): Promise<ApproveResult> {
  const pending = await paymentById(ctx.db, paymentId);
  if (!pending || pending.status !== 'PENDING') return { outcome: 'NOT_PENDING', payment: null };
  const [order] = await ctx.db.query<{ merchant_id: string }>(`SELECT merchant_id FROM sale_orders WHERE id = $1`, [pending.order_id]);
  const merchantId = order!.merchant_id;
  const now = ctx.clock.now();
  const percent = await pointPercent(ctx.db, merchantId);
  let done: Completed | undefined;
  try {
    [done] = await ctx.db.query<Completed & Record<string, unknown>>(
      `WITH pay AS (SELECT id, order_id, amount FROM sale_payments WHERE id = $1 AND status = 'PENDING' FOR UPDATE),
       o AS (
         UPDATE sale_orders SET status = 0, payment_status = 1, invoice_status = 1, payment_method = 'CARD',
                receive_amount = total_price, return_amount = 0, point = floor(total_price * $3::numeric / 100), paid_at = $2, updated_at = $2
          WHERE id = (SELECT order_id FROM pay) AND status IN (1, 2) AND total_price > 0 AND total_price = (SELECT amount FROM pay)
          RETURNING id, merchant_id, order_code, invoice_id, total_price, customer_id, point),
       p AS (
         UPDATE sale_payments s SET status = 'SUCCESS', receive_amount = o.total_price, updated_at = $2
           FROM o WHERE s.id = $1 RETURNING s.id)
       ${await queueInvoiceCte(ctx.db, '$2')}
       SELECT p.id AS payment_id, o.id AS order_id, o.order_code, o.invoice_id, o.total_price, o.customer_id, o.point FROM p, o`,
      [paymentId, now, percent],
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (done) return { outcome: 'SUCCESS', payment: await afterPaid(ctx, merchantId, done, 'CARD') };
  const why = await whyNotPaid(ctx.db, pending.order_id, Number(pending.amount));
  if (why === 'AMOUNT_MISMATCH') {
    const failed = await failCard(ctx, paymentId, 'AMOUNT_MISMATCH');
    return failed ? { outcome: 'AMOUNT_MISMATCH', payment: failed } : { outcome: 'NOT_PENDING', payment: null };
  }
  // Ended meanwhile by another answer of the terminal, or by the merchant's cancel.
  if (why === 'CHANGED') return { outcome: 'NOT_PENDING', payment: null };
  await ctx.db.query(
    `UPDATE sale_payments SET status = 'CANCELLED', reason = 'PAID_OTHERWISE', updated_at = $2 WHERE id = $1 AND status = 'PENDING'`,
    [paymentId, now],
  );
  return { outcome: 'PAID_OTHERWISE', payment: null };
}

/** The terminal declined, or dropped off mid-payment: the pending card payment ends and `payment_failed` says why. */
export async function failCard(ctx: SandboxContext, paymentId: number, reason: FailReason): Promise<PaymentRecord | null> {
  const [row] = await ctx.db.query<{ id: number; merchant_id: string }>(
    `UPDATE sale_payments SET status = $2, reason = $3, updated_at = $4 WHERE id = $1 AND status = 'PENDING' RETURNING id, merchant_id`,
    [paymentId, reason === 'DECLINED' ? 'DECLINED' : 'CANCELLED', reason, ctx.clock.now()],
  );
  if (!row) return null;
  const payment = (await paymentById(ctx.db, paymentId))!;
  ctx.realtime.emitToMerchant('sale', row.merchant_id, 'payment_failed', {
    data: { invoice_id: payment.invoice_id, order_id: payment.order_id, order_code: payment.order_code, payment_method: 'CARD', reason },
  });
  return payment;
}

/** The pending card payment on a terminal, if any (at most one: sale_payments_terminal_busy). */
export async function pendingOnTerminal(db: Database, serial: string): Promise<PaymentRecord | undefined> {
  const [row] = await db.query<PaymentRecord & Record<string, unknown>>(
    `${PAYMENT_SELECT} WHERE p.serial_number = $1 AND p.status = 'PENDING' AND p.method = 'CARD'`,
    [serial],
  );
  return row;
}

/**
 * The order's VietQR is being shown or printed: it holds the order's total as a PENDING QR payment
 * until it is paid, cancelled or replaced (D214). One per order (sale_payments_qr_pending); a pending
 * QR of another amount (the total moved by a way the lock does not see) is replaced.
 */
export async function holdQr(ctx: SandboxContext, merchantId: string, orderId: number, amount: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.query(
    `UPDATE sale_payments SET status = 'CANCELLED', reason = 'REPLACED', updated_at = $3
      WHERE order_id = $1 AND method = 'QR' AND status = 'PENDING' AND amount <> $2`,
    [orderId, amount, now],
  );
  await ctx.db.query(
    `INSERT INTO sale_payments (merchant_id, order_id, method, status, amount, receive_amount, created_at, updated_at)
     SELECT $2, o.id, 'QR', 'PENDING', o.total_price, o.total_price, $4, $4 FROM sale_orders o
      WHERE o.id = $1 AND o.merchant_id = $2 AND o.status IN (1, 2) AND o.total_price = $3
     ON CONFLICT (order_id) WHERE status = 'PENDING' AND method = 'QR' DO NOTHING`,
    [orderId, merchantId, amount, now],
  );
}

/** A credit for the order's pending QR arrived while the order totals something else: that QR failed (D215). */
export async function failPendingQr(ctx: SandboxContext, orderId: number, amount: number): Promise<PaymentRecord | undefined> {
  const [row] = await ctx.db.query<{ id: number }>(
    `UPDATE sale_payments SET status = 'CANCELLED', reason = 'AMOUNT_MISMATCH', updated_at = $3
      WHERE order_id = $1 AND method = 'QR' AND status = 'PENDING' AND amount = $2 RETURNING id`,
    [orderId, amount, ctx.clock.now()],
  );
  return row ? paymentById(ctx.db, row.id) : undefined;
}

/** The order's pending QR, if any: what a guest who scanned it pays. */
export async function pendingQr(db: Database, orderId: number): Promise<PaymentRecord | undefined> {
  const [row] = await db.query<PaymentRecord & Record<string, unknown>>(
    `${PAYMENT_SELECT} WHERE p.order_id = $1 AND p.method = 'QR' AND p.status = 'PENDING'`,
    [orderId],
  );
  return row;
}

/**
 * The merchant cancels a pending payment to release the order (D216): a card payment stops waiting on
 * its terminal (`payment_failed` CANCELLED tells the payment screen), a QR stops holding its amount (a
 * credit for it later is compared with the order's total like any other). Answers the payment as it
 * is now, or undefined when it is not the merchant's.
 */
export async function cancelPayment(ctx: SandboxContext, merchantId: string, paymentId: number): Promise<PaymentRecord | undefined> {
  const [mine] = await ctx.db.query<{ method: Method }>(`SELECT method FROM sale_payments WHERE id = $1 AND merchant_id = $2`, [
    paymentId,
    merchantId,
  ]);
  if (!mine) return undefined;
  if (mine.method === 'CARD') {
    await failCard(ctx, paymentId, 'CANCELLED');
  } else {
    await ctx.db.query(
      `UPDATE sale_payments SET status = 'CANCELLED', reason = 'CANCELLED', updated_at = $2 WHERE id = $1 AND status = 'PENDING'`,
      [paymentId, ctx.clock.now()],
    );
  }
  return paymentById(ctx.db, paymentId);
}
