import type { SandboxContext } from '../../platform/context';
import { ApiError } from '../../platform/http/envelope';
import { orderEmpty, orderPaid, paymentOut, payNow, refuseVoided, whyNotPaid } from '../../platform/sale/settlement';
import { PAID_STATUSES } from '../../platform/transactions/channels';
import { wireId } from '../../platform/transactions/wire-id';
import { amountParam, MERCHANT_PARAM, merchantOf } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';
import { vnDayStart } from '../../platform/vn-time';

/**
 * Making the bank's side differ from the till's (issue 27 §5, D308), like a payment provider's test
 * mode: a credit that waits and is settled later, a credit no order accounts for, and an order marked
 * paid that the bank never received (the fake transfer screenshot).
 */

const ORDER_CODE = { name: 'order_code', description: 'the order paid by VietQR, card or link', required: true };

interface BankRow {
  id: number;
  channel: string;
  amount: number;
  commission_fee: number;
  credit_status: string;
  credit_amount: number | null;
  credit_date: number | null;
}
const RETURNING = `RETURNING id::int AS id, channel, amount::float8 AS amount, commission_fee::float8 AS commission_fee, credit_status,
  credit_amount::float8 AS credit_amount, credit_date::float8 AS credit_date`;
const out = (r: BankRow) => ({ ...r, id: wireId(r.channel, r.id) });

async function orderCode(ctx: SandboxContext, merchantId: string, code: string | undefined) {
  if (!code) throw new ApiError(400, 'REQUIRED', 'Give order_code', { fields: ['order_code'] });
  const [order] = await ctx.db.query<{ id: number; status: number; total_price: number }>(
    `SELECT id, status, total_price::float8 AS total_price FROM sale_orders WHERE merchant_id = $1 AND order_code = $2`,
    [merchantId, code],
  );
  if (!order) throw new ApiError(404, 'NOT_FOUND', `No order "${code}"`);
  return order;
}

/** The bank's records of an order's payment: its paid rows in the three reports carrying the order code. */
const OF_ORDER = `merchant_id = $1 AND bill_id = $2 AND channel IN ('va', 'card', 'ecom') AND status = ANY($3::text[])`;

const waiting: TriggerDefinition = {
  name: 'bank-credit-waiting',
  summary: "The bank holds the credit of an order's VietQR, card or link payment: its record stays in the report, not credited yet.",
  params: [ORDER_CODE, MERCHANT_PARAM],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    await orderCode(ctx, merchantId, params.order_code);
    const rows = await ctx.db.query<BankRow & Record<string, unknown>>(
      `UPDATE transactions SET credit_status = 'not_credited', credit_amount = NULL, credit_date = NULL, settlement_time = NULL
        WHERE ${OF_ORDER} ${RETURNING}`,
      [merchantId, params.order_code, PAID_STATUSES],
    );
    if (rows.length === 0) throw new ApiError(404, 'NOT_FOUND', 'The bank has no record of this order');
    return { merchant_id: merchantId, records: rows.map(out) };
  },
};

const settle: TriggerDefinition = {
  name: 'bank-settle',
  summary:
    "The bank credits what it was waiting to credit: one order's payment, or every not-credited VietQR, card and link record of today (net = amount − fee, credit date now).",
  params: [{ name: 'order_code', description: "the order (default: every waiting record of today's)" }, MERCHANT_PARAM],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    const now = ctx.clock.now();
    if (params.order_code) await orderCode(ctx, merchantId, params.order_code);
    // One order's records, or every record of today still waiting ($5, the Vietnam day's start).
    const which = params.order_code
      ? `${OF_ORDER} AND $5::bigint IS NOT NULL`
      : `merchant_id = $1 AND $2::text IS NULL AND channel IN ('va', 'card', 'ecom') AND status = ANY($3::text[]) AND created_at >= $5 AND created_at <= $4`;
    const rows = await ctx.db.query<BankRow & Record<string, unknown>>(
      `UPDATE transactions SET credit_status = 'credited', credit_amount = amount - commission_fee, credit_date = $4, settlement_time = $4
        WHERE ${which} AND credit_status = 'not_credited' ${RETURNING}`,
      [merchantId, params.order_code || null, PAID_STATUSES, now, vnDayStart(now)],
    );
    return { merchant_id: merchantId, records: rows.map(out) };
  },
};

const unmatched: TriggerDefinition = {
  name: 'bank-credit-unmatched',
  summary:
    "A VietQR transfer reaches a store's account naming no order (a sticker QR, a wrong content): credited in the virtual-account report, no announcement, no order payment.",
  params: [
    { name: 'amount', description: 'đồng, e.g. 85000', required: true },
    { name: 'store_id', description: "the store whose account receives it (default the merchant's first)" },
    { name: 'reference', description: 'the transfer content (default CHUYEN TIEN)' },
    MERCHANT_PARAM,
  ],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    const amount = amountParam(params.amount);
    const now = ctx.clock.now();
    const [store] = await ctx.db.query<{ id: number; va_account_no: string | null }>(
      `SELECT id, va_account_no FROM stores WHERE merchant_id = $1 AND ($2::int IS NULL OR id = $2) ORDER BY id LIMIT 1`,
      [merchantId, params.store_id && /^\d{1,9}$/.test(params.store_id) ? Number(params.store_id) : null],
    );
    if (!store || (params.store_id && !/^\d{1,9}$/.test(params.store_id))) throw new ApiError(404, 'STORE_NOT_EXIST', 'No such store');
    const [row] = await ctx.db.query<BankRow & Record<string, unknown>>(
      `INSERT INTO transactions (merchant_id, channel, created_at, store_id, bill_id, amount, commission_fee, credit_status, credit_amount,
         credit_date, settlement_time, status, response_code, va_account_receiver, use_qrpay, payment_channel)
       VALUES ($1, 'va', $2, $3, $4, $5, 0, 'credited', $5, $2, $2, 'success', '00', $6, true, 'STORE') ${RETURNING}`,
      [merchantId, now, store.id, (params.reference || 'CHUYEN TIEN').slice(0, 60), amount, store.va_account_no],
    );
    return { merchant_id: merchantId, store_id: store.id, record: out(row!) };
  },
};

const confirmed: TriggerDefinition = {
  name: 'order-transfer-confirmed',
  summary:
    'A cashier marks an order paid by VietQR after looking at a transfer on the guest’s phone (D308): the order is paid, the bank writes nothing — a fake transfer screenshot.',
  params: [ORDER_CODE, MERCHANT_PARAM],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    const order = await orderCode(ctx, merchantId, params.order_code);
    if (Number(order.status) === 0) throw await orderPaid(ctx.db, order.id);
    refuseVoided(order);
    const total = Number(order.total_price);
    const payment = await payNow(ctx, merchantId, order.id, { method: 'QR', amount: total, bankRecord: false });
    if (!payment) {
      const why = await whyNotPaid(ctx.db, order.id, total);
      if (why === 'PAID') throw await orderPaid(ctx.db, order.id);
      throw total === 0 ? orderEmpty() : new ApiError(409, 'CONFLICT', 'The order changed meanwhile; try again');
    }
    return { merchant_id: merchantId, payment: paymentOut(payment) };
  },
};

export const reconciliationTriggers: TriggerDefinition[] = [waiting, settle, unmatched, confirmed];
