import { stripVietnameseDiacritics } from '../../../src/services/qr/vietqr';
import type { Database } from '../../platform/db/database';
import { ApiError } from '../../platform/http/envelope';
import { noPendingPaymentSql } from '../../platform/sale/settlement';
import { wholeId } from '../../platform/http/body';

/**
 * The order as the sale service answers it (doc 2 §3 Order/invoice, Order products): one row of
 * sale_orders with its customer and lines. An order is its own invoice (invoice_code = order_code).
 * Money in đồng; times on the wire in unix seconds.
 */

export const ORDER_COMPLETED = 0;
export const ORDER_HANDLING = 1;
export const ORDER_SELECTING = 2;
/** D301: voided unpaid (src/rules/orderVoid.ts); kept with its lines, closed to changes and payments. */
export { ORDER_VOIDED } from '../../platform/sale/voided';
export const WALK_IN_NAME = 'Khách lẻ';
export const ORDER_SOURCES = ['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER'] as const;

export interface OrderRecord {
  id: number;
  order_code: string;
  invoice_id: number;
  status: number;
  payment_status: number;
  total_price: number;
  point: number;
  updated_at: number;
  created_at: number;
  /** Unix ms of the payment; null while unpaid. */
  paid_at: number | null;
  table_id: number | null;
  table_name: string | null;
  customer_id: number;
  customer_name: string | null;
  customer_phone: string | null;
  payment_method: string | null;
  receive_amount: number;
  return_amount: number;
  eiv_code: string | null;
  cqt_code: string | null;
  is_eiv_exported: boolean;
  product_amount: number;
  source: string;
  /** The sale service's e-invoice job of the order (D248, einvoice/sql/003_auto_export.sql), when it has one. */
  einv_state: 'QUEUED' | 'ISSUING' | 'ISSUED' | 'FAILED' | null;
  einv_serial: string | null;
  einv_error: string | null;
  einv_attempts: number | null;
  einv_next_at: number | null;
  /** D301: when (unix ms), by whom (the name as it was) and why the order was voided; null otherwise. */
  voided_at: number | null;
  voided_by_name: string | null;
  void_reason: string | null;
  void_note: string | null;
}

/** The order with its customer's name and phone (the customers area's rows, read live) and the count of dishes. */
export const ORDER_SELECT = `SELECT o.id, o.order_code, o.invoice_id, o.status, o.payment_status, o.total_price, o.point, o.updated_at,
    o.created_at, o.paid_at, o.table_id, o.table_name, o.customer_id, c.name AS customer_name, c.phone_number AS customer_phone, o.payment_method,
    o.receive_amount, o.return_amount, o.eiv_code, o.cqt_code, o.is_eiv_exported, o.source,
    o.voided_at, o.voided_by_name, o.void_reason, o.void_note,
    COALESCE((SELECT sum(i.amount) FROM sale_order_items i WHERE i.order_id = o.id), 0)::int AS product_amount,
    ej.state AS einv_state, ej.serial AS einv_serial, ej.error_code AS einv_error, ej.attempts AS einv_attempts, ej.next_at AS einv_next_at
  FROM sale_orders o LEFT JOIN customers c ON c.id = o.customer_id AND c.merchant_id = o.merchant_id
    LEFT JOIN sale_einvoice_jobs ej ON ej.order_id = o.id`;

