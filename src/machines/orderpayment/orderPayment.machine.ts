import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { ORDER_COMPLETED, type InvoiceDetail, type PaymentMethod } from '../../services/orderpayment/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { cardPaymentMachine } from './cardPayment.machine';
import { cashPaymentMachine, type WayOutput } from './cashPayment.machine';
import { linkPaymentMachine } from './linkPayment.machine';
import { qrPaymentMachine } from './qrPayment.machine';

/**
 * The payment screen of one order (doc 2 §2 /sale-order/payment/{order_id}, Order payment panel; §4).
 * It reads the order's invoice; an order already paid goes home (the table list if it has a table,
 * else the order list). Otherwise the cashier picks a way (cash, QR, card terminal, link), each a
 * child machine invoked while its tab is open. Whatever the way, the order's payment_success ends the
 * wait (the `watchPayment` actor listens on the sale socket for this order only); after a reconnect
 * that could not replay missed events the order is read again, so a payment made meanwhile is not
 * missed. Paid: the method is recorded, the address gets success=true, Home and Print are offered;
 * every print after the first is a copy.
 *
 * The guest's screen (doc 2 §2 customer display, D134) is this machine's to drive (D280): it invokes the
 * display for its whole life (the app's actor sends "idle" when it stops) and tells it, on entering
 * each state, what the guest should see — the order, the way being paid (with the QR once the QR way
 * shows one) or success.
 */

export const PAYMENT_TABS = ['cash', 'qr', 'card', 'link'] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number];

export interface OrderPaymentInput {
  orderId: number;
  merchantId: string;
  /** The tab to open first (the address may name it); cash otherwise. */
  tab?: PaymentTab;
  /** doc 2 §9's 150 terminal polls (tests use fewer). */
  maxPolls?: number;
}

export interface OrderPaymentContext {
  orderId: number;
  merchantId: string;
  firstTab: PaymentTab;
  maxPolls: number | undefined;
  detail: InvoiceDetail | null;
  method: PaymentMethod | null;
  errorCode: string | null;
  /** Receipts printed on this screen; after the first, a print is a copy. */
  printed: number;
}

export interface PrintReceiptInput {
  detail: InvoiceDetail;
  method: PaymentMethod | null;
  copy: boolean;
}

/** What the guest's screen shows; the app's display actor turns it into the display message. */
export type CustomerView =
  { kind: 'order' } | { kind: 'pay'; method: 'CASH' | 'CARD' } | { kind: 'pay'; method: 'QR'; qr: string } | { kind: 'success' };

/** To the invoked `customerDisplay` actor: the view and the order it is of (null before the order is read). */
export interface CustomerDisplayEvent {
  type: 'DISPLAY.SHOW';
  view: CustomerView;
  detail: InvoiceDetail | null;
}

/** The QR way's snapshot as the display needs it (its `shown` state carries the QR). */
interface QrWaySnapshot {
  value?: unknown;
  context?: { qr?: string | null };
}

/** `shown` is a compound state since the Soundbox push (D298): its value is then `{ shown: … }`. */
const isShown = (value: unknown) => value === 'shown' || (typeof value === 'object' && value !== null && 'shown' in value);

const shownQr = (snapshot: QrWaySnapshot | undefined): string | null => (isShown(snapshot?.value) ? (snapshot?.context?.qr ?? null) : null);

export type OrderPaymentEvent =
  | { type: 'RETRY' }
  | { type: 'TAB.SELECT'; tab: PaymentTab }
  | { type: 'HOME' }
  | { type: 'PRINT' }
  // From the watchPayment actor.
  | { type: 'PAYMENT.SUCCEEDED'; method: PaymentMethod | null }
  | { type: 'REALTIME.RECONNECTED' };

const isPaid = (detail: InvoiceDetail) => detail.invoice_data.status === ORDER_COMPLETED || detail.invoice_data.payment_status === 1;

