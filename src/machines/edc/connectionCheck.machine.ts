import { assign, fromPromise, setup } from 'xstate';
import type { ConnectionState } from '../../services/edc/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * A card machine's connection check (core §4 POS connection, §7 GET /pos/check-status): the answer
 * is ONLINE, OFFLINE or NOT_CONNECTED, each shown with what to do. The bank asks the machine, which
 * can take a while: past `checkTimeout` the check gives up (the request is stopped) and offers a
 * retry, which is safe because the call only reads. While the detail is open the screen may turn on
 * polling, which checks again every `pollInterval`.
 */

export const CHECK_TIMEOUT_MS = 15_000;
export const POLL_INTERVAL_MS = 30_000;

export interface ConnectionCheckInput {
  serialNumber: string;
  /** Check at once when the machine starts (the detail opened). */
  checkOnStart?: boolean;
}

export interface ConnectionCheckContext {
  serialNumber: string;
  checkOnStart: boolean;
  status: ConnectionState | null;
  errorCode: string | null;
  polling: boolean;
}

export type ConnectionCheckEvent = { type: 'CHECK' } | { type: 'RETRY' } | { type: 'POLL.START' } | { type: 'POLL.STOP' };

export const connectionCheckMachine = setup({
  types: {
    context: {} as ConnectionCheckContext,
    events: {} as ConnectionCheckEvent,
    input: {} as ConnectionCheckInput,
    tags: {} as 'checking' | 'result' | 'error',
  },
  actors: {
    checkStatus: fromPromise<ConnectionState, { serialNumber: string }>(async () => {
      throw notProvided('checkStatus');
    }),
  },
  actions: {
    assignStatus: assign((_, params: { status: ConnectionState }) => ({ status: params.status, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignTimeout: assign({ errorCode: 'TIMEOUT' }),
    startPolling: assign({ polling: true }),
    stopPolling: assign({ polling: false }),
  },
  guards: {
    checkOnStart: ({ context }) => context.checkOnStart,
    isOnline: (_, params: { status: ConnectionState }) => params.status === 'ONLINE',
    isOffline: (_, params: { status: ConnectionState }) => params.status === 'OFFLINE',
    pollingOn: ({ context }) => context.polling,
  },
  delays: {
    checkTimeout: CHECK_TIMEOUT_MS,
    pollInterval: POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'connectionCheck',
  context: ({ input }) => ({
    serialNumber: input.serialNumber,
    checkOnStart: input.checkOnStart ?? false,
    status: null,
    errorCode: null,
    polling: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Checks at once when asked to (the detail opened), else waits for CHECK.',
      always: [{ guard: 'checkOnStart', target: 'checking' }, { target: 'idle' }],
    },
    idle: {
      description: 'No check yet: a "check connection" button.',
      on: { CHECK: { target: 'checking' } },
    },
    checking: {
      tags: ['checking'],
      description: 'The bank asks the machine; the button shows progress. Leaving stops the request.',
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        input: ({ context }) => ({ serialNumber: context.serialNumber }),
        onDone: [
          {
            guard: { type: 'isOnline', params: ({ event }) => ({ status: event.output }) },
            target: 'shown.online',
            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: { type: 'isOffline', params: ({ event }) => ({ status: event.output }) },
            target: 'shown.offline',
            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'shown.notConnected', actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      after: {
        checkTimeout: { target: 'failed', actions: 'assignTimeout' },
      },
    },
    shown: {
      tags: ['result'],
      description: 'The answer and what to do; checking again is always possible.',
      initial: 'online',
      states: {
        online: { description: 'Connected: the machine takes payments.' },
        offline: { description: 'Disconnected: switch it on, check its network, then check again; else call the POS hotline.' },
        notConnected: { description: 'Never connected to the bank: call the POS hotline to set it up.' },
      },
      after: {
        pollInterval: { guard: 'pollingOn', target: 'checking' },
      },
      on: { CHECK: { target: 'checking' } },
    },
    failed: {
      tags: ['error'],
      description: 'Timed out or failed: what happened and a retry (reading the state again is safe).',
      on: { RETRY: { target: 'checking' }, CHECK: { target: 'checking' } },
    },
  },
  on: {
    'POLL.START': { actions: 'startPolling' },
    'POLL.STOP': { actions: 'stopPolling' },
  },
});
