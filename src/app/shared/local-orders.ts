import { z } from '../../config/zod-classic';
import { basketTotal } from '../../machines/orders/rules/basket';
import { foldForSearch } from '../../rules/customers/customer';
import { errorCode } from '../../rules/serviceError';
import { ServiceError } from '../../services/http/errors';
import {
  ORDER_HANDLING,
  orderCategoriesSchema,
  pickableProductsSchema,
  WALK_IN_CUSTOMER_ID,
  type OrderDetail,
  type OrderProduct,
  type PickableProduct,
} from '../../services/orders/schemas';
import type { OutboxEntry } from '../../services/shared/outbox/schemas';
import { outboxPayloads, LOCAL_ORDER_MISSING, type OutboxPayload } from './outbox-send';
import { CATALOGUE, type KeepHolder } from './keep-catalogue';
import type { TillOutbox } from './outbox';

/**
 * Local orders (D349): an order taken while the sale service cannot be reached is named by a client
 * uuid and lives in the till's queue (its `order.create` and the `order.addProducts` and
 * `order.payCash` queued after it) until the create is acknowledged; then it is the service's order.
 * The page of a local order reads it from the queue, with the dishes as the till showed them.
 */

/** A local order's id as crypto.randomUUID makes it (RFC 9562 version 4): what its addresses accept. */
export const LOCAL_ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Calls that got no answer: the service may be down, the till goes offline (D351). */
const UNREACHABLE = new Set(['NETWORK_ERROR', 'TIMEOUT']);
/**
 * A call the service did not answer. One the caller cancelled (its machine moved on, e.g. the socket
 * said paid while the cash call was in flight) says nothing about the service and is never queued:
 * CI found a cancelled cash payment queued, replayed, and the till left offline (D366).
 */
export const unreachableError = (error: unknown, signal: AbortSignal | undefined) => !signal?.aborted && UNREACHABLE.has(errorCode(error));

/** The error a local order's page shows for what needs the service (a customer, a payment being cancelled). */
export const needsService = () => new ServiceError({ code: 'NETWORK_ERROR', status: 0, kind: 'network' });

export interface LocalOrder {
  localId: string;
  tableId: number | null;
  createdAt: number;
  lines: OrderProduct[];
  /** The cash payment queued for it, if one is (D339). */
  cash: { receiveAmount: number; returnAmount: number } | null;
}

export const parsed = <K extends keyof typeof outboxPayloads>(kind: K, entry: OutboxEntry) => {
  if (entry.kind !== kind) return null;
  const result = outboxPayloads[kind].safeParse(entry.payload);
  return result.success ? (result.data as z.infer<(typeof outboxPayloads)[K]>) : null;
};

/** Adds one queued `order.addProducts` to a local order's lines, as the service adds dishes (in place). */
export function addShownLines(
  lines: OrderProduct[],
  added: Pick<OutboxPayload<'order.addProducts'>, 'products' | 'shown'>,
): OrderProduct[] {
  for (const product of added.products) {
    const shown = added.shown?.find((s) => s.product_id === product.product_id);
    const same = lines.find((l) => l.product_id === product.product_id);
    // The service adds a dish sent again to its line (doc 2 §7 PUT /order/product); so does this view.
    if (same) same.amount += product.amount;
    else
      lines.push({
        product_id: product.product_id,
        code: shown?.code ?? '',
        name: shown?.name ?? '',
        img: null,
        amount: product.amount,
        price: shown?.price ?? 0,
        // The service fixes a line's VAT class when it receives it (D226); the till does not guess it.
        tax_class: 'NOT_DECLARED',
        note: product.note ?? null,
      });
  }
  return lines;
}

