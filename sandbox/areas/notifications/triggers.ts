import { stripVietnameseDiacritics } from '../../../src/services/qr/vietqr';
import { ApiError } from '../../platform/http/envelope';
import { wireId } from '../../platform/transactions/wire-id';
import { amountParam, emitVaPayment, merchantOf, MERCHANT_PARAM } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';

/**
 * Triggers of the notifications area (contract "Triggers"): a QR payment (spoken by the portal), the
 * sale service's order notifications on the orders area's orders, and a cut connection. Each answers
 * what it stored and emitted. A paid order is the orderpayment area's `order-qr-paid` (alias `order-paid`).
 */

const TYPES = { 'new-order': 0, 'payment-request': 1, 'add-dishes': 2 } as const;

/**
 * Order codes a customer may keep (on a receipt) are made from the row's serial id, which never comes
 * back in the database's life: DH/HD + the merchant id's last 4 + the id in 6+ digits. The
 * seed's codes have a 2- or 4-digit suffix, so they never meet. An order made here has no dishes yet.
 */
const NEW_ORDER = `WITH n AS (SELECT nextval(pg_get_serial_sequence('sale_orders', 'id')) AS id)
  INSERT INTO sale_orders (id, merchant_id, order_code, table_name, status, total_price, folded, created_at, updated_at, table_id)`;

const foldText = (text: string) => stripVietnameseDiacritics(text).toLowerCase();

/**
 * The tables area's table of that name when it has no open bill, so the new order is that table's bill
 * (seen on /sale-table); otherwise (no such table, a bill already open, no tables area) the order only
 * names the table.
 */
async function freeTable(ctx: Parameters<TriggerDefinition['run']>[0], merchantId: string, name: string): Promise<number | null> {
  const [has] = await ctx.db.query<{ t: string | null }>(`SELECT to_regclass('fnb_tables')::text AS t`);
  if (!has?.t) return null;
  const [row] = await ctx.db.query<{ id: number }>(
    `SELECT t.id FROM fnb_tables t WHERE t.merchant_id = $1 AND lower(t.table_name) = lower($2)
        AND NOT EXISTS (SELECT 1 FROM sale_orders o WHERE o.merchant_id = t.merchant_id AND o.table_id = t.id AND o.status IN (1, 2))
      ORDER BY t.id LIMIT 1`,
    [merchantId, name],
  );
  return row?.id ?? null;
}

const boolParam = (value: string | undefined) => value === 'true' || value === '1' || value === 'yes';

const qrPayment: TriggerDefinition = {
  name: 'qr-payment',
  summary: 'A customer pays by QR: a va transaction (report /tx-va) and the va event named by the merchant id.',
  params: [
    { name: 'amount', description: 'đồng, e.g. 150000', required: true },
    MERCHANT_PARAM,
    { name: 'va_account_no', description: "receiving virtual account (default: the merchant's first store's)" },
    { name: 'message', description: 'transfer message (default "Chuyen tien")' },
  ],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    const amount = amountParam(params.amount);
    const [store] = await ctx.db.query<{ id: number; va_account_no: string | null }>(
      params.va_account_no
        ? `SELECT s.id, $2::text AS va_account_no FROM stores s WHERE s.merchant_id = $1
           ORDER BY (s.va_account_no = $2) DESC, s.id LIMIT 1`
        : `SELECT id, va_account_no FROM stores WHERE merchant_id = $1 ORDER BY id LIMIT 1`,
      params.va_account_no ? [merchantId, params.va_account_no] : [merchantId],
    );
    if (!store) throw new ApiError(409, 'STORE_NOT_EXIST', 'The merchant has no store to receive the payment');
    const now = ctx.clock.now();
    const message = (params.message ?? 'Chuyen tien').slice(0, 200);
    const [tx] = await ctx.db.query<{ id: number }>(
      `INSERT INTO transactions (merchant_id, channel, created_at, store_id, bill_id, amount, commission_fee, credit_status,
         status, response_code, va_account_receiver, use_qrpay, payment_channel)
       VALUES ($1, 'va', $2, $3, '', $4, 0, 'not_credited', 'success', '00', $5, true, 'STORE') RETURNING id::int AS id`,
      [merchantId, now, store.id, amount, store.va_account_no],
    );
    const payload = emitVaPayment(ctx, merchantId, {
      transactionId: wireId('va', tx!.id),
      amount,
      message,
      vaAccountNo: store.va_account_no,
      at: now,
    });
    return { merchant_id: merchantId, namespace: 'va', event: merchantId, payload };
  },
};

