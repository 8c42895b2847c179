import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { holdReplayLock, type ReplayLocks } from './lock';
import type { OutboxStore } from './store';
import {
  LOCK_HELD,
  type OutboxEnqueueInput,
  type OutboxEntry,
  type OutboxSendResult,
  type OutboxSnapshot,
  type OutboxUpdate,
} from './schemas';

/**
 * The outbox machine's actors (src/machines/shared/outbox) over one store, for
 * `machine.provide({ actors })`. What an entry means is the caller's: `send` turns an entry into its
 * call with the entry's key as the Idempotency-Key, and answers `{ kind: 'conflict' }` when the
 * service says the order was changed elsewhere; `probe` asks the service whether it can be reached.
 */
export interface OutboxActorDeps {
  store: OutboxStore;
  send: (entry: OutboxEntry, signal: AbortSignal) => Promise<OutboxSendResult>;
  probe: (signal: AbortSignal) => Promise<void>;
  locks: ReplayLocks | null;
  /** The lock's name: one per queue. */
  lockName: string;
  /** Where the browser says it went on- or offline; null in tests and outside a page. */
  network: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export function createOutboxActors(deps: OutboxActorDeps) {
  const { store, send, probe, locks, lockName, network } = deps;
  return {
    readQueue: fromPromise<OutboxSnapshot, void>(() => store.snapshot()),
    enqueue: fromPromise<OutboxSnapshot, OutboxEnqueueInput>(async ({ input }) => {
      await store.enqueue(input.kind, input.payload, input.key);
      return store.snapshot();
    }),
    update: fromPromise<OutboxSnapshot, OutboxUpdate>(async ({ input }) => {
      await store.update(input);
      return store.snapshot();
    }),
    send: fromPromise<OutboxSendResult, OutboxEntry>(({ input, signal }) => send(input, signal)),
    probe: fromPromise<void, void>(({ signal }) => probe(signal)),
    watchStore: fromCallback<EventObject, void>(({ sendBack }) => store.onChange(() => sendBack({ type: 'STORE.CHANGED' }))),
    watchNetwork: fromCallback<EventObject, void>(({ sendBack }) => {
      if (!network) return;
      const up = () => sendBack({ type: 'NETWORK.UP' });
      const down = () => sendBack({ type: 'NETWORK.DOWN' });
      network.addEventListener('online', up);
      network.addEventListener('offline', down);
      return () => {
        network.removeEventListener('online', up);
        network.removeEventListener('offline', down);
      };
    }),
    replayLock: fromCallback<EventObject, void>(({ sendBack }) => holdReplayLock(locks, lockName, () => sendBack({ type: LOCK_HELD }))),
  };
}

export type OutboxActors = ReturnType<typeof createOutboxActors>;
