import { z } from '../../config/zod-classic';
import {
  ORDER_HANDLING,
  ORDER_SELECTING,
  orderDetailSchema,
  type OrderCategory,
  type OrderDetail,
  type PickableProduct,
} from '../../services/orders/schemas';
import type { JsonValue } from '../../services/shared/outbox/schemas';
import type { TillKeep } from '../../services/shared/outbox/keep';

/**
 * Writing the dishes and the category tabs the till last loaded in full (D348), each under its own key.
 * Apart from reading them back (./local-orders.ts) because the shell's outbox keeps the catalogue when
 * it opens and its chunk has no room for the local orders' code (issue 29 §5's size budget).
 */
export const CATALOGUE = { products: 'orders.products', categories: 'orders.categories' } as const;

export type KeepHolder = { keep: TillKeep };

/** Keeps the whole catalogue's answer (a search's answer is a part of it and is not kept). */
export const keepProducts = (outbox: KeepHolder, products: PickableProduct[]) =>
  outbox.keep.put(CATALOGUE.products, products).catch(() => undefined);

export const keepCategories = (outbox: KeepHolder, categories: OrderCategory[]) =>
  outbox.keep.put(CATALOGUE.categories, categories).catch(() => undefined);

/**
 * The service's orders the till last loaded (D383), newest first, at most KEPT_ORDERS: a service order
 * opened online keeps working through an outage (its page and its payment page read it, dishes and cash
 * are queued for it). One row, so it never grows past that; a row from an older build that fails the
 * schema is read as nothing kept.
 */
const ORDERS = 'orders.open';
const KEPT_ORDERS = 50;
const keptOrdersSchema = z.array(orderDetailSchema).max(KEPT_ORDERS);

/** The open orders kept, newest first (nothing when the row is missing or fails the schema). */
export async function keptOrders(outbox: KeepHolder): Promise<OrderDetail[]> {
  const row = keptOrdersSchema.safeParse(await outbox.keep.get(ORDERS).catch(() => null));
  return row.success ? row.data : [];
}

/**
 * Keeps the service's answer for an order (its page's load, a send of dishes, the queue's replay of
 * them, D385): the kept order never lags what the service has, so the till's view of it offline does
 * not lose dishes that were queued and sent since.
 */
export const keepOrder = (outbox: KeepHolder, detail: OrderDetail) =>
  // Only an open order can take dishes or be paid; a paid or voided one leaves the row.
  replaceOrder(
    outbox,
    detail.invoice_data.order_id,
    detail.invoice_data.status === ORDER_HANDLING || detail.invoice_data.status === ORDER_SELECTING ? detail : null,
  );

/** The order was paid (the queue's cash was taken): nothing is left to sell on it offline (D385). */
export const forgetOrder = (outbox: KeepHolder, orderId: number) => replaceOrder(outbox, orderId, null);

/** The kept row without that order, with `detail` first when given (newest first, at most KEPT_ORDERS). */
async function replaceOrder(outbox: KeepHolder, orderId: number, detail: OrderDetail | null): Promise<void> {
  const kept = await keptOrders(outbox);
  const rows = kept.filter((d) => d.invoice_data.order_id !== orderId);
  // Nothing to add and nothing removed: the row stays as it is, unwritten.
  if (!detail && rows.length === kept.length) return;
  await outbox.keep.put(ORDERS, (detail ? [detail, ...rows] : rows).slice(0, KEPT_ORDERS) as unknown as JsonValue).catch(() => undefined);
}
