import type { SandboxContext } from '../../platform/context';
import { ApiError } from '../../platform/http/envelope';
import { amountParam, MERCHANT_PARAM, merchantOf } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';
import {
  amountMismatch,
  approveCard,
  failCard,
  failPendingQr,
  orderEmpty,
  orderPaid,
  paymentOut,
  payNow,
  pendingOnTerminal,
  pendingQr,
  type PaymentRecord,
  refuseVoided,
  whyNotPaid,
} from '../../platform/sale/settlement';

/**
 * Triggers of the orderpayment area: a guest pays an order's VietQR, a card terminal answers its
 * pending payment or changes connection. Each answers what it stored and emitted. Money is taken at
 * the amount that came in (the credit, the approval) only when it is the order's total at that
 * instant; otherwise it is refused and the payment fails (D215).
 */

/** The payment_success payload as pay.ts emitted it, for the trigger's answer. */
const successPayload = (p: PaymentRecord) => ({
  data: {
    invoice_data: {
      total_price: Number(p.amount),
      order_code: p.order_code,
      order_id: p.order_id,
      invoice_id: p.invoice_id,
      payment_method: p.method,
    },
  },
});

const MAX_AMOUNT = 9_999_999_999_999;

async function findOrderTotal(ctx: SandboxContext, orderId: number): Promise<number> {
  const [row] = await ctx.db.query<{ total_price: number }>(`SELECT total_price::float8 AS total_price FROM sale_orders WHERE id = $1`, [
    orderId,
  ]);
  return Number(row?.total_price ?? 0);
}

function orderQrPaid(name: string, summary: string): TriggerDefinition {
  return {
    name,
    summary,
    params: [
      { name: 'order_code', description: 'the order (or give amount alone for a new paid counter order)' },
      {
        name: 'amount',
        description:
          "đồng paid (default: the amount of the order's pending QR, else its total); refused unless it is the order's total (sets it on an order without dishes)",
      },
      MERCHANT_PARAM,
    ],
    async run(ctx, params) {
      const merchantId = await merchantOf(ctx, params);
      const now = ctx.clock.now();
      const amount = params.amount ? amountParam(params.amount, { max: MAX_AMOUNT }) : null;
      let order: { id: number; status: number; total_price: number } | undefined;
      if (params.order_code) {
        [order] = await ctx.db.query<{ id: number; status: number; total_price: number }>(
          `SELECT id, status, total_price FROM sale_orders WHERE merchant_id = $1 AND order_code = $2`,
          [merchantId, params.order_code],
        );
        if (!order) throw new ApiError(404, 'NOT_FOUND', `No order "${params.order_code}"`);
        if (order.status === 0) throw await orderPaid(ctx.db, order.id);
        refuseVoided(order);
        if (amount !== null && Number(order.total_price) === 0) {
          // An order the sandbox knows no dishes of (the bell's new-order trigger): the transfer says what it came to.
          await ctx.db.query(`UPDATE sale_orders SET total_price = $2, updated_at = $3 WHERE id = $1 AND status IN (1, 2)`, [
            order.id,
            amount,
            now,
          ]);
        }
      } else {
        if (amount === null)
          throw new ApiError(400, 'REQUIRED', 'Give order_code, or amount for a new paid order', { fields: ['order_code'] });
        // A counter sale the sandbox knows only the total of (as the old order-paid trigger made).
        [order] = await ctx.db.query<{ id: number; status: number; total_price: number }>(
          `WITH n AS (SELECT nextval(pg_get_serial_sequence('sale_orders', 'id')) AS id)
           INSERT INTO sale_orders (id, merchant_id, order_code, status, total_price, folded, created_at, updated_at)
           SELECT n.id, $1::text, 'HD' || right($1::text, 4) || lpad(n.id::text, 6, '0'), 1, $2, lower('HD' || right($1::text, 4) || lpad(n.id::text, 6, '0')), $3, $3
             FROM n RETURNING id, status, total_price`,
          [merchantId, amount, now],
        );
      }
      // What came in: the amount given, else what the QR the guest scanned shows (the order's pending
      // QR), else the order's total (a QR made now would show it).
      const credit = amount ?? Number((await pendingQr(ctx.db, order!.id))?.amount ?? order!.total_price);
      const payment = await payNow(ctx, merchantId, order!.id, { method: 'QR', amount: credit });
      if (!payment) {
        const why = await whyNotPaid(ctx.db, order!.id, credit);
        if (why === 'PAID') throw await orderPaid(ctx.db, order!.id);
        if (why === 'CHANGED') throw credit === 0 ? orderEmpty() : new ApiError(409, 'CONFLICT', 'The order changed meanwhile; try again');
        // Never re-priced (D215): the credit is refused, and a QR made for that amount has failed.
        const failed = await failPendingQr(ctx, order!.id, credit);
        const current = await findOrderTotal(ctx, order!.id);
        throw amountMismatch(credit, current, { failed_payment: failed ? paymentOut(failed) : null });
      }
      return {
        merchant_id: merchantId,
        namespace: 'sale',
        event: 'payment_success',
        payload: successPayload(payment),
        payment: paymentOut(payment),
      };
    },
  };
}