export function orderOut(r: OrderRecord) {
  const total = Number(r.total_price);
  // A removed customer leaves the order with the walk-in name rather than an empty one.
  const walkIn = r.customer_id === 0 || r.customer_name === null;
  return {
    order_id: r.id,
    order_code: r.order_code,
    invoice_id: r.invoice_id,
    invoice_code: r.order_code,
    status: r.status,
    payment_status: r.payment_status,
    total_price: total,
    total_money: total,
    sub_total: total,
    point: Number(r.point),
    updated_at: Math.floor(Number(r.updated_at) / 1000),
    created_at: Math.floor(Number(r.created_at) / 1000),
    // D236, D251: the payment's moment dates the invoice and picks its VAT rates (seconds, as the others).
    paid_at: r.paid_at === null ? null : Math.floor(Number(r.paid_at) / 1000),
    table_id: r.table_id,
    table_name: r.table_name,
    customer_id: r.customer_id,
    name: walkIn ? WALK_IN_NAME : r.customer_name!,
    phone_number: walkIn ? null : r.customer_phone,
    payment_method: r.payment_method,
    receive_amount: Number(r.receive_amount),
    return_amount: Number(r.return_amount),
    eiv_code: r.eiv_code,
    cqt_code: r.cqt_code,
    is_eiv_exported: r.is_eiv_exported,
    product_amount: Number(r.product_amount),
    source: r.source,
    // D248: the invoice at the moment of sale, while it is queued, once issued (with the
    // serial the provider answered) or failed (the provider's or the portal's error code; a retry is
    // POST /order/{id}/einvoice/retry); null for an order auto export never queued.
    einvoice_job:
      r.einv_state === null || r.einv_state === undefined
        ? null
        : {
            state: r.einv_state === 'ISSUING' ? ('QUEUED' as const) : r.einv_state,
            serial: r.einv_serial,
            error_code: r.einv_error,
            attempts: Number(r.einv_attempts ?? 0),
            next_at: r.einv_state === 'QUEUED' && r.einv_next_at !== null ? Math.floor(Number(r.einv_next_at) / 1000) : null,
          },
    // D301: who voided the order, when (seconds) and why; null for an order not voided.
    voided:
      r.voided_at === null || r.voided_at === undefined
        ? null
        : {
            voided_at: Math.floor(Number(r.voided_at) / 1000),
            voided_by: r.voided_by_name ?? '',
            reason: r.void_reason!,
            note: r.void_note,
          },
  };
}
export type OrderWire = ReturnType<typeof orderOut>;

interface ItemRecord {
  product_id: number;
  code: string;
  name: string;
  img: string | null;
  amount: number;
  price: number;
  tax_class: string;
  note: string | null;
}

export const itemOut = (r: ItemRecord) => ({
  product_id: r.product_id,
  code: r.code,
  name: r.name,
  img: r.img,
  amount: r.amount,
  price: Number(r.price),
  // The product's VAT tax class when the line was added (002_line_tax_class.sql, D226): an invoice of
  // this order takes its rate from it, whatever the product says later.
  tax_class: r.tax_class,
  // The latest note sent with the dish (004_line_note.sql, D333), or null.
  note: r.note,
});

export const orderNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such order');
export const orderCompleted = () => new ApiError(409, 'ORDER_COMPLETED', 'The order is completed (paid) and cannot be changed');

/** A whole id from a path or body, or null (the caller then answers 400 or 404 as its contract says). */
export const idOf = wholeId;

export async function findOrder(
  db: Database,
  merchantId: string,
  by: { id: number } | { invoiceId: number },
): Promise<OrderRecord | undefined> {
  const [row] = await db.query<OrderRecord & Record<string, unknown>>(
    `${ORDER_SELECT} WHERE o.merchant_id = $1 AND ${'id' in by ? 'o.id' : 'o.invoice_id'} = $2`,
    [merchantId, 'id' in by ? by.id : by.invoiceId],
  );
  return row;
}

export async function orderItems(db: Database, orderId: number) {
  const rows = await db.query<ItemRecord & Record<string, unknown>>(
    `SELECT product_id, code, name, img, amount, price, tax_class, note FROM sale_order_items WHERE order_id = $1 ORDER BY added_at, id`,
    [orderId],
  );
  return rows.map(itemOut);
}

/** `{invoice_data, products_data}`: GET /order/{id}, GET /invoice/{id}, PUT /order/product. */
export async function orderDetail(db: Database, merchantId: string, by: { id: number } | { invoiceId: number }) {
  const order = await findOrder(db, merchantId, by);
  if (!order) throw orderNotFound();
  return { invoice_data: orderOut(order), products_data: await orderItems(db, order.id) };
}

/** Search text: lower case, no diacritics, đ → d ("ban 3" finds "Bàn 3"); PGlite has no unaccent. */
export function fold(text: string): string {
  return stripVietnameseDiacritics(text).toLowerCase();
}

/** What the list's `q` searches: order code, table name, customer name and phone. */
export function foldedOrder(o: { order_code: string; table_name: string | null; customer_name?: string | null; phone?: string | null }) {
  return fold([o.order_code, o.table_name, o.customer_name, o.phone].filter(Boolean).join(' '));
}

