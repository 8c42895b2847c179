import { ApiError } from '../../platform/http/envelope';
import { wireId } from '../../platform/transactions/wire-id';
import { amountParam, emitVaPayment, merchantOf, MERCHANT_PARAM } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';

/**
 * Triggers of the notifications area (contract "Triggers"): a QR payment (spoken by the portal), the
 * sale service's order notifications and paid orders, and a cut connection. Each answers what it
 * stored and emitted.
 */

const TYPES = { 'new-order': 0, 'payment-request': 1, 'add-dishes': 2 } as const;

/**
 * Order codes a customer may keep (on a receipt) are made from the row's serial id, which never comes
 * back in the database's life: DH/HD + the merchant id's last 4 + the id in 6+ digits (issue 10). The
 * seed's codes have a 2-digit suffix, so the two never meet.
 */
const NEW_ORDER = `WITH n AS (SELECT nextval(pg_get_serial_sequence('sale_orders', 'id')) AS id)
  INSERT INTO sale_orders (id, merchant_id, order_code, table_name, status, total_price, created_at, updated_at)`;
const PAID_ORDER = `WITH n AS (SELECT nextval(pg_get_serial_sequence('sale_orders', 'id')) AS id)
  INSERT INTO sale_orders (id, merchant_id, order_code, table_name, status, payment_status, invoice_status, payment_method, total_price,
    created_at, updated_at, paid_at)`;

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
      if (!order) {
        // A new order (0) opens the order list; an order being served (1) opens itself (core §4).
        [order] = await ctx.db.query<OrderRow>(
          `${NEW_ORDER} SELECT n.id, $1::text, COALESCE($2::text, 'DH' || right($1::text, 4) || lpad(n.id::text, 6, '0')), $3, $4, 0, $5, $5 FROM n
           RETURNING id, order_code, table_name`,
          [merchantId, params.order_code || null, params.table || 'Bàn 5', type === 0 ? 2 : 1, now],
        );
      }
      const table = params.table || order!.table_name;
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

const orderPaid: TriggerDefinition = {
  name: 'order-paid',
  summary: 'An order is paid: marks it paid and emits sale payment_success (spoken by the portal).',
  params: [
    { name: 'order_code', description: 'the order (or give amount for a new paid order)' },
    { name: 'amount', description: 'total in đồng (required without order_code)' },
    MERCHANT_PARAM,
  ],
  async run(ctx, params) {
    const merchantId = await merchantOf(ctx, params);
    const now = ctx.clock.now();
    type PaidRow = { order_code: string; total_price: string | number };
    let order: PaidRow | undefined;
    if (params.order_code) {
      const amount = params.amount ? amountParam(params.amount) : null;
      [order] = await ctx.db.query<PaidRow>(
        `UPDATE sale_orders SET status = 0, payment_status = 1, invoice_status = 1, payment_method = 'QR', paid_at = $4, updated_at = $4,
           total_price = COALESCE($3, total_price) WHERE merchant_id = $1 AND order_code = $2
         RETURNING order_code, total_price`,
        [merchantId, params.order_code, amount, now],
      );
      if (!order) throw new ApiError(404, 'NOT_FOUND', `No order "${params.order_code}"`);
    } else {
      const amount = amountParam(params.amount);
      [order] = await ctx.db.query<PaidRow>(
        `${PAID_ORDER} SELECT n.id, $1::text, 'HD' || right($1::text, 4) || lpad(n.id::text, 6, '0'), 'Bàn 5', 0, 1, 1, 'QR', $2, $3, $3, $3 FROM n
         RETURNING order_code, total_price`,
        [merchantId, amount, now],
      );
    }
    const payload = { data: { invoice_data: { total_price: Number(order!.total_price), order_code: order!.order_code } } };
    ctx.realtime.emitToMerchant('sale', merchantId, 'payment_success', payload);
    return { merchant_id: merchantId, namespace: 'sale', event: 'payment_success', payload };
  },
};

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
  orderPaid,
  realtimeDrop,
];
