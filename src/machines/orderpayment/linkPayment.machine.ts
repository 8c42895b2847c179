import { assign, fromPromise, setup } from 'xstate';
import type { MerchantInfo, OrderLinkRequest, PaymentLink } from '../../services/checkout';
import { outcomeUnknown } from '../../rules/idempotency';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { WayOutput } from './cashPayment.machine';

/**
 * The link way (doc 2 §2 Order payment panel, §4 Pay by Link; contract 14 §B): the order's payment
 * link, made once per order (or got back: the service answers the OPEN link it has for this order and
 * amount, and the key kept per order repeats the first answer, D159) with the order code and total,
 * then shown as the link, its QR and copy for the guest. The widget id comes first; without it the tab
 * says create_payment_link_error with a retry. The paid event itself is awaited by the screen's
 * machine (orderPayment), which hears it for every way; ORDER_PAID ends this way at once.
 */

export interface LinkPaymentInput {
  orderId: number;
  invoiceId: number;
  orderCode: string;
  total: number;
}

export interface LinkPaymentContext extends LinkPaymentInput {
  appId: string | null;
  link: PaymentLink | null;
  errorCode: string | null;
}

export type LinkPaymentEvent = { type: 'RETRY' };

export const linkPaymentMachine = setup({
  types: {
    context: {} as LinkPaymentContext,
    events: {} as LinkPaymentEvent,
    input: {} as LinkPaymentInput,
    output: {} as WayOutput,
    tags: {} as 'loading' | 'error' | 'uncertain',
  },
  actors: {
    /** GET /merchants/{id}?allow_create=True for the signed-in merchant (the route knows its id or ref_id). */
    loadMerchant: fromPromise<MerchantInfo, void>(async () => {
      throw notProvided('loadMerchant');
    }),
    /** POST /payment-links with invoice_id and this order's kept key. */
    createOrderLink: fromPromise<PaymentLink, OrderLinkRequest>(async () => {
      throw notProvided('createOrderLink');
    }),
  },
  actions: {
    assignWidget: assign((_, p: { info: MerchantInfo }) => ({ appId: p.info.widget.id, errorCode: null })),
    assignLink: assign((_, p: { link: PaymentLink }) => ({ link: p.link, errorCode: null })),
    assignError: assign((_, p: { error: unknown }) => ({ errorCode: errorCode(p.error) })),
  },
  guards: {
    alreadyPaid: (_, p: { error: unknown }) => errorCode(p.error) === 'ORDER_PAID',
    outcomeUnknown: (_, p: { error: unknown }) => outcomeUnknown(p.error),
  },
}).createMachine({
  id: 'linkPayment',
  context: ({ input }) => ({ ...input, appId: null, link: null, errorCode: null }),
  initial: 'loadingWidget',
  output: () => ({ method: null }),
  states: {
    loadingWidget: {
      tags: ['loading'],
      invoke: {
        id: 'loadMerchant',
        src: 'loadMerchant',
        onDone: { target: 'creating', actions: { type: 'assignWidget', params: ({ event }) => ({ info: event.output }) } },
        onError: { target: 'widgetFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    widgetFailed: {
      tags: ['error'],
      description: 'doc 2 §8: create_payment_link_error with a retry.',
      on: { RETRY: 'loadingWidget' },
    },
    creating: {
      tags: ['loading'],
      description: "POST /payment-links for this order (invoice_id, order code, total) with the order's kept key.",
      invoke: {
        id: 'createOrderLink',
        src: 'createOrderLink',
        input: ({ context }) => ({
          orderId: context.orderId,
          invoiceId: context.invoiceId,
          orderCode: context.orderCode,
          total: context.total,
          appId: context.appId ?? '',
        }),
        onDone: { target: 'shown', actions: { type: 'assignLink', params: ({ event }) => ({ link: event.output }) } },
        onError: [
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ error: event.error }) }, target: 'paid' },
          {
            guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
            target: 'uncertain',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: { description: 'The link, its QR and copy; the guest pays on the checkout page.' },
    uncertain: {
      tags: ['error', 'uncertain'],
      description: 'No answer: the link may exist. Try again repeats the request with the same key, so no second link is made.',
      on: { RETRY: 'creating' },
    },
    failed: {
      tags: ['error'],
      description: 'Refused: the reason with a retry.',
      on: { RETRY: 'creating' },
    },
    paid: { type: 'final' },
  },
});
