import { buildVietQr } from '../../../src/services/qr/vietqr';
import type { SandboxContext } from '../context';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';

/**
 * Shared by the sale service's areas that take an order's money (orderpayment: cash, VietQR, card
 * terminal; checkout: payment links), which may not import each other.
 *
 * Taking an order's money, the one way every method goes (cash, VietQR, card approval, link): the
 * order becomes completed (0) and paid in the same statement that records the SUCCESS payment, and
 * only while it is unpaid; the unique index sale_payments_one_success is the last guard. Then the
 * customer earns the order's points, other pending card payments of the order are cancelled, and
 * `payment_success` goes to the merchant's sale sockets.
 */

export type Method = 'CASH' | 'QR' | 'CARD' | 'LINK';
export type PaymentStatus = 'PENDING' | 'SUCCESS' | 'DECLINED' | 'CANCELLED';
export type FailReason = 'DECLINED' | 'TERMINAL_OFFLINE';

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
}

export async function findPayable(db: Database, merchantId: string, invoiceId: number): Promise<PayableOrder | undefined> {
  const [row] = await db.query<PayableOrder & Record<string, unknown>>(
    `SELECT id, merchant_id, order_code, invoice_id, status, total_price::bigint AS total_price, table_id FROM sale_orders
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

/** What follows every completion: points, stale card requests, the event. */
async function afterPaid(ctx: SandboxContext, merchantId: string, done: Completed, method: Method): Promise<PaymentRecord> {
  const now = ctx.clock.now();
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

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

/**
 * Pays an unpaid order with a new SUCCESS payment (cash, QR, link). Cash carries what was handed over
 * and the change, which must be exactly received − total. Answers the payment, or null when the order
 * was not payable at that instant (paid meanwhile, emptied, or the cash no longer matches): the caller
 * reads the order again to say why.
 */
export async function payNow(
  ctx: SandboxContext,
  merchantId: string,
  orderId: number,
  input: { method: Exclude<Method, 'CARD'>; receive?: number; change?: number },
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
          WHERE id = $1 AND merchant_id = $2 AND status <> 0 AND total_price > 0
            AND (NOT $4 OR ($5::bigint >= total_price AND $6::bigint = $5::bigint - total_price))
          RETURNING id, order_code, invoice_id, total_price, customer_id, point, receive_amount, return_amount),
       p AS (
         INSERT INTO sale_payments (merchant_id, order_id, method, status, amount, receive_amount, return_amount, created_at, updated_at)
         SELECT $2, o.id, $3, 'SUCCESS', o.total_price, o.receive_amount, o.return_amount, $8, $8 FROM o RETURNING id)
       SELECT p.id AS payment_id, o.id AS order_id, o.order_code, o.invoice_id, o.total_price, o.customer_id, o.point FROM p, o`,
      [orderId, merchantId, input.method, cash, input.receive ?? 0, input.change ?? 0, percent, now],
    );
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  return done ? afterPaid(ctx, merchantId, done, input.method) : null;
}

/**
 * The terminal approved its pending card payment: that payment becomes the SUCCESS one and the order
 * is paid. Answers null when the payment was no longer pending; when the order had been paid another
 * way meanwhile, the card request is cancelled instead (the guest is not charged twice).
 */
export async function approveCard(ctx: SandboxContext, paymentId: number): Promise<PaymentRecord | null> {
  const pending = await paymentById(ctx.db, paymentId);
  if (!pending || pending.status !== 'PENDING') return null;
  const [order] = await ctx.db.query<{ merchant_id: string }>(`SELECT merchant_id FROM sale_orders WHERE id = $1`, [pending.order_id]);
  const merchantId = order!.merchant_id;
  const now = ctx.clock.now();
  const percent = await pointPercent(ctx.db, merchantId);
  let done: Completed | undefined;
  try {
    [done] = await ctx.db.query<Completed & Record<string, unknown>>(
      `WITH pay AS (SELECT id, order_id FROM sale_payments WHERE id = $1 AND status = 'PENDING' FOR UPDATE),
       o AS (
         UPDATE sale_orders SET status = 0, payment_status = 1, invoice_status = 1, payment_method = 'CARD',
                receive_amount = total_price, return_amount = 0, point = floor(total_price * $3::numeric / 100), paid_at = $2, updated_at = $2
          WHERE id = (SELECT order_id FROM pay) AND status <> 0 AND total_price > 0
          RETURNING id, order_code, invoice_id, total_price, customer_id, point),
       p AS (
         UPDATE sale_payments s SET status = 'SUCCESS', amount = o.total_price, receive_amount = o.total_price, updated_at = $2
           FROM o WHERE s.id = $1 RETURNING s.id)
       SELECT p.id AS payment_id, o.id AS order_id, o.order_code, o.invoice_id, o.total_price, o.customer_id, o.point FROM p, o`,
      [paymentId, now, percent],
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (done) return afterPaid(ctx, merchantId, done, 'CARD');
  await ctx.db.query(
    `UPDATE sale_payments SET status = 'CANCELLED', reason = 'PAID_OTHERWISE', updated_at = $2 WHERE id = $1 AND status = 'PENDING'`,
    [paymentId, now],
  );
  return null;
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
 * Where the order's VietQR pays: the merchant's first store ShopQR (a virtual account, shopqr area),
 * else its first verified bank account (bank area); null when it has neither (not_setting_account_yet).
 */
export async function receivingAccount(db: Database, merchantId: string): Promise<{ bin: string; account: string } | null> {
  const [va] = await db.query<{ bin: string; account: string }>(
    `SELECT b.bin, va.va_account_no AS account FROM virtual_accounts va
       JOIN bank_accounts ba ON ba.id = va.bank_account_id JOIN banks b ON b.bank_code = ba.bank_code
      WHERE va.merchant_id = $1 AND va.va_type = 'STORE' ORDER BY va.id LIMIT 1`,
    [merchantId],
  );
  if (va) return va;
  const [bank] = await db.query<{ bin: string; account: string }>(
    `SELECT b.bin, ba.bank_account_no AS account FROM bank_accounts ba JOIN banks b ON b.bank_code = ba.bank_code
      WHERE ba.merchant_id = $1 AND ba.verified_at IS NOT NULL ORDER BY ba.id LIMIT 1`,
    [merchantId],
  );
  return bank ?? null;
}

/** The order's VietQR: its account, the amount to pay and the order code as the transfer's purpose. */
export function orderQr(account: { bin: string; account: string }, amount: number, orderCode: string): string {
  return buildVietQr({ bin: account.bin, accountNumber: account.account, amount, purpose: orderCode });
}
