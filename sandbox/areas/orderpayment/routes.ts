import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { sendOnce } from '../../platform/http/idempotency';
import { queryInt } from '../../platform/http/query';
import {
  approveCard,
  cancelPayment,
  findPayable,
  holdQr,
  invoiceNotFound,
  orderQr,
  orderEmpty,
  orderPaid,
  PAYMENT_SELECT,
  paymentById,
  paymentOut,
  payNow,
  type PaymentRecord,
  orderReceivingAccount,
  refuseVoided,
} from '../../platform/sale/settlement';
import { registerSoundboxRoutes } from './soundbox';
import { bodyOf, wholeId } from '../../platform/http/body';

/**
 * Paying an order (doc 2 §4 card terminal, cash; §7 /payment/qr, /payment/pos, cash, devices;
 * docs/areas/orderpayment.md "Service calls"): the order's VietQR, cash (POST /payment/cash, D116),
 * a card payment sent to one of the merchant's POS terminals, the payments of an invoice (what a
 * client reads when an answer was lost), cancelling a pending payment (D216), the terminals and their
 * connection. A card payment and a VietQR are PENDING payments holding the order's total until they
 * end; meanwhile the order's dishes are locked (D214). The money calls take an
 * Idempotency-Key (platform/http/idempotency.ts). Scoped to the caller's merchant; open to the owner
 * and staff-type users (a cashier is staff, D115).
 */

export const CASH_MAX = 9_999_999_999_999;
const POS = 1;

const badRequest = (field: string, message: string, data: Record<string, unknown> = {}) =>
  new ApiError(400, 'BAD_REQUEST', message, { field, ...data });

/** A body's invoice_id: REQUIRED when absent or not a whole number. */
function invoiceIdOf(body: Record<string, unknown>): number {
  const id = typeof body.invoice_id === 'number' ? wholeId(body.invoice_id) : null;
  if (id === null) throw required(['invoice_id']);
  return id;
}

function methodMustBe(body: Record<string, unknown>, method: string): void {
  if (body.payment_method !== undefined && body.payment_method !== method) {
    throw badRequest('payment_method', `payment_method must be ${method} here`);
  }
}

/** Whole đồng of at most 13 digits (the cash field's limit, doc 2 §9). */
function money(body: Record<string, unknown>, name: string): number {
  const v = body[name];
  if (v === undefined || v === null) throw required([name]);
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > CASH_MAX) {
    throw badRequest(name, `${name} is a whole number of đồng, at most 13 digits`);
  }
  return v;
}

/** The body's merchant_id names the caller's merchant, by id or by the profile's ref_id (doc 2 §6). */
async function isMerchant(db: Database, merchantId: string, named: unknown): Promise<boolean> {
  if (named === merchantId) return true;
  if (typeof named !== 'string' || named === '' || named.length > 64) return false;
  const [row] = await db.query(`SELECT 1 FROM merchants WHERE id = $1 AND ref_id = $2`, [merchantId, named]);
  return Boolean(row);
}

interface Terminal {
  serial_number: string;
  pos_id: string;
  type_edc: number;
  status: string | null;
}

async function terminalOf(db: Database, merchantId: string, serial: string): Promise<Terminal | undefined> {
  const [row] = await db.query<Terminal & Record<string, unknown>>(
    `SELECT serial_number, pos_id, type_edc, status FROM edc_devices WHERE merchant_id = $1 AND serial_number = $2 AND type_edc = $3`,
    [merchantId, serial, POS],
  );
  return row;
}

/** Card payments wait for the terminal; with SANDBOX_TERMINAL_DELAY_MS it approves on its own after that long. */
function scheduleTerminal(ctx: SandboxContext, paymentId: number): void {
  const delay = ctx.options.terminalDelayMs;
  if (delay === undefined) return;
  const timer = setTimeout(() => {
    approveCard(ctx, paymentId).catch(() => undefined);
  }, delay);
  timer.unref?.();
}

/** The invoice to pay: 404 when not the merchant's, 409 ORDER_PAID (with its payment) once paid, 409 ORDER_VOIDED once voided (D301), 409 ORDER_EMPTY with nothing on it. */
async function payable(ctx: SandboxContext, merchantId: string, invoiceId: number) {
  const order = await findPayable(ctx.db, merchantId, invoiceId);
  if (!order) throw invoiceNotFound();
  if (order.status === 0) throw await orderPaid(ctx.db, order.id);
  refuseVoided(order);
  if (order.total_price <= 0) throw orderEmpty();
  return order;
}

