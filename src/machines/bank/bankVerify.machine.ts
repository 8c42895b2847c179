import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { VERIFY_AMOUNT, VERIFY_DESCRIPTION, type BankAccount, type QrData } from '../../services/bank/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The QR verification modal (core §4 Bank account): show the QR until the va event named by the
 * account number says VERIFIED, then success for 2.5 s, then close. Used after adding an account
 * (the POST answer carries the QR) and from the list's verify-by-QR (the QR is fetched). Realtime
 * is not trusted to deliver: after a reconnection the server is asked whether the account got
 * verified meanwhile. Closing mid-wait ends with `verified: false`; the account stays unverified.
 */

export const SUCCESS_DISPLAY_MS = 2500;

export interface BankVerifyInput {
  bankAccountNo: string;
  bankCode: string;
  /** From POST /bank/account; null → fetched with GET /bank/qr. */
  qr: QrData | null;
}

export interface BankVerifyContext {
  bankAccountNo: string;
  bankCode: string;
  qr: string | null;
  amount: number;
  description: string;
  /** The realtime connection dropped while waiting (the screen says the check resumes on its own). */
  connectionLost: boolean;
  verified: boolean;
  errorCode: string | null;
}

export interface BankVerifyOutput {
  verified: boolean;
  bankAccountNo: string;
}

export type BankVerifyEvent =
  | { type: 'CLOSE' }
  | { type: 'RETRY' }
  // From the waitForVerification actor (docs/areas/bank.md).
  | { type: 'VERIFIED' }
  | { type: 'REALTIME.LOST' }
  | { type: 'REALTIME.RECONNECTED' };

export const bankVerifyMachine = setup({
  types: {
    context: {} as BankVerifyContext,
    events: {} as BankVerifyEvent,
    input: {} as BankVerifyInput,
    output: {} as BankVerifyOutput,
    tags: {} as 'loading' | 'waiting' | 'success' | 'error',
  },
  actors: {
    loadQr: fromPromise<string, { bankAccountNo: string; amount: number; description: string }>(async () => {
      throw notProvided('loadQr');
    }),
    waitForVerification: fromCallback<EventObject, { bankAccountNo: string }>(() => {
      throw notProvided('waitForVerification');
    }),
    checkVerified: fromPromise<BankAccount | null, { bankAccountNo: string }>(async () => {
      throw notProvided('checkVerified');
    }),
  },
  actions: {
    assignQr: assign((_, params: { qr: string }) => ({ qr: params.qr, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    markLost: assign({ connectionLost: true }),
    markBack: assign({ connectionLost: false }),
    markVerified: assign({ verified: true, connectionLost: false }),
  },
  guards: {
    hasQr: ({ context }) => context.qr !== null,
    accountVerified: (_, params: { account: BankAccount | null }) => params.account?.is_internal_transfer === true,
  },
  delays: {
    successDisplay: SUCCESS_DISPLAY_MS,
  },
}).createMachine({
  id: 'bankVerify',
  context: ({ input }) => ({
    bankAccountNo: input.bankAccountNo,
    bankCode: input.bankCode,
    qr: input.qr?.qr ?? null,
    amount: input.qr?.amount ?? VERIFY_AMOUNT,
    description: input.qr?.description ?? VERIFY_DESCRIPTION,
    connectionLost: false,
    verified: false,
    errorCode: null,
  }),
  initial: 'start',
  output: ({ context }) => ({ verified: context.verified, bankAccountNo: context.bankAccountNo }),
  on: {
    CLOSE: '.closed',
  },
  states: {
    start: {
      always: [{ guard: 'hasQr', target: 'waiting' }, { target: 'loadingQr' }],
    },
    loadingQr: {
      tags: ['loading'],
      invoke: {
        id: 'loadQr',
        src: 'loadQr',
        input: ({ context }) => ({ bankAccountNo: context.bankAccountNo, amount: context.amount, description: context.description }),
        onDone: { target: 'waiting', actions: { type: 'assignQr', params: ({ event }) => ({ qr: event.output }) } },
        onError: { target: 'qrFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    qrFailed: {
      tags: ['error'],
      on: { RETRY: 'loadingQr' },
    },
    waiting: {
      tags: ['waiting'],
      // Listening spans both children: an event arriving while the server is asked still counts.
      invoke: {
        id: 'waitForVerification',
        src: 'waitForVerification',
        input: ({ context }) => ({ bankAccountNo: context.bankAccountNo }),
        onError: { target: 'listenFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      initial: 'listening',
      on: {
        VERIFIED: { target: 'succeeded', actions: 'markVerified' },
        'REALTIME.LOST': { actions: 'markLost' },
        'REALTIME.RECONNECTED': { target: '.checking', actions: 'markBack' },
      },
      states: {
        listening: {},
        checking: {
          invoke: {
            id: 'checkVerified',
            src: 'checkVerified',
            input: ({ context }) => ({ bankAccountNo: context.bankAccountNo }),
            onDone: [
              {
                guard: { type: 'accountVerified', params: ({ event }) => ({ account: event.output }) },
                target: '#bankVerify.succeeded',
                actions: 'markVerified',
              },
              { target: 'listening' },
            ],
            // The next reconnection asks again; meanwhile the event itself may still arrive.
            onError: { target: 'listening' },
          },
        },
      },
    },
    listenFailed: {
      tags: ['error'],
      on: { RETRY: 'waiting' },
    },
    succeeded: {
      tags: ['success'],
      after: { successDisplay: 'closed' },
    },
    closed: {
      type: 'final',
    },
  },
});
