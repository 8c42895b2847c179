import { fromCallback, type EventObject } from 'xstate';
import type { RealtimeHub } from '../realtime/hub';
import { salePaymentFailedSchema, salePaymentSuccessSchema } from '../realtime/schemas';
import type { CardFailureReason, PaymentMethod } from './schemas';

export type PaymentWatchEvent = { type: 'PAYMENT.SUCCEEDED'; method: PaymentMethod | null } | { type: 'REALTIME.RECONNECTED' };
export type CardResultEvent = { type: 'CARD.FAILED'; reason: CardFailureReason };

export interface OrderRef {
  orderId: number;
  invoiceId: number;
  orderCode: string;
}

/**
 * The `watchPayment` actor: THIS order's payment_success on the sale socket, whatever way paid it
 * (another order's event is ignored; the order is recognised by id, invoice id or, from an older
 * sender, its code). REALTIME.RECONNECTED after a reconnection that could not replay what was missed
 * (or when the socket was not connected at the start), so the machine asks the order itself.
 */
export function createWatchPayment(hub: RealtimeHub) {
  return fromCallback<EventObject, OrderRef>(({ input, sendBack }) => {
    let lost = hub.status() !== 'connected';
    const offSuccess = hub.on('sale', 'payment_success', (payload) => {
      const parsed = salePaymentSuccessSchema.safeParse(payload);
      if (!parsed.success) return;
      const event = parsed.data.data.invoice_data;
      // A link made on /pay-by-link names no order (contract 14 §B): its order id is the merchant's own
      // text, which may equal an order code by chance, so it never pays an order here.
      const freeLink = event.payment_method === 'LINK' && event.order_id === undefined && event.invoice_id === undefined;
      const mine =
        !freeLink &&
        (event.order_id !== undefined
          ? event.order_id === input.orderId
          : event.invoice_id !== undefined
            ? event.invoice_id === input.invoiceId
            : event.order_code === input.orderCode);
      if (mine) sendBack({ type: 'PAYMENT.SUCCEEDED', method: event.payment_method ?? null } satisfies PaymentWatchEvent);
    });
    const offStatus = hub.onStatus((status) => {
      if (status !== 'connected') lost = true;
    });
    const offConnected = hub.onConnected('sale', ({ recovered }) => {
      const missed = lost && !recovered;
      lost = false;
      if (missed) sendBack({ type: 'REALTIME.RECONNECTED' } satisfies PaymentWatchEvent);
    });
    return () => {
      offSuccess();
      offStatus();
      offConnected();
    };
  });
}

/** The `watchCardResult` actor: this invoice's payment_failed (a decline, or the terminal went offline). */
export function createWatchCardResult(hub: RealtimeHub) {
  return fromCallback<EventObject, { invoiceId: number }>(({ input, sendBack }) =>
    hub.on('sale', 'payment_failed', (payload) => {
      const parsed = salePaymentFailedSchema.safeParse(payload);
      if (parsed.success && parsed.data.data.invoice_id === input.invoiceId) {
        sendBack({ type: 'CARD.FAILED', reason: parsed.data.data.reason } satisfies CardResultEvent);
      }
    }),
  );
}