/** Paying by QR and in cash. */
function registerQrCashRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // The same order and amount always give the same string (the guest may scan a printed bill). The QR
  // made holds its amount as the order's PENDING QR payment until paid, cancelled or replaced (D214).
  app.get('/payment/qr/:invoice_id', async (request) => {
    const { user } = await caller(request);
    const invoiceId = wholeId((request.params as { invoice_id?: string }).invoice_id);
    if (invoiceId === null) throw badRequest('invoice_id', 'invoice_id is a whole number');
    const query = (request.query ?? {}) as Record<string, unknown>;
    // The spec's merchant_city, merchant_name and mcc are accepted and checked, but a NAPAS VietQR
    // names the receiving account, not the shop (D117).
    for (const [name, max] of [
      ['merchant_city', 15],
      ['merchant_name', 25],
      ['mcc', 4],
    ] as const) {
      const v = query[name];
      if (v !== undefined && (typeof v !== 'string' || v.length > max))
        throw badRequest(name, `${name} is text of at most ${max} characters`);
    }
    const order = await payable(ctx, user.merchant_id, invoiceId);
    // The order's own store's ShopQR, else the merchant's verified bank account (D297).
    const account = await orderReceivingAccount(ctx.db, user.merchant_id, order.store_id);
    if (!account) throw new ApiError(400, 'BAD_REQUEST', 'The merchant has no account to receive QR payments', { qr: null });
    await holdQr(ctx, user.merchant_id, order.id, order.total_price);
    return ok({
      qr: orderQr(account, order.total_price, order.order_code),
      amount: order.total_price,
      order_code: order.order_code,
      // Beyond the spec (D297): where the QR pays, so the screen can name the store and its Soundboxes.
      account_kind: account.kind,
      account_no: account.account,
      store_id: account.store_id,
      store_name: account.store_name,
    });
  });

  // Cash at the counter (doc 2 §4 Cash): change = received − total, and received ≥ total.
  app.post('/payment/cash', async (request, reply) => {
    const { user } = await caller(request);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: true }, async () => {
      const body = bodyOf(request);
      const invoiceId = invoiceIdOf(body);
      methodMustBe(body, 'CASH');
      const receive = money(body, 'receive_amount');
      const change = money(body, 'return_amount');
      if (body.merchant_id !== undefined && !(await isMerchant(ctx.db, user.merchant_id, body.merchant_id))) {
        throw badRequest('merchant_id', 'merchant_id is not the signed-in merchant');
      }
      const order = await payable(ctx, user.merchant_id, invoiceId);
      const check = (total: number) => {
        if (receive < total) throw badRequest('receive_amount', 'The amount received is less than the total', { total_price: total });
        if (change !== receive - total) {
          throw badRequest('return_amount', 'The change must be the amount received minus the total', { total_price: total });
        }
      };
      check(order.total_price);
      const payment = await payNow(ctx, user.merchant_id, order.id, { method: 'CASH', receive, change });
      if (!payment) {
        // Not payable at that instant: paid by another call, or dishes added since the total was read.
        const again = await payable(ctx, user.merchant_id, invoiceId);
        check(again.total_price);
        throw new ApiError(409, 'CONFLICT', 'The order changed meanwhile; read it again');
      }
      return { status: 200, body: ok(paymentOut(payment)) };
    });
  });
}

