import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ConnectionSignal } from '../../services/realtime/connection';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * One realtime socket (core §7 "Realtime"): connect with the session's token, reconnect with a
 * growing randomized back-off, renew the token when the server says it expired, and report whether
 * socket.io replayed what was missed. The socket lives in src/services/realtime; the app makes this
 * machine its driver (src/app/shared/realtime-driver.ts): the machine tells it to open or close (named
 * actions) and hears what happened (SOCKET.* events).
 */

export interface RealtimeConnectionContext {
  /** Failed attempts since the last successful connection (drives the back-off). */
  attempt: number;
  /** Token renewals since the last successful connection: a server that keeps refusing is not asked forever. */
  tokenRenewals: number;
  connectedOnce: boolean;
  lastError: string | null;
  /** 0..1, drawn per wait by the app (Math.random); fixed in tests. */
  jitter: number;
}

/** What the socket and the page tell this machine: the socket layer's signals (services/realtime). */
export type RealtimeConnectionEvent = ConnectionSignal;

/** Same values as ConnectionStatus in src/services/realtime/hub.ts (machines are compiled without services). */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** After this many failed attempts in a row the indicator says offline (retries go on, slower). */
export const OFFLINE_AFTER_ATTEMPTS = 5;
export const OFFLINE_RETRY_MS = 30_000;
const MAX_TOKEN_RENEWALS = 2;

/** Exponential back-off with "equal jitter": never below half the step, so a herd of tabs spreads out. */
export function backoffMs(attempt: number, jitter: number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const j = Number.isFinite(jitter) ? Math.min(1, Math.max(0, jitter)) : 0.5;
  return Math.round(step / 2 + (step / 2) * j);
}

export const realtimeConnectionMachine = setup({
  types: {
    context: {} as RealtimeConnectionContext,
    events: {} as RealtimeConnectionEvent,
    tags: {} as 'active',
  },
  actors: {
    renewToken: fromPromise<void, { code: string }>(async () => {
      throw notProvided('renewToken');
    }),
  },
  actions: {
    // Provided by the app (src/app/shared/realtime-driver.ts): the socket.
    openSocket: () => undefined,
    closeSocket: () => undefined,
    notifyConnected: (_, _params: { first: boolean; recovered: boolean }) => undefined,
    assignConnected: assign({ attempt: 0, tokenRenewals: 0, connectedOnce: true, lastError: null }),
    assignFailure: assign(({ context }, params: { code: string; jitter: number | undefined }) => ({
      attempt: context.attempt + 1,
      lastError: params.code,
      jitter: params.jitter ?? context.jitter,
    })),
    assignLost: assign(({ context }, params: { reason: string; jitter: number | undefined }) => ({
      attempt: 1,
      lastError: params.reason,
      jitter: params.jitter ?? context.jitter,
    })),
    countRenewal: assign(({ context }) => ({ tokenRenewals: context.tokenRenewals + 1 })),
    resetAttempts: assign({ attempt: 0, tokenRenewals: 0 }),
    resetSession: assign({ attempt: 0, tokenRenewals: 0, connectedOnce: false, lastError: null }),
  },
  guards: {
    tokenExpired: ({ context }, params: { code: string }) => params.code === 'TOKEN_EXPIRED' && context.tokenRenewals < MAX_TOKEN_RENEWALS,
    givingUpSoon: ({ context }) => context.attempt + 1 >= OFFLINE_AFTER_ATTEMPTS,
  },
  delays: {
    retryBackoff: ({ context }) => backoffMs(context.attempt, context.jitter),
    offlineRetry: OFFLINE_RETRY_MS,
  },
}).createMachine({
  id: 'realtimeConnection',
  description: 'One realtime socket (/va or /sale): connect, reconnect with back-off, renew the token, recover missed events.',
  context: { attempt: 0, tokenRenewals: 0, connectedOnce: false, lastError: null, jitter: 0.5 },
  initial: 'idle',
  states: {
    idle: {
      description: 'No session: no socket.',
      on: {
        START: { target: 'connecting', actions: 'resetSession' },
        'SOCKET.CONNECTED': { description: 'A late event of a socket already closed.' },
      },
    },
    connecting: {
      tags: ['active'],
      description: 'The socket is opening; the handshake carries the current token.',
      entry: 'openSocket',
      on: {
        'SOCKET.CONNECT_ERROR': [
          {
            guard: { type: 'tokenExpired', params: ({ event }) => ({ code: event.code }) },
            target: 'renewingToken',
            actions: 'countRenewal',
          },
          {
            guard: 'givingUpSoon',
            target: 'offline',
            actions: { type: 'assignFailure', params: ({ event }) => ({ code: event.code, jitter: event.jitter }) },
          },
          {
            target: 'reconnecting',
            actions: { type: 'assignFailure', params: ({ event }) => ({ code: event.code, jitter: event.jitter }) },
          },
        ],
      },
    },
    renewingToken: {
      tags: ['active'],
      description: 'The server said TOKEN_EXPIRED: the session renews it once for everyone, then the socket retries.',
      invoke: {
        id: 'renewToken',
        src: 'renewToken',
        input: ({ context }) => ({ code: context.lastError ?? 'TOKEN_EXPIRED' }),
        onDone: { target: 'connecting' },
        onError: {
          target: 'reconnecting',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: errorCode(event.error), jitter: undefined }) },
        },
      },
    },
    connected: {
      tags: ['active'],
      on: {
        'SOCKET.CONNECTED': { description: 'Already connected.' },
        'SOCKET.DISCONNECTED': {
          target: 'reconnecting',
          actions: { type: 'assignLost', params: ({ event }) => ({ reason: event.reason, jitter: event.jitter }) },
        },
      },
    },
    reconnecting: {
      tags: ['active'],
      description: 'Waiting out the back-off before the next attempt.',
      after: { retryBackoff: { target: 'connecting' } },
      on: {
        RETRY: { target: 'connecting', description: 'The page came back to the foreground: try now rather than wait.' },
        'BROWSER.OFFLINE': { target: 'offline', description: 'No network: stop hammering until the browser is online again.' },
      },
    },
    offline: {
      tags: ['active'],
      description: 'Many attempts failed, or the browser is offline: the indicator says offline; retries go on slowly.',
      after: { offlineRetry: { target: 'connecting' } },
      on: {
        RETRY: { target: 'connecting' },
        'BROWSER.ONLINE': { target: 'connecting', actions: 'resetAttempts' },
        'BROWSER.OFFLINE': { description: 'Already waiting for the network.' },
      },
    },
  },
  on: {
    STOP: { target: '.idle', actions: 'closeSocket' },
    // Not only from connecting: both namespaces share one engine connection, so when one socket reopens
    // it the other reconnects too, possibly while its own machine still waits out a back-off.
    'SOCKET.CONNECTED': {
      target: '.connected',
      actions: [
        { type: 'notifyConnected', params: ({ context, event }) => ({ first: !context.connectedOnce, recovered: event.recovered }) },
        'assignConnected',
      ],
    },
  },
});

export type RealtimeConnectionSnapshot = SnapshotFrom<typeof realtimeConnectionMachine>;

/** What the top-bar indicator shows for this socket. */
export function connectionStatusOf(snapshot: RealtimeConnectionSnapshot): ConnectionStatus {
  if (snapshot.matches('idle')) return 'idle';
  if (snapshot.matches('connected')) return 'connected';
  if (snapshot.matches('offline')) return 'offline';
  if (snapshot.matches('reconnecting')) return 'reconnecting';
  return snapshot.context.connectedOnce ? 'reconnecting' : 'connecting';
}
