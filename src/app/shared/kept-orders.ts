import { basketTotal } from '../../machines/orders/rules/basket';
import { ORDER_HANDLING, type OrderDetail } from '../../services/orders/schemas';
import { keptOrders, type KeepHolder } from './keep-catalogue';
import { addShownLines, parsed, queuedCash } from './local-orders';
import type { TillOutbox } from './outbox';

/**
 * A service order as the till holds it through an outage (D383): as the service last answered, with the
 * dishes and the cash queued for it since. Handling, as the queue confirms it on replay; its total the
 * service's plus Σ price × amount of the queued dishes, the rule the service applies when they arrive
 * (doc 2 §3). Null when the till kept nothing of it.
 */
export async function keptOrderView(outbox: KeepHolder & Pick<TillOutbox, 'entries'>, orderId: number): Promise<OrderDetail | null> {
  const detail = (await keptOrders(outbox)).find((d) => d.invoice_data.order_id === orderId);
  if (!detail) return null;
  const entries = await outbox.entries();
  const lines = detail.products_data.map((l) => ({ ...l }));
  for (const entry of entries) {
    const added = parsed('order.addProducts', entry);
    if (added && added.order === orderId) addShownLines(lines, added);
  }
  const before = basketTotal(detail.products_data.map((l) => ({ ...l, note: l.note ?? undefined })));
  const added = basketTotal(lines.map((l) => ({ ...l, note: l.note ?? undefined }))) - before;
  const cash = queuedCash(entries, orderId);
  const order = detail.invoice_data;
  return {
    invoice_data: {
      ...order,
      status: ORDER_HANDLING,
      total_price: order.total_price + added,
      total_money: order.total_money + added,
      sub_total: order.sub_total + added,
      product_amount: lines.reduce((sum, l) => sum + l.amount, 0),
      ...(cash ? { payment_status: 1, payment_method: 'CASH', receive_amount: cash.receiveAmount, return_amount: cash.returnAmount } : {}),
    },
    products_data: lines,
  };
}

/** The queue still holds a waiting entry (dishes, cash) for the service's order, by its id or a local order's uuid mapped to it. */
export async function queueHoldsFor(outbox: Pick<TillOutbox, 'entries' | 'ids'>, orderId: number): Promise<boolean> {
  for (const entry of await outbox.entries()) {
    if (entry.state !== 'waiting') continue;
    const ref = (parsed('order.addProducts', entry) ?? parsed('order.payCash', entry))?.order;
    if (ref === orderId) return true;
    if (typeof ref === 'string' && (await outbox.ids.get(ref)) === orderId) return true;
  }
  return false;
}

/** How long a page waits for the queue to send what it holds for its order before it reads the service (D384). */
export const QUEUE_WAIT_MS = 15_000;

/**
 * Waits until the queue has sent what it holds for the order, so the service's answer has every dish
 * the till took (D384): a page read while dishes still wait showed the order without them, and a cash
 * payment of that total was refused. False when the till is offline, the caller gave up, or `ms` passed.
 */
export async function queueSentFor(
  outbox: Pick<TillOutbox, 'entries' | 'ids' | 'offline' | 'actor'>,
  orderId: number,
  signal: AbortSignal,
  ms = QUEUE_WAIT_MS,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (await queueHoldsFor(outbox, orderId)) {
    if (outbox.offline() || signal.aborted || Date.now() >= deadline) return false;
    // The next change of the queue (an entry sent), or half a second, whichever comes first.
    await new Promise<void>((resolve) => {
      const done = () => {
        subscription.unsubscribe();
        clearTimeout(timer);
        resolve();
      };
      const subscription = outbox.actor.subscribe(done);
      const timer = setTimeout(done, 500);
    });
  }
  return true;
}