const RESULTS = ['approve', 'decline', 'offline', 'online'] as const;

const terminal: TriggerDefinition = {
  name: 'terminal',
  summary:
    'A POS terminal answers its pending card payment (approve → payment_success, decline → payment_failed) or goes offline (its pending payment fails) or online.',
  params: [
    { name: 'serial', description: 'serial_number of the terminal', required: true },
    { name: 'result', description: 'approve, decline, offline or online', required: true },
  ],
  async run(ctx, params) {
    const result = (params.result ?? '').trim().toLowerCase() as (typeof RESULTS)[number];
    if (!RESULTS.includes(result)) throw new ApiError(400, 'BAD_REQUEST', `result must be ${RESULTS.join(', ')}`, { field: 'result' });
    const serial = (params.serial ?? '').trim();
    const [device] = await ctx.db.query<{ id: number; merchant_id: string; serial_number: string; status: string | null }>(
      `SELECT id, merchant_id, serial_number, status FROM edc_devices WHERE serial_number = $1 AND type_edc = 1`,
      [serial],
    );
    if (!device) throw new ApiError(404, 'NOT_FOUND', `No POS terminal with serial "${serial}"`, { field: 'serial' });
    const base = { merchant_id: device.merchant_id, serial: device.serial_number, result };
    if (result === 'online' || result === 'offline') {
      await ctx.db.query(`UPDATE edc_devices SET status = $2 WHERE id = $1`, [device.id, result.toUpperCase()]);
      const pending = result === 'offline' ? await pendingOnTerminal(ctx.db, device.serial_number) : undefined;
      const failed = pending ? await failCard(ctx, pending.id, 'TERMINAL_OFFLINE') : null;
      return { ...base, previous: device.status, status: result.toUpperCase(), failed_payment: failed ? paymentOut(failed) : null };
    }
    const pending = await pendingOnTerminal(ctx.db, device.serial_number);
    if (!pending) throw new ApiError(409, 'NO_PENDING_PAYMENT', 'The terminal has no card payment waiting');
    if (result === 'decline') {
      const failed = await failCard(ctx, pending.id, 'DECLINED');
      return { ...base, namespace: 'sale', event: 'payment_failed', payment: failed ? paymentOut(failed) : null };
    }
    const approved = await approveCard(ctx, pending.id);
    if (approved.outcome === 'SUCCESS') {
      return {
        ...base,
        namespace: 'sale',
        event: 'payment_success',
        payload: successPayload(approved.payment),
        payment: paymentOut(approved.payment),
      };
    }
    if (approved.outcome === 'AMOUNT_MISMATCH') {
      // The terminal was asked for another amount than the order now totals: refused, never re-priced (D215).
      return { ...base, namespace: 'sale', event: 'payment_failed', reason: 'AMOUNT_MISMATCH', payment: paymentOut(approved.payment) };
    }
    if (approved.outcome === 'PAID_OTHERWISE') {
      return { ...base, event: null, payment: null, note: 'The order had been paid another way; the card request was cancelled' };
    }
    throw new ApiError(409, 'NO_PENDING_PAYMENT', 'The terminal has no card payment waiting');
  },
};

export const paymentTriggers: TriggerDefinition[] = [
  orderQrPaid('order-qr-paid', "The guest pays the order's VietQR: one QR payment, the order completed, payment_success."),
  orderQrPaid('order-paid', 'Old name of order-qr-paid (kept for scripts and tests written before issue 13).'),
  terminal,
];
