import { outcomeUnknown } from '../../rules/idempotency';
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import {
  paymentSchema,
  type CardFailureReason,
  type Payment,
  type Terminal,
  type TerminalStatus,
} from '../../services/orderpayment/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { WayOutput } from './cashPayment.machine';
import { paidByOther, TERMINAL_MAX_POLLS, TERMINAL_POLL_MS } from './rules';

/**
 * The card terminal way (doc 2 §4 Card terminal, §5 card payment, §8, §9). The cashier chooses one of
 * the merchant's terminals; while one is chosen its connection is asked every 2 s, at most 150 times
 * (then it stops until asked again), and never once the way is left (the machine stops, and with it
 * the timer and the request). Pay is possible only while the terminal says ONLINE. After /payment/pos
 * the waiting popup shows the order code until the terminal answers: approval arrives as the order's
 * payment_success (heard by orderPayment, which ends this way), a decline or a terminal gone offline
 * as payment_failed (heard here), as are an approval refused because the order's total is no longer
 * what the terminal was asked for (D215) and a payment cancelled by the merchant (D216): the declined
 * popup then says which. Never twice: as for cash, one Idempotency-Key per intent, forgotten
 * only after a definite outcome; a lost answer is looked up before a retry is offered.
 */

export interface CardPaymentInput {
  orderId: number;
  invoiceId: number;
  orderCode: string;
  /** doc 2 §9: 150 (tests use fewer). */
  maxPolls?: number;
}

export interface CardPaymentContext {
  orderId: number;
  invoiceId: number;
  orderCode: string;
  maxPolls: number;
  terminals: Terminal[];
  serial: string | null;
  connection: TerminalStatus | null;
  polls: number;
  /** The last connection check failed (doc 2 §8: its error_code's text). */
  connectionError: string | null;
  errorCode: string | null;
  failure: CardFailureReason | null;
}

export interface PayCardInput {
  orderId: number;
  invoiceId: number;
  serialNumber: string;
}

