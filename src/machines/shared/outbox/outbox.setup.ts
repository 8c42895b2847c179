import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { errorCode, notProvided } from '../../../rules/serviceError';
import type {
  JsonValue,
  OutboxEnqueueInput,
  OutboxEntry,
  OutboxSendResult,
  OutboxSnapshot,
  OutboxUpdate,
} from '../../../services/shared/outbox/schemas';

export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 60_000;
/** How long offline lasts before the service is asked again whether it can be reached. */
export const OUTBOX_PROBE_MS = 15_000;

/** No answer at all: the service cannot be reached, so the till is offline (a cancelled call too, D30). */
const UNREACHABLE = new Set(['NETWORK_ERROR', 'TIMEOUT']);

export interface OutboxInput {
  /** Whether the browser believes it is online when the outbox starts (`navigator.onLine`). */
  online: boolean;
}

export interface OutboxContext {
  /** What the banner says: online, or offline and how many wait. */
  online: boolean;
  /** Entries in the queue, the conflicting one included. */
  waiting: number;
  /** The first entry as last read: the one replay sends next. */
  head: OutboxEntry | null;
  /**
   * The entry this tab's replay is sending: the head when it was read, kept apart from `head`, which
   * another tab's news may change (or empty) while the send is on its way.
   */
  current: OutboxEntry | null;
  /** The first entry when the service refused it as changed elsewhere: shown until the cashier decides (D331). */
  conflict: OutboxEntry | null;
  /** ENQUEUEd actions not yet written, in the order given. */
  toAdd: OutboxEnqueueInput[];
  /** Another tab changed the queue while this one was reading or writing: read it again. */
  stale: boolean;
  /** Failed attempts in a row (backoff); 0 after a success. */
  attempt: number;
  /** The last send's failure code, for the banner's detail. */
  lastError: string | null;
  /** The browser's storage failed (quota, private mode): nothing new can be queued safely. */
  storeError: string | null;
}

export type OutboxEvent =
  | { type: 'NETWORK.UP' }
  | { type: 'NETWORK.DOWN' }
  | { type: 'ENQUEUE'; kind: string; payload: JsonValue; key?: string }
  | { type: 'STORE.CHANGED' }
  | { type: 'LOCK.HELD' }
  | { type: 'RESOLVE.DISCARD' }
  | { type: 'RESOLVE.RETRY' };

export type OutboxTag = 'offline' | 'replaying' | 'conflict' | 'backoff' | 'storing';

function snapshotFields(snapshot: OutboxSnapshot) {
  const head = snapshot.head;
  return { waiting: snapshot.waiting, head, conflict: head?.state === 'conflict' ? head : null, storeError: null };
}

/** The wait before the next attempt after `attempt` failures in a row: 2 s, 4 s, 8 s … at most 60 s. */
export function retryDelay(attempt: number): number {
  return Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(attempt - 1, 0), OUTBOX_RETRY_MAX_MS);
}

/** The outbox's setup: its context, events, actors, actions, guards and delays (the flow is ./outbox.machine.ts). */
export const outboxSetup = setup({
  types: {
    context: {} as OutboxContext,
    input: {} as OutboxInput,
    events: {} as OutboxEvent,
    tags: {} as OutboxTag,
  },
  actors: {
    readQueue: fromPromise<OutboxSnapshot, void>(async () => {
      throw notProvided('readQueue');
    }),
    enqueue: fromPromise<OutboxSnapshot, OutboxEnqueueInput>(async () => {
      throw notProvided('enqueue');
    }),
    update: fromPromise<OutboxSnapshot, OutboxUpdate>(async () => {
      throw notProvided('update');
    }),
    send: fromPromise<OutboxSendResult, OutboxEntry>(async () => {
      throw notProvided('send');
    }),
    probe: fromPromise<void, void>(async () => {
      throw notProvided('probe');
    }),
    // Sends STORE.CHANGED when another tab wrote to the queue.
    watchStore: fromCallback<EventObject, void>(() => {}),
    // Sends NETWORK.UP / NETWORK.DOWN as the browser goes on- and offline.
    watchNetwork: fromCallback<EventObject, void>(() => {}),
    // Sends LOCK.HELD once this tab may replay; lets go when stopped (D330).
    replayLock: fromCallback<EventObject, void>(() => {}),
  },
  actions: {
    setOnline: assign({ online: true }),
    setOffline: assign({ online: false }),
    setSnapshot: assign((_, p: { snapshot: OutboxSnapshot }) => snapshotFields(p.snapshot)),
    addToQueue: assign(({ context }, p: OutboxEnqueueInput) => ({
      toAdd: [...context.toAdd, p.key ? { kind: p.kind, payload: p.payload, key: p.key } : { kind: p.kind, payload: p.payload }],
    })),
    takeAdded: assign(({ context }) => ({ toAdd: context.toAdd.slice(1) })),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    setStoreError: assign((_, p: { error: unknown }) => ({ storeError: errorCode(p.error) })),
    setLastError: assign((_, p: { error: unknown }) => ({ lastError: errorCode(p.error) })),
    setCurrent: assign((_, p: { snapshot: OutboxSnapshot }) => ({ current: p.snapshot.head })),
    markCurrentConflict: assign(({ context }, p: { message: string }) => ({
      current: context.current ? { ...context.current, state: 'conflict' as const, conflict: p.message } : null,
    })),
    countFailure: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    resetAttempts: assign({ attempt: 0, lastError: null }),
    // Provided by the app: the action was NOT queued (storage failed), so the caller must say so.
    notifyNotQueued: (_, _p: OutboxEnqueueInput) => {},
  },
  guards: {
    startsOnline: ({ context }) => context.online,
    hasToAdd: ({ context }) => context.toAdd.length > 0,
    isStale: ({ context }) => context.stale,
    hasConflict: ({ context }) => context.conflict !== null,
    noConflict: ({ context }) => context.conflict === null,
    hasWaiting: ({ context }) => context.waiting > 0,
    emptyQueue: (_, p: { snapshot: OutboxSnapshot }) => p.snapshot.head === null,
    headInConflict: (_, p: { snapshot: OutboxSnapshot }) => p.snapshot.head?.state === 'conflict',
    conflictAnswer: (_, p: { result: OutboxSendResult }) => p.result.kind === 'conflict',
    unreachable: (_, p: { error: unknown }) => UNREACHABLE.has(errorCode(p.error)),
  },
  delays: {
    retryDelay: ({ context }) => retryDelay(context.attempt),
    probeDelay: OUTBOX_PROBE_MS,
  },
});
