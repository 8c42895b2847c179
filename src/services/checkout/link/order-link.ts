import type { ServiceClient } from '../../http/client';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '../../../rules/idempotency';
import type { SessionSlots } from '../../shared/sessionSlots';
import { createPaymentLinkCall } from './calls';
import type { OrderLinkRequest, PaymentLink } from './schemas';

/**
 * The payment link of one order (the order payment screen's link tab; contract §B POST /payment-links
 * with invoice_id). One Idempotency-Key per order, kept in this tab's session storage (D159), so a
 * reload, a double click or a retry after a lost answer never makes a second link: the service
 * answers the same link for the same key, and the OPEN link it already has for this order and amount
 * whatever the key. A key is replaced when the service says it was used for another body (the order's
 * total changed since), or when what it answers can no longer be paid (expired): then a fresh key
 * asks for a fresh link, and an order paid meanwhile is refused as ORDER_PAID.
 */

export const orderLinkSlot = (orderId: number) => `orderpayment.link.${orderId}`;

const usable = (link: PaymentLink, nowMs: number) => link.status === 'OPEN' && link.expires_at * 1000 > nowMs;

export async function orderLinkCall(
  client: ServiceClient,
  request: OrderLinkRequest,
  deps: { slots: SessionSlots; now?: () => number; makeKey?: () => string },
  signal?: AbortSignal,
): Promise<PaymentLink> {
  const now = deps.now ?? Date.now;
  const makeKey = deps.makeKey ?? (() => newIdempotencyKey('olink'));
  const slot = orderLinkSlot(request.orderId);
  const body = { app_id: request.appId, order_id: request.orderCode, amount: request.total, invoice_id: request.invoiceId };
  const keyFor = (fresh: boolean) => {
    const stored = deps.slots.read(slot);
    if (!fresh && stored && IDEMPOTENCY_KEY_PATTERN.test(stored)) return stored;
    const key = makeKey();
    deps.slots.write(slot, key);
    return key;
  };

  const create = (fresh: boolean) => createPaymentLinkCall(client, body, keyFor(fresh), signal);
  let link: PaymentLink;
  try {
    link = await create(false);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'IDEMPOTENCY_KEY_REUSED') throw error;
    link = await create(true);
  }
  return usable(link, now()) ? link : create(true);
}