export type CardPaymentEvent =
  | { type: 'TERMINAL.SELECT'; serial: string }
  | { type: 'CHECK.AGAIN' }
  | { type: 'PAY' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' }
  // From the watchCardResult actor.
  | { type: 'CARD.FAILED'; reason: CardFailureReason };

const parsePayment = (value: unknown): Payment | null => {
  const parsed = paymentSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const succeeded = (payments: readonly Payment[]): Payment | null => payments.find((p) => p.status === 'SUCCESS') ?? null;
const pendingCard = (payments: readonly Payment[]): Payment | null =>
  payments.find((p) => p.method === 'CARD' && p.status === 'PENDING') ?? null;

export const cardPaymentMachine = setup({
  types: {
    context: {} as CardPaymentContext,
    events: {} as CardPaymentEvent,
    input: {} as CardPaymentInput,
    output: {} as WayOutput,
    tags: {} as 'loading' | 'busy' | 'waiting' | 'uncertain' | 'error' | 'polling',
  },
  actors: {
    loadTerminals: fromPromise<Terminal[], void>(async () => {
      throw notProvided('loadTerminals');
    }),
    checkConnection: fromPromise<TerminalStatus, { serial: string }>(async () => {
      throw notProvided('checkConnection');
    }),
    payCard: fromPromise<Payment, PayCardInput>(async () => {
      throw notProvided('payCard');
    }),
    findPayments: fromPromise<Payment[], { invoiceId: number }>(async () => {
      throw notProvided('findPayments');
    }),
    watchCardResult: fromCallback<EventObject, { invoiceId: number }>(() => {
      throw notProvided('watchCardResult');
    }),
  },
  actions: {
    assignTerminals: assign((_, params: { terminals: Terminal[] }) => ({ terminals: params.terminals, errorCode: null })),
    selectTerminal: assign((_, params: { serial: string }) => ({
      serial: params.serial,
      connection: null,
      connectionError: null,
      polls: 0,
      errorCode: null,
      failure: null,
    })),
    restartPolling: assign({ polls: 0 }),
    assignConnection: assign(({ context }, params: { status: TerminalStatus }) => ({
      connection: params.status,
      connectionError: null,
      polls: context.polls + 1,
    })),
    assignConnectionError: assign(({ context }, params: { error: unknown }) => ({
      connectionError: errorCode(params.error),
      polls: context.polls + 1,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignFailure: assign((_, params: { reason: CardFailureReason }) => ({ failure: params.reason, errorCode: null })),
    markOffline: assign({ connection: 'OFFLINE' as TerminalStatus, failure: 'TERMINAL_OFFLINE' as CardFailureReason }),
    clearOutcome: assign({ errorCode: null, failure: null }),
    forgetIntent: (_, _params: { orderId: number }) => {},
  },
  guards: {
    pollsLeft: ({ context }) => context.polls < context.maxPolls,
    isOnline: ({ context }) => context.serial !== null && context.connection === 'ONLINE',
    knownTerminal: ({ context }, params: { serial: string }) => context.terminals.some((t) => t.serial_number === params.serial),
    paidByOther: (_, params: { error: unknown }) => paidByOther(params.error, parsePayment) !== null,
    terminalOffline: (_, params: { error: unknown }) => errorCode(params.error) === 'TERMINAL_OFFLINE',
    answerLost: (_, params: { error: unknown }) => outcomeUnknown(params.error),
    hasSuccess: (_, params: { payments: readonly Payment[] }) => succeeded(params.payments) !== null,
    hasPendingCard: (_, params: { payments: readonly Payment[] }) => pendingCard(params.payments) !== null,
    /** Ended without charging while the terminal stays connected: declined, refused for its amount (D215), cancelled (D216). */
    declined: (_, params: { reason: CardFailureReason }) => params.reason !== 'TERMINAL_OFFLINE',
  },
  delays: {
    pollInterval: TERMINAL_POLL_MS,
  },
}).createMachine({
  id: 'cardPayment',
  context: ({ input }) => ({
    orderId: input.orderId,
    invoiceId: input.invoiceId,
    orderCode: input.orderCode,
    maxPolls: input.maxPolls ?? TERMINAL_MAX_POLLS,
    terminals: [],
    serial: null,
    connection: null,
    polls: 0,
    connectionError: null,
    errorCode: null,
    failure: null,
  }),
  initial: 'loadingTerminals',
  output: () => ({ method: 'CARD' as const }),
  states: {
    loadingTerminals: {
      tags: ['loading'],
      invoke: {
        id: 'loadTerminals',
        src: 'loadTerminals',
        onDone: { target: 'choosing', actions: { type: 'assignTerminals', params: ({ event }) => ({ terminals: event.output }) } },
        onError: { target: 'terminalsFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    terminalsFailed: {
      tags: ['error'],
      on: { RETRY: 'loadingTerminals' },
    },
    choosing: {
      initial: 'idle',
      on: {
        'TERMINAL.SELECT': {
          guard: { type: 'knownTerminal', params: ({ event }) => ({ serial: event.serial }) },
          target: '.checking',
          actions: { type: 'selectTerminal', params: ({ event }) => ({ serial: event.serial }) },
        },
        PAY: { guard: 'isOnline', target: 'paying', actions: 'clearOutcome' },
      },
      states: {
        idle: {},
        checking: {
          tags: ['polling'],
          invoke: {
            id: 'checkConnection',
            src: 'checkConnection',
            input: ({ context }) => ({ serial: context.serial ?? '' }),
            onDone: { target: 'resting', actions: { type: 'assignConnection', params: ({ event }) => ({ status: event.output }) } },
            onError: { target: 'resting', actions: { type: 'assignConnectionError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        resting: {
          tags: ['polling'],
          after: {
            pollInterval: [{ guard: 'pollsLeft', target: 'checking' }, { target: 'stopped' }],
          },
        },
        /** 150 polls done: the last answer stays on screen until the cashier asks again. */
        stopped: {
          on: { 'CHECK.AGAIN': { target: 'checking', actions: 'restartPolling' } },
        },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'payCard',
        src: 'payCard',
        input: ({ context }) => ({ orderId: context.orderId, invoiceId: context.invoiceId, serialNumber: context.serial ?? '' }),
        onDone: { target: 'waiting' },
        onError: [
          {
            guard: { type: 'paidByOther', params: ({ event }) => ({ error: event.error }) },
            target: 'paid',
            actions: { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
          },
          { guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) }, target: 'checking' },
          {
            guard: { type: 'terminalOffline', params: ({ event }) => ({ error: event.error }) },
            target: 'disconnected',
            actions: ['markOffline', { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) }],
          },
          {
            target: 'choosing.checking',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              'restartPolling',
              { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
            ],
          },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'findPayments',
        src: 'findPayments',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: [
          {
            guard: { type: 'hasSuccess', params: ({ event }) => ({ payments: event.output }) },
            target: 'paid',
            actions: { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
          },
          { guard: { type: 'hasPendingCard', params: ({ event }) => ({ payments: event.output }) }, target: 'waiting' },
          { target: 'uncertain' },
        ],
        onError: { target: 'uncertain' },
      },
    },
    uncertain: {
      tags: ['uncertain'],
      on: { RETRY: 'paying' },
    },
    waiting: {
      tags: ['waiting'],
      invoke: {
        id: 'watchCardResult',
        src: 'watchCardResult',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        // The payment_success that ends the wait is heard by orderPayment; losing this listener only
        // loses the decline's wording, so the popup stays and says the result will come.
        onError: { target: 'uncertain' },
      },
      on: {
        'CARD.FAILED': [
          {
            guard: { type: 'declined', params: ({ event }) => ({ reason: event.reason }) },
            target: 'declined',
            actions: [
              { type: 'assignFailure', params: ({ event }) => ({ reason: event.reason }) },
              { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
            ],
          },
          {
            target: 'disconnected',
            actions: ['markOffline', { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) }],
          },
        ],
      },
    },
    declined: {
      tags: ['error'],
      on: { CLOSE: { target: 'choosing.checking', actions: 'restartPolling' } },
    },
    /** The disconnect popup with the hotline (doc 2 §4): closing it goes back to watching the terminal. */
    disconnected: {
      tags: ['error'],
      on: { CLOSE: { target: 'choosing.checking', actions: 'restartPolling' } },
    },
    paid: { type: 'final' },
  },
});
