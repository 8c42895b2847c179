import { z } from '../../config/zod-classic';
import type { OrderPaymentApi } from '../../services/orderpayment';
import type { OrdersApi } from '../../services/orders';
import { LINE_NOTE_MAX, shownDishSchema, type OrderDetail } from '../../services/orders/schemas';
import { isServiceError } from '../../services/http/errors';
import type { OrderIdMap } from '../../services/shared/outbox/idmap';
import type { OutboxEntry, OutboxSendResult } from '../../services/shared/outbox/schemas';

/**
 * What the till queues while the sale service cannot be reached (D339), and how each queued entry
 * becomes its real call on replay: through the orders and orderpayment services' own api functions,
 * with the entry's key as the Idempotency-Key, so a replay after a lost answer is answered, not redone
 * (D122, D337).
 */

/** A local order (made offline, D338) is named by its client uuid until its create is acknowledged. */
const orderRef = z.union([z.number().int().positive(), z.string().uuid()]);

export const outboxPayloads = {
  'order.create': z.object({ localId: z.string().uuid(), tableId: z.number().int().positive().nullable() }),
  'order.addProducts': z.object({
    order: orderRef,
    products: z
      .array(
        z.object({
          product_id: z.number().int().positive(),
          amount: z.number().int().min(1).max(999),
          note: z.string().min(1).max(LINE_NOTE_MAX).optional(),
        }),
      )
      .min(1)
      .max(100),
    /**
     * What the till showed for these dishes (name, code, photo, price) when they were added offline:
     * the local order's page and its receipt read it (D349); never sent, the service prices the lines.
     */
    shown: z.array(shownDishSchema).max(100).optional(),
    /**
     * The service's order was still being chosen (status 2) when the dishes were queued: it is confirmed
     * first on replay, as the page would have done (PUT /order/confirm leaves a confirmed order as it is).
     */
    confirm: z.literal(true).optional(),
  }),
  'order.payCash': z.object({
    order: orderRef,
    receiveAmount: z.number().int().nonnegative(),
    returnAmount: z.number().int().nonnegative(),
  }),
} as const;

export type OutboxKind = keyof typeof outboxPayloads;
export type OutboxPayload<K extends OutboxKind> = z.infer<(typeof outboxPayloads)[K]>;

/**
 * The service's refusals that mean "this was changed or settled elsewhere" (D341): shown to the
 * cashier to discard or send again, never retried on their own nor dropped. A refusal the queue
 * cannot fix by waiting is one of these too (a malformed or refused body would otherwise be retried
 * forever). Server faults (5xx), sign-in trouble (401/403) and rate limits wait and retry (D332).
 */
const CONFLICT_STATUSES = new Set([400, 404, 409, 422]);

/** The code the cashier is shown for a refused entry: the service's error code, or LOCAL_ORDER_MISSING. */
export const LOCAL_ORDER_MISSING = 'LOCAL_ORDER_MISSING';

export interface OutboxSendDeps {
  orders: Pick<OrdersApi, 'create' | 'addProducts' | 'confirm'>;
  payments: Pick<OrderPaymentApi, 'invoice' | 'payCash'>;
  ids: OrderIdMap;
  /** The signed-in merchant's id (POST /payment/cash's merchant_id). */
  merchantId: () => string;
  /** What the till keeps of the service's orders follows what the replay did to them (D385). */
  kept?: { order(detail: OrderDetail): Promise<void>; paid(orderId: number): Promise<void> };
}

async function serverOrder(ids: OrderIdMap, ref: number | string): Promise<number | null> {
  return typeof ref === 'number' ? ref : ids.get(ref);
}

async function sendKnown(entry: OutboxEntry, deps: OutboxSendDeps, signal: AbortSignal): Promise<OutboxSendResult> {
  const { orders, payments, ids } = deps;
  if (entry.kind === 'order.create') {
    const payload = outboxPayloads['order.create'].parse(entry.payload);
    const created = await orders.create(payload.tableId, signal, entry.key);
    await ids.set(payload.localId, created.orderId);
    return { kind: 'sent' };
  }
  if (entry.kind === 'order.addProducts') {
    const payload = outboxPayloads['order.addProducts'].parse(entry.payload);
    const orderId = await serverOrder(ids, payload.order);
    if (orderId === null) return { kind: 'conflict', message: LOCAL_ORDER_MISSING };
    if (payload.confirm) await orders.confirm(orderId, signal);
    const detail = await orders.addProducts({ order_id: orderId, products: payload.products }, entry.key, signal);
    await deps.kept?.order(detail);
    return { kind: 'sent' };
  }
  const payload = outboxPayloads['order.payCash'].parse(entry.payload);
  const orderId = await serverOrder(ids, payload.order);
  if (orderId === null) return { kind: 'conflict', message: LOCAL_ORDER_MISSING };
  const invoice = await payments.invoice(orderId, signal);
  await payments.payCash(
    {
      invoiceId: invoice.invoice_data.invoice_id,
      receiveAmount: payload.receiveAmount,
      returnAmount: payload.returnAmount,
      merchantId: deps.merchantId(),
    },
    entry.key,
    signal,
  );
  await deps.kept?.paid(orderId);
  return { kind: 'sent' };
}

/** The outbox's `send` (createOutboxActors): an entry of another kind, or one whose payload does not parse, is a conflict. */
export function createOutboxSend(deps: OutboxSendDeps) {
  return async (entry: OutboxEntry, signal: AbortSignal): Promise<OutboxSendResult> => {
    if (!(entry.kind in outboxPayloads)) return { kind: 'conflict', message: 'UNKNOWN_ENTRY' };
    try {
      return await sendKnown(entry, deps, signal);
    } catch (error) {
      if (error instanceof z.ZodError) return { kind: 'conflict', message: 'UNKNOWN_ENTRY' };
      if (isServiceError(error) && CONFLICT_STATUSES.has(error.status)) return { kind: 'conflict', message: error.code };
      throw error;
    }
  };
}
