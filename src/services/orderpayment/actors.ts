import { fromPromise } from 'xstate';
import type { RealtimeHub } from '../realtime/hub';
import type { OrderPaymentApi } from './api';
import type { IntentKeys } from './intent-keys';
import type { InvoiceDetail, Payment, Terminal, TerminalStatus } from './schemas';
import { createWatchCardResult, createWatchPayment } from './watch';

/**
 * The payment machines' actors for `machine.provide({ actors })` in src/app. Each request stops when
 * the machine stops the actor (the way left, the screen left). The pay actors take this intent's
 * Idempotency-Key from `keys`: the same one on every retry until the machine forgets it.
 */
export function createOrderPaymentActors(deps: {
  api: OrderPaymentApi;
  hub: RealtimeHub;
  keys: IntentKeys;
  qrQuery: () => { merchantName: string; merchantCity?: string; mcc?: string };
}) {
  const { api, keys } = deps;
  return {
    loadInvoice: fromPromise<InvoiceDetail, { orderId: number }>(({ input, signal }) => api.invoice(input.orderId, signal)),
    // The QR and the store it pays into (D297): the Soundbox choice is that store's.
    loadQr: fromPromise<{ qr: string; storeId: number | null }, { invoiceId: number }>(async ({ input, signal }) => {
      const answer = await api.qr({ invoiceId: input.invoiceId, ...deps.qrQuery() }, signal);
      return { qr: answer.qr, storeId: answer.store_id ?? null };
    }),
    pushQr: fromPromise<{ serialNumber: string; times: number }, { qr: string; serialNumber: string; orderId: number }>(
      async ({ input, signal }) => {
        const pushed = await api.pushQr(input, signal);
        return { serialNumber: pushed.serial_number, times: pushed.times };
      },
    ),
    payCash: fromPromise<Payment, { orderId: number; invoiceId: number; receiveAmount: number; returnAmount: number; merchantId: string }>(
      ({ input, signal }) => api.payCash(input, keys.keyFor(input.orderId, 'cash'), signal),
    ),
    payCard: fromPromise<Payment, { orderId: number; invoiceId: number; serialNumber: string }>(({ input, signal }) =>
      api.payCard(input, keys.keyFor(input.orderId, 'card'), signal),
    ),
    findPayments: fromPromise<Payment[], { invoiceId: number }>(({ input, signal }) => api.payments(input.invoiceId, signal)),
    loadTerminals: fromPromise<Terminal[], void>(({ signal }) => api.terminals(signal)),
    checkConnection: fromPromise<TerminalStatus, { serial: string }>(({ input, signal }) => api.connection(input.serial, signal)),
    watchPayment: createWatchPayment(deps.hub),
    watchCardResult: createWatchCardResult(deps.hub),
  };
}

export type OrderPaymentActors = ReturnType<typeof createOrderPaymentActors>;