/** Rewrites an order's search text after its customer or table changed. */
export async function refold(db: Database, orderId: number): Promise<void> {
  const [o] = await db.query<{ order_code: string; table_name: string | null; customer_name: string | null; phone: string | null }>(
    `SELECT o.order_code, o.table_name, c.name AS customer_name, c.phone_number AS phone
       FROM sale_orders o LEFT JOIN customers c ON c.id = o.customer_id AND c.merchant_id = o.merchant_id WHERE o.id = $1`,
    [orderId],
  );
  if (o) await db.query(`UPDATE sale_orders SET folded = $2 WHERE id = $1`, [orderId, foldedOrder(o)]);
}

/**
 * A new order's code: DH + the merchant id's last 4 digits + the row's serial id in 6+ digits, which
 * never comes back in the database's life (a code a guest kept on a receipt names one order). The
 * seed's codes have 2 or 4 digits after the merchant part, so the forms never meet.
 */
export const NEW_ORDER_CODE = (idExpr: string, merchantExpr: string, prefix = 'DH') =>
  `'${prefix}' || right(${merchantExpr}, 4) || lpad(${idExpr}::text, 6, '0')`;

/** Whether the tables area's table exists in this database (the orders area works without it). */
export async function hasTablesArea(db: Database): Promise<boolean> {
  const [row] = await db.query<{ t: string | null }>(`SELECT to_regclass('fnb_tables')::text AS t`);
  return Boolean(row?.t);
}

export async function findTable(
  db: Database,
  merchantId: string,
  tableId: number,
): Promise<{ id: number; table_name: string } | undefined> {
  if (!(await hasTablesArea(db))) return undefined;
  const [row] = await db.query<{ id: number; table_name: string }>(
    `SELECT id, table_name FROM fnb_tables WHERE id = $1 AND merchant_id = $2`,
    [tableId, merchantId],
  );
  return row;
}

/**
 * Adds amounts to an unpaid order's lines, at the line's price (the catalogue's when the line is new);
 * only the merchant's products on sale (status 0). The lines and the total move in one statement, and
 * only while the order is open (not paid, not voided, D301) and no payment is pending on it (D214): false when it was paid, a
 * payment holds its amount, or it is not the merchant's (the caller reads it again to say which).
 */
export async function addLines(
  db: Database,
  merchantId: string,
  orderId: number,
  productIds: number[],
  amounts: number[],
  now: number,
  notes: Array<string | null> = productIds.map(() => null),
) {
  const unlocked = await noPendingPaymentSql(db, '$1::int', '$5');
  const [changed] = await db.query<{ id: number }>(
    `WITH o AS (SELECT id FROM sale_orders WHERE id = $1 AND merchant_id = $2 AND status IN (1, 2) AND ${unlocked} FOR UPDATE),
     lines AS (
       SELECT o.id AS order_id, p.id AS product_id, p.code, p.name,
              CASE WHEN p.image_id IS NULL THEN NULL ELSE '/api/sale/inventory/product/image/' || p.image_id END AS img,
              COALESCE(i.price, p.price) AS price, r.amount, r.note
              , r.ord
         FROM o CROSS JOIN unnest($3::int[], $4::int[], $6::text[]) WITH ORDINALITY AS r(product_id, amount, note, ord)
         JOIN products p ON p.id = r.product_id AND p.merchant_id = $2 AND p.status = 0
         LEFT JOIN sale_order_items i ON i.order_id = o.id AND i.product_id = p.id),
     up AS (
       INSERT INTO sale_order_items (order_id, product_id, code, name, img, price, amount, note, added_at)
       SELECT order_id, product_id, code, name, img, price, amount, note, $5 FROM lines ORDER BY ord
       ON CONFLICT (order_id, product_id) DO UPDATE SET amount = sale_order_items.amount + EXCLUDED.amount,
         note = COALESCE(EXCLUDED.note, sale_order_items.note)
       RETURNING 1)
     UPDATE sale_orders SET total_price = total_price + (SELECT COALESCE(sum(price * amount), 0) FROM lines), updated_at = $5
      WHERE id = (SELECT id FROM o)
     RETURNING id`,
    [orderId, merchantId, productIds, amounts, now, notes],
  );
  return Boolean(changed);
}