/** The local order as its queued entries say, or null when its create is no longer queued. */
export function localOrderOf(entries: readonly OutboxEntry[], localId: string): LocalOrder | null {
  const createEntry = entries.find((e) => parsed('order.create', e)?.localId === localId);
  if (!createEntry) return null;
  const lines: OrderProduct[] = [];
  for (const entry of entries) {
    const added = parsed('order.addProducts', entry);
    if (added && added.order === localId) addShownLines(lines, added);
  }
  return {
    localId,
    tableId: parsed('order.create', createEntry)!.tableId,
    createdAt: createEntry.createdAt,
    lines,
    cash: queuedCash(entries, localId),
  };
}

/** The cash payment queued for an order (local or the service's), as the till holds it for the receipt. */
export function queuedCash(entries: readonly OutboxEntry[], order: number | string): LocalOrder['cash'] {
  for (const entry of entries) {
    const paid = parsed('order.payCash', entry);
    if (paid && paid.order === order) return { receiveAmount: paid.receiveAmount, returnAmount: paid.returnAmount };
  }
  return null;
}

/** A short label of a local order: the first group of its uuid, as the cashier reads it on the page and the receipt. */
export const localOrderCode = (localId: string) => localId.slice(0, 8).toUpperCase();

/**
 * The order page's view of a local order. Its total is the sum of price × amount of its lines, the
 * rule the basket shows and the service applies when the lines arrive (doc 2 §3; D349); the ids are 0
 * because the service has not named it yet (nothing on the page sends them).
 */
export function localOrderDetail(order: LocalOrder): OrderDetail {
  const total = basketTotal(order.lines.map((l) => ({ ...l, note: l.note ?? undefined })));
  const at = Math.floor(order.createdAt / 1000);
  return {
    invoice_data: {
      order_id: 0,
      order_code: localOrderCode(order.localId),
      invoice_id: 0,
      invoice_code: '',
      status: ORDER_HANDLING,
      // Paid in cash while offline: paid as far as the till knows; the service completes it on replay.
      payment_status: order.cash ? 1 : 0,
      total_price: total,
      total_money: total,
      sub_total: total,
      point: 0,
      updated_at: at,
      created_at: at,
      paid_at: null,
      table_id: order.tableId,
      table_name: null,
      customer_id: WALK_IN_CUSTOMER_ID,
      name: '',
      phone_number: null,
      payment_method: order.cash ? 'CASH' : null,
      receive_amount: order.cash?.receiveAmount ?? 0,
      return_amount: order.cash?.returnAmount ?? 0,
      eiv_code: null,
      cqt_code: null,
      is_eiv_exported: false,
      product_amount: order.lines.reduce((sum, l) => sum + l.amount, 0),
      source: 'IN_STORE',
    },
    products_data: order.lines,
  };
}

/** A local order no longer in the queue and not answered (the page says it is missing). */
export const localOrderMissing = () => new ServiceError({ code: LOCAL_ORDER_MISSING, status: 404, kind: 'server' });

/** Reads a local order from the queue; a create no longer queued and not answered is LOCAL_ORDER_MISSING. */
export async function readLocalOrder(outbox: TillOutbox, localId: string): Promise<OrderDetail> {
  const order = localOrderOf(await outbox.entries(), localId);
  if (!order) throw localOrderMissing();
  return localOrderDetail(order);
}

export async function kept<T>(outbox: KeepHolder, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const row = schema.safeParse(await outbox.keep.get(key).catch(() => null));
  return row.success ? row.data : null;
}

/** Every word of the search in the dish's name or code, without tone marks (as the service searches, D336). */
export function searchKept(products: readonly PickableProduct[], q: string): PickableProduct[] {
  const words = foldForSearch(q).split(/\s+/).filter(Boolean);
  return products.filter((p) => {
    const text = foldForSearch(`${p.name} ${p.code}`);
    return words.every((w) => text.includes(w));
  });
}

export async function keptProducts(outbox: KeepHolder, q: string): Promise<PickableProduct[] | null> {
  const products = await kept(outbox, CATALOGUE.products, pickableProductsSchema);
  return products ? searchKept(products, q) : null;
}

export const keptCategories = (outbox: KeepHolder) => kept(outbox, CATALOGUE.categories, orderCategoriesSchema);
