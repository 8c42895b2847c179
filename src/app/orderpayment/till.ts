import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { PayCashInput } from '../../machines/orderpayment/cashPayment.machine';
import type { PrintReceiptInput } from '../../machines/orderpayment/orderPayment.machine';
import { newIdempotencyKey } from '../../rules/idempotency';
import type { InvoiceDetail, Payment } from '../../services/orderpayment/schemas';
import type { AppScope } from '../shared/composition';
import { needsService, queuedCash, readLocalOrder, unreachableError } from '../shared/local-orders';
import { keptOrderView, queueHoldsFor, queueSentFor } from '../shared/kept-orders';
import { forgetOrder } from '../shared/keep-catalogue';
import { outboxOf, type OutboxRuntime, type TillOutbox } from '../shared/outbox';
import { orderPaymentActorsOf } from './actors';

/**
 * Cash through an outage (D339, D350): a cash payment the service cannot take now is queued as
 * `order.payCash` and the page shows it paid, as far as the till knows; the service checks the amounts
 * again when it is replayed (the change must be the amount received minus its total, else a conflict,
 * D341). The total is the order's as the page shows it, and the change the cash way's own rule
 * (machines/orderpayment/rules), the same as online. QR, card and link stay refused offline.
 */

/** What the cash way is told once the payment is queued: pending, not yet the service's (its id comes on replay). */
const queuedPayment = (input: PayCashInput): Payment => ({
  payment_id: 0,
  invoice_id: input.invoiceId,
  method: 'CASH',
  status: 'PENDING',
  amount: input.receiveAmount - input.returnAmount,
  receive_amount: input.receiveAmount,
  return_amount: input.returnAmount,
  created_at: Math.floor(Date.now() / 1000),
});

/** An order the till holds as the payment page reads an invoice: always handling (1) until the service has it. */
const asInvoice = (detail: Awaited<ReturnType<typeof readLocalOrder>>): InvoiceDetail => ({
  ...detail,
  invoice_data: { ...detail.invoice_data, status: 1 },
});

const localInvoice = async (outbox: TillOutbox, localId: string) => asInvoice(await readLocalOrder(outbox, localId));

/** The receipt's order with the cash the till holds for it (queued, not yet on the service). */
async function withHeldCash(outbox: TillOutbox, input: PrintReceiptInput, order: number | string): Promise<PrintReceiptInput> {
  const cash = queuedCash(await outbox.entries(), order);
  if (!cash) return input;
  const invoice: InvoiceDetail['invoice_data'] = {
    ...input.detail.invoice_data,
    payment_status: 1,
    payment_method: 'CASH',
    receive_amount: cash.receiveAmount,
    return_amount: cash.returnAmount,
  };
  return { ...input, detail: { ...input.detail, invoice_data: invoice } };
}

/**
 * The service's order's invoice: online as before; offline, or when the call gets no answer, the
 * order the till kept with the dishes and cash queued for it (D383), so it is paid in cash offline.
 */
function serviceInvoice(outboxes: OutboxRuntime, api: { invoice(orderId: number, signal?: AbortSignal): Promise<InvoiceDetail> }) {
  return fromPromise<InvoiceDetail, { orderId: number }>(async ({ input, signal }) => {
    const outbox = outboxes.current();
    const kept = async () => (outbox ? keptOrderView(outbox, input.orderId) : null);
    // Online, what the queue holds for the order is sent first (D384); offline, or when it cannot be
    // sent in time, the page reads the order as the till holds it, queued dishes and cash included.
    if (outbox && (outbox.offline() || !(await queueSentFor(outbox, input.orderId, signal)))) {
      const view = await kept();
      if (view) return asInvoice(view);
    }
    try {
      return await api.invoice(input.orderId, signal);
    } catch (error) {
      if (!outbox || !unreachableError(error, signal)) throw error;
      outbox.unreachable();
      const view = await kept();
      if (!view) throw error;
      return asInvoice(view);
    }
  });
}

export const tillPaymentsOf = (scope: AppScope) => {
  const base = scope.use(orderPaymentActorsOf);
  const outboxes = scope.use(outboxOf);

  return {
    loadInvoice: serviceInvoice(outboxes, base.api),
    /** The service's order: paid online, or queued under this tab's cash intent key when the service does not answer. */
    payCash: fromPromise<Payment, PayCashInput>(async ({ input, signal }) => {
      const outbox = outboxes.current();
      const key = base.cashKey(input.orderId);
      const queue = async (till: TillOutbox) => {
        await till.enqueue(
          'order.payCash',
          { order: input.orderId, receiveAmount: input.receiveAmount, returnAmount: input.returnAmount },
          key,
        );
        return queuedPayment(input);
      };
      if (outbox?.offline()) return queue(outbox);
      // Dishes (or a cash payment) for this order still wait in the queue: the cash goes behind them, so
      // the service checks it against the total with those dishes (D384), never a total without them.
      if (outbox && (await queueHoldsFor(outbox, input.orderId))) return queue(outbox);
      try {
        const payment = await base.api.payCash(input, key, signal);
        // Paid: nothing is left to sell on it offline (D385).
        if (outbox) await forgetOrder(outbox, input.orderId);
        return payment;
      } catch (error) {
        if (!outbox || !unreachableError(error, signal)) throw error;
        // D159 before D350: when the service answers a lookup, the answer alone was lost; the cash way's
        // own lookup and "send again" (same key) decide, online (the answer itself brought the till back,
        // through the client's onAnswered). Only a service that answers nothing queues, and never a call
        // its caller cancelled meanwhile (D366).
        const lookupFailure = await base.api.payments(input.invoiceId, signal).then(
          () => null,
          (failure: unknown) => failure,
        );
        if (!unreachableError(lookupFailure, signal)) throw error;
        outbox.unreachable();
        return queue(outbox);
      }
    }),
    /** Online the receipt as before; offline from what the till holds (the queued cash included). */
    printReceipt: (language: () => 'vi' | 'en') =>
      fromPromise<void, PrintReceiptInput>(async ({ input, signal }) => {
        const outbox = outboxes.current();
        if (!outbox?.offline()) return base.print(input, signal, language(), false);
        return base.print(await withHeldCash(outbox, input, input.detail.invoice_data.order_id), signal, language(), true);
      }),
    /** The actors of a local order's payment page (D349): read from the queue, cash queued, no socket. */
    localPayment(localId: string) {
      const outbox = () => {
        const current = outboxes.current();
        if (!current) throw needsService();
        return current;
      };
      const load = fromPromise<InvoiceDetail, { orderId: number }>(() => localInvoice(outbox(), localId));
      return {
        loadInvoice: load,
        checkOrder: load,
        // A local order has no socket events: its payment is the one queued here.
        watchPayment: fromCallback<EventObject, { orderId: number; invoiceId: number; orderCode: string }>(() => () => undefined),
        payCash: fromPromise<Payment, PayCashInput>(async ({ input }) => {
          // Nothing was sent for it yet: a new key, kept with the entry for every replay (D124).
          await outbox().enqueue(
            'order.payCash',
            { order: localId, receiveAmount: input.receiveAmount, returnAmount: input.returnAmount },
            newIdempotencyKey('pay'),
          );
          return queuedPayment(input);
        }),
        findPayments: fromPromise<Payment[], { invoiceId: number }>(async () => []),
        printReceipt: (language: () => 'vi' | 'en') =>
          fromPromise<void, PrintReceiptInput>(async ({ input, signal }) =>
            base.print({ ...input, detail: await localInvoice(outbox(), localId) }, signal, language(), true),
          ),
      };
    },
  };
};