export const orderPaymentMachine = setup({
  types: {
    context: {} as OrderPaymentContext,
    events: {} as OrderPaymentEvent,
    input: {} as OrderPaymentInput,
    tags: {} as 'loading' | 'error' | 'paying' | 'success' | 'printing',
  },
  actors: {
    loadInvoice: fromPromise<InvoiceDetail, { orderId: number }>(async () => {
      throw notProvided('loadInvoice');
    }),
    checkOrder: fromPromise<InvoiceDetail, { orderId: number }>(async () => {
      throw notProvided('checkOrder');
    }),
    watchPayment: fromCallback<EventObject, { orderId: number; invoiceId: number; orderCode: string }>(() => {
      throw notProvided('watchPayment');
    }),
    cashPayment: cashPaymentMachine,
    qrPayment: qrPaymentMachine,
    cardPayment: cardPaymentMachine,
    linkPayment: linkPaymentMachine,
    printReceipt: fromPromise<void, PrintReceiptInput>(async () => {
      throw notProvided('printReceipt');
    }),
    customerDisplay: fromCallback<CustomerDisplayEvent>(() => {
      throw notProvided('customerDisplay');
    }),
  },
  actions: {
    assignDetail: assign((_, params: { detail: InvoiceDetail }) => ({ detail: params.detail, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignMethod: assign(({ context }, params: { method: PaymentMethod | null }) => ({
      method: params.method ?? context.detail?.invoice_data.payment_method ?? null,
    })),
    countPrint: assign(({ context }) => ({ printed: context.printed + 1 })),
    /** Tells the guest's screen what to show now (D280); the display actor drops a repeat. */
    showOnDisplay: sendTo('customerDisplay', ({ context }, params: { view: CustomerView }) => ({
      type: 'DISPLAY.SHOW' as const,
      view: params.view,
      detail: context.detail,
    })),
    /** The route: to /sale-table when the invoice has a table, else to the order list (doc 2 §2). */
    goHome: (_, _params: { tableId: number | null }) => {},
    /** The route adds success=true to the address (doc 2 §2). */
    markSuccess: () => {},
    notifyPrintFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    isPaid: (_, params: { detail: InvoiceDetail }) => isPaid(params.detail),
    methodKnown: (_, params: { output: WayOutput | undefined }) => (params.output?.method ?? null) !== null,
    tabIs: (_, params: { tab: PaymentTab; wanted: PaymentTab }) => params.tab === params.wanted,
    firstTabIs: ({ context }, params: { tab: PaymentTab }) => context.firstTab === params.tab,
    qrShown: (_, params: { snapshot: QrWaySnapshot | undefined }) => shownQr(params.snapshot) !== null,
  },
}).createMachine({
  id: 'orderPayment',
  context: ({ input }) => ({
    orderId: input.orderId,
    merchantId: input.merchantId,
    firstTab: input.tab ?? 'cash',
    maxPolls: input.maxPolls,
    detail: null,
    method: null,
    errorCode: null,
    printed: 0,
  }),
  // The guest's screen for the payment page's whole life.
  invoke: { id: 'customerDisplay', src: 'customerDisplay' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      // Read again after a way ended: the guest sees the order, not the way that is gone.
      entry: { type: 'showOnDisplay', params: { view: { kind: 'order' } } },
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ detail: event.output }) },
            target: 'alreadyPaid',
            actions: { type: 'assignDetail', params: ({ event }) => ({ detail: event.output }) },
          },
          { target: 'paying', actions: { type: 'assignDetail', params: ({ event }) => ({ detail: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { RETRY: 'loading' },
    },
    /** doc 2 §2: an invoice already paid redirects home. */
    alreadyPaid: {
      type: 'final',
      entry: [
        { type: 'showOnDisplay', params: { view: { kind: 'order' } } },
        { type: 'goHome', params: ({ context }) => ({ tableId: context.detail?.invoice_data.table_id ?? null }) },
      ],
    },
    paying: {
      tags: ['paying'],
      type: 'parallel',
      invoke: {
        id: 'watchPayment',
        src: 'watchPayment',
        input: ({ context }) => ({
          orderId: context.orderId,
          invoiceId: context.detail?.invoice_data.invoice_id ?? 0,
          orderCode: context.detail?.invoice_data.order_code ?? '',
        }),
        // Without the socket a payment is still found: by the way's own answer, or on the next load.
        onError: { target: 'loading' },
      },
      on: {
        'PAYMENT.SUCCEEDED': { target: 'paid', actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.method }) } },
      },
      states: {
        way: {
          initial: 'start',
          on: {
            'TAB.SELECT': [
              { guard: { type: 'tabIs', params: ({ event }) => ({ tab: event.tab, wanted: 'cash' }) }, target: '.cash' },
              { guard: { type: 'tabIs', params: ({ event }) => ({ tab: event.tab, wanted: 'qr' }) }, target: '.qr' },
              { guard: { type: 'tabIs', params: ({ event }) => ({ tab: event.tab, wanted: 'card' }) }, target: '.card' },
              { target: '.link' },
            ],
          },
          states: {
            start: {
              always: [
                { guard: { type: 'firstTabIs', params: { tab: 'qr' } }, target: 'qr' },
                { guard: { type: 'firstTabIs', params: { tab: 'card' } }, target: 'card' },
                { guard: { type: 'firstTabIs', params: { tab: 'link' } }, target: 'link' },
                { target: 'cash' },
              ],
            },
            cash: {
              entry: { type: 'showOnDisplay', params: { view: { kind: 'pay', method: 'CASH' } } },
              invoke: {
                id: 'cash',
                src: 'cashPayment',
                input: ({ context }) => ({
                  orderId: context.orderId,
                  invoiceId: context.detail?.invoice_data.invoice_id ?? 0,
                  total: context.detail?.invoice_data.total_price ?? 0,
                  merchantId: context.merchantId,
                }),
                onDone: [
                  {
                    guard: { type: 'methodKnown', params: ({ event }) => ({ output: event.output }) },
                    target: '#orderPayment.paid',
                    actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.output.method }) },
                  },
                  { target: '#orderPayment.loading' },
                ],
                onError: { target: '#orderPayment.loading' },
              },
            },
            qr: {
              // The order until the QR is there, then the QR with the amount.
              entry: { type: 'showOnDisplay', params: { view: { kind: 'order' } } },
              invoke: {
                id: 'qr',
                src: 'qrPayment',
                input: ({ context }) => ({
                  invoiceId: context.detail?.invoice_data.invoice_id ?? 0,
                  orderId: context.detail?.invoice_data.order_id ?? context.orderId,
                }),
                onSnapshot: {
                  guard: { type: 'qrShown', params: ({ event }) => ({ snapshot: event.snapshot as QrWaySnapshot }) },
                  actions: {
                    type: 'showOnDisplay',
                    params: ({ event }) => ({ view: { kind: 'pay', method: 'QR', qr: shownQr(event.snapshot as QrWaySnapshot) ?? '' } }),
                  },
                },
                // ORDER_PAID: paid by a way this screen did not see; the order itself says how.
                onDone: { target: '#orderPayment.loading' },
                onError: { target: '#orderPayment.loading' },
              },
            },
            card: {
              entry: { type: 'showOnDisplay', params: { view: { kind: 'pay', method: 'CARD' } } },
              invoke: {
                id: 'card',
                src: 'cardPayment',
                input: ({ context }) => ({
                  orderId: context.orderId,
                  invoiceId: context.detail?.invoice_data.invoice_id ?? 0,
                  orderCode: context.detail?.invoice_data.order_code ?? '',
                  ...(context.maxPolls === undefined ? {} : { maxPolls: context.maxPolls }),
                }),
                onDone: {
                  target: '#orderPayment.paid',
                  actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.output.method }) },
                },
                onError: { target: '#orderPayment.loading' },
              },
            },
            link: {
              entry: { type: 'showOnDisplay', params: { view: { kind: 'order' } } },
              invoke: {
                id: 'link',
                src: 'linkPayment',
                input: ({ context }) => ({
                  orderId: context.orderId,
                  invoiceId: context.detail?.invoice_data.invoice_id ?? 0,
                  orderCode: context.detail?.invoice_data.order_code ?? '',
                  total: context.detail?.invoice_data.total_price ?? 0,
                }),
                // ORDER_PAID: paid by a way this screen did not see; the order itself says how.
                onDone: { target: '#orderPayment.loading' },
                onError: { target: '#orderPayment.loading' },
              },
            },
          },
        },
        sync: {
          initial: 'live',
          states: {
            live: {
              on: { 'REALTIME.RECONNECTED': 'checking' },
            },
            checking: {
              invoke: {
                id: 'checkOrder',
                src: 'checkOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => ({ detail: event.output }) },
                    target: '#orderPayment.paid',
                    actions: [
                      { type: 'assignDetail', params: ({ event }) => ({ detail: event.output }) },
                      { type: 'assignMethod', params: ({ event }) => ({ method: event.output.invoice_data.payment_method ?? null }) },
                    ],
                  },
                  { target: 'live' },
                ],
                // The next reconnect asks again; the event itself may still come.
                onError: { target: 'live' },
              },
            },
          },
        },
      },
    },
    paid: {
      tags: ['success'],
      entry: ['markSuccess', { type: 'showOnDisplay', params: { view: { kind: 'success' } } }],
      initial: 'idle',
      on: {
        HOME: { actions: { type: 'goHome', params: ({ context }) => ({ tableId: context.detail?.invoice_data.table_id ?? null }) } },
      },
      states: {
        idle: {
          on: { PRINT: 'printing' },
        },
        printing: {
          tags: ['printing'],
          invoke: {
            id: 'printReceipt',
            src: 'printReceipt',
            input: ({ context }) => ({ detail: context.detail as InvoiceDetail, method: context.method, copy: context.printed > 0 }),
            onDone: { target: 'idle', actions: 'countPrint' },
            onError: { target: 'idle', actions: { type: 'notifyPrintFailed', params: ({ event }) => ({ code: errorCode(event.error) }) } },
          },
        },
      },
    },
  },
});
