import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';
import { errorField } from './rules';
import type { WayOutput } from './cashPayment.machine';

/**
 * The QR way (doc 2 §2 Order payment panel, §7 /payment/qr, §8): the order's VietQR (amount and order
 * code inside) from the service, shown for the guest to scan. BAD_REQUEST without a QR means the
 * merchant has no account to receive (not_setting_account_yet). The paid event itself is awaited by
 * the screen's machine (orderPayment), which hears it for every way; ORDER_PAID ends this way at once.
 */

export interface QrPaymentInput {
  invoiceId: number;
}

export interface QrPaymentContext extends QrPaymentInput {
  qr: string | null;
  errorCode: string | null;
}

export type QrPaymentEvent = { type: 'RETRY' };

export const qrPaymentMachine = setup({
  types: {
    context: {} as QrPaymentContext,
    events: {} as QrPaymentEvent,
    input: {} as QrPaymentInput,
    output: {} as WayOutput,
    tags: {} as 'loading' | 'error',
  },
  actors: {
    loadQr: fromPromise<string, { invoiceId: number }>(async () => {
      throw notProvided('loadQr');
    }),
  },
  actions: {
    assignQr: assign((_, params: { qr: string }) => ({ qr: params.qr, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
  },
  guards: {
    // doc 2 §8: BAD_REQUEST "and no QR"; a BAD_REQUEST naming a field is a bad request of ours, not a missing account.
    noAccount: (_, params: { error: unknown }) => errorCode(params.error) === 'BAD_REQUEST' && errorField(params.error) === null,
    alreadyPaid: (_, params: { error: unknown }) => errorCode(params.error) === 'ORDER_PAID',
  },
}).createMachine({
  id: 'qrPayment',
  context: ({ input }) => ({ ...input, qr: null, errorCode: null }),
  initial: 'loading',
  output: () => ({ method: null }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadQr',
        src: 'loadQr',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: { target: 'shown', actions: { type: 'assignQr', params: ({ event }) => ({ qr: event.output }) } },
        onError: [
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ error: event.error }) }, target: 'paid' },
          { guard: { type: 'noAccount', params: ({ event }) => ({ error: event.error }) }, target: 'noAccount' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {},
    noAccount: {},
    failed: {
      tags: ['error'],
      on: { RETRY: 'loading' },
    },
    paid: { type: 'final' },
  },
});