/** Paying by card on a terminal, and cancelling a pending card payment or QR. */
function registerCardRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // A card payment sent to a terminal: PENDING until the terminal answers (trigger `terminal`, or the delay).
  app.post('/payment/pos', async (request, reply) => {
    const { user } = await caller(request);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: true }, async () => {
      const body = bodyOf(request);
      const invoiceId = invoiceIdOf(body);
      methodMustBe(body, 'CARD');
      const serial = body.serial_number;
      if (typeof serial !== 'string' || serial.trim() === '') throw required(['serial_number']);
      if (serial.length > 64) throw badRequest('serial_number', 'serial_number is at most 64 characters');
      const order = await payable(ctx, user.merchant_id, invoiceId);
      const terminal = await terminalOf(ctx.db, user.merchant_id, serial.trim());
      if (!terminal) throw new ApiError(404, 'NOT_FOUND', 'No such terminal', { field: 'serial_number' });
      if (terminal.status !== 'ONLINE') {
        throw new ApiError(409, 'TERMINAL_OFFLINE', 'The terminal is not connected', { status: terminal.status ?? 'NOT_CONNECTED' });
      }
      const [waiting] = await ctx.db.query<{ id: number; order_id: number }>(
        `SELECT id, order_id FROM sale_payments WHERE serial_number = $1 AND status = 'PENDING' AND method = 'CARD'`,
        [terminal.serial_number],
      );
      let payment: PaymentRecord | undefined;
      if (waiting?.order_id === order.id) {
        // This order is already on the terminal (a retry with a fresh key): the same request, never a second.
        payment = await paymentById(ctx.db, waiting.id);
      } else if (waiting) {
        throw new ApiError(409, 'TERMINAL_BUSY', 'The terminal is busy with another payment', { field: 'serial_number' });
      } else {
        const now = ctx.clock.now();
        // The amount is the order's total as this statement reads it: what the terminal is asked for,
        // and what its approval must still be (D215).
        const [row] = await ctx.db
          .query<{ id: number }>(
            `INSERT INTO sale_payments (merchant_id, order_id, method, status, amount, receive_amount, serial_number, created_at, updated_at)
             SELECT $1, o.id, 'CARD', 'PENDING', o.total_price, o.total_price, $3, $4, $4 FROM sale_orders o
              WHERE o.id = $2 AND o.merchant_id = $1 AND o.status IN (1, 2) AND o.total_price > 0 RETURNING id`,
            [user.merchant_id, order.id, terminal.serial_number, now],
          )
          .catch((error: unknown) => {
            if ((error as { code?: unknown }).code === '23505') {
              throw new ApiError(409, 'TERMINAL_BUSY', 'The terminal is busy with another payment', { field: 'serial_number' });
            }
            throw error;
          });
        if (!row) {
          // Paid or emptied since it was read: say which.
          await payable(ctx, user.merchant_id, invoiceId);
          throw new ApiError(409, 'CONFLICT', 'The order changed meanwhile; read it again');
        }
        payment = await paymentById(ctx.db, row!.id);
        scheduleTerminal(ctx, row!.id);
      }
      return { status: 200, body: ok({ invoice_id: order.invoice_id, payment: paymentOut(payment!) }) };
    });
  });

  // The merchant cancels a pending card payment or QR to change the order (D216): the card stops waiting
  // on its terminal, the QR stops holding the order's amount. Cancelling one that has already ended
  // answers it as it is (a repeat after a lost answer); one that paid the order is 409 ORDER_PAID.
  app.post('/payment/:payment_id/cancel', async (request) => {
    const { user } = await caller(request);
    const paymentId = wholeId((request.params as { payment_id?: string }).payment_id);
    if (paymentId === null) throw badRequest('payment_id', 'payment_id is a whole number');
    const payment = await cancelPayment(ctx, user.merchant_id, paymentId);
    if (!payment) throw new ApiError(404, 'NOT_FOUND', 'No such payment');
    if (payment.status === 'SUCCESS') throw await orderPaid(ctx.db, payment.order_id);
    return ok(paymentOut(payment));
  });
}

/** An invoice's payments, the merchant's terminals and a terminal's connection. */
function registerPaymentReadRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  // The invoice's payments, newest first: read this before retrying when an answer was lost.
  app.get('/payment', async (request) => {
    const { user } = await caller(request);
    const invoiceId = wholeId((request.query as Record<string, unknown> | undefined)?.invoice_id);
    if (invoiceId === null) throw required(['invoice_id']);
    const order = await findPayable(ctx.db, user.merchant_id, invoiceId);
    if (!order) throw invoiceNotFound();
    const rows = await ctx.db.query<PaymentRecord & Record<string, unknown>>(
      `${PAYMENT_SELECT} WHERE p.order_id = $1 ORDER BY p.created_at DESC, p.id DESC`,
      [order.id],
    );
    return ok(rows.map(paymentOut));
  });

  // The merchant's POS terminals (card machines of type 1; Soundboxes take no card).
  app.get('/payment/device', async (request) => {
    const { user } = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, 10_000);
    const [count] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM edc_devices WHERE merchant_id = $1 AND type_edc = $2`,
      [user.merchant_id, POS],
    );
    const rows = await ctx.db.query<Terminal & Record<string, unknown>>(
      `SELECT serial_number, pos_id, type_edc, status FROM edc_devices WHERE merchant_id = $1 AND type_edc = $2
        ORDER BY id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id, POS],
    );
    const total = count?.n ?? 0;
    return {
      data: rows.map((r) => ({
        serial_number: r.serial_number,
        pos_id: r.pos_id,
        type_edc: r.type_edc,
        status: r.status ?? 'NOT_CONNECTED',
      })),
      total_page: Math.ceil(total / pageSize),
      page,
      page_size: pageSize,
      total_count: total,
    };
  });

  // Polled every 2 s by the payment screen while a terminal is chosen.
  app.get('/payment/device/connection', async (request) => {
    const { user } = await caller(request);
    const serial = (request.query as Record<string, unknown> | undefined)?.serial_number;
    if (typeof serial !== 'string' || serial.trim() === '') throw required(['serial_number']);
    if (serial.length > 64) throw badRequest('serial_number', 'serial_number is at most 64 characters');
    const terminal = await terminalOf(ctx.db, user.merchant_id, serial.trim());
    if (!terminal) throw new ApiError(404, 'NOT_FOUND', 'No such terminal', { field: 'serial_number' });
    return ok({ serial_number: terminal.serial_number, status: terminal.status ?? 'NOT_CONNECTED' });
  });
}

export function registerPaymentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerQrCashRoutes(app, ctx);
  registerCardRoutes(app, ctx);
  registerPaymentReadRoutes(app, ctx);
  registerSoundboxRoutes(app, ctx);
}