function notificationTrigger(name: keyof typeof TYPES, summary: string): TriggerDefinition {
  const type = TYPES[name];
  return {
    name,
    summary,
    params: [
      MERCHANT_PARAM,
      { name: 'table', description: 'table name (default "Bàn 5")' },
      { name: 'order_code', description: 'an existing order (default: a new one for new-order, else the latest order)' },
    ],
    async run(ctx, params) {
      const merchantId = await merchantOf(ctx, params);
      const now = ctx.clock.now();
      type OrderRow = { id: number; order_code: string; table_name: string | null };
      let order: OrderRow | undefined;
      if (params.order_code) {
        [order] = await ctx.db.query<OrderRow>(
          `SELECT id, order_code, table_name FROM sale_orders WHERE merchant_id = $1 AND order_code = $2`,
          [merchantId, params.order_code],
        );
      } else if (type !== 0) {
        [order] = await ctx.db.query<OrderRow>(
          `SELECT id, order_code, table_name FROM sale_orders WHERE merchant_id = $1 AND status = 1 ORDER BY created_at DESC, id DESC LIMIT 1`,
          [merchantId],
        );
      }
      const table = params.table || order?.table_name || 'Bàn 5';
      if (!order) {
        // A new order is selecting (2), one asking to pay or adding dishes is being served (1); both open
        // the order itself when clicked, a completed one (0) the order list (core §4).
        [order] = await ctx.db.query<OrderRow>(
          `${NEW_ORDER} SELECT n.id, $1::text, c.code, $3, $4, 0, lower(c.code) || ' ' || $6, $5, $5, $7::int
             FROM n, LATERAL (SELECT COALESCE($2::text, 'DH' || right($1::text, 4) || lpad(n.id::text, 6, '0')) AS code) c
           RETURNING id, order_code, table_name`,
          [merchantId, params.order_code || null, table, type === 0 ? 2 : 1, now, foldText(table), await freeTable(ctx, merchantId, table)],
        );
      }
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO notifications (merchant_id, notification_type, order_id, order_code, table_name, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 0, $6) RETURNING id`,
        [merchantId, type, order!.id, order!.order_code, table, now],
      );
      const payload = {
        id: row!.id,
        notification_type: type,
        order_id: order!.id,
        order_code: order!.order_code,
        table_name: table,
        created_at: Math.floor(now / 1000),
      };
      ctx.realtime.emitToMerchant('sale', merchantId, 'notification', payload);
      return { merchant_id: merchantId, namespace: 'sale', event: 'notification', payload };
    },
  };
}

const realtimeDrop: TriggerDefinition = {
  name: 'realtime-drop',
  summary: "Cuts the transport of the merchant's sockets; forget=true also drops their recovery state (no replay).",
  params: [MERCHANT_PARAM, { name: 'forget', description: 'true: missed events are not replayed' }],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    const forget = boolParam(params.forget);
    const sockets = ctx.realtime.dropMerchant(merchantId, { forget });
    return { merchant_id: merchantId, sockets, forget };
  },
};

export const notificationTriggers: TriggerDefinition[] = [
  qrPayment,
  notificationTrigger('new-order', 'A new order: stores a notification (type 0) and emits sale notification.'),
  notificationTrigger('payment-request', 'A table asks to pay: notification type 1 on an order being served.'),
  notificationTrigger('add-dishes', 'Dishes added to an order: notification type 2.'),
  realtimeDrop,
];
