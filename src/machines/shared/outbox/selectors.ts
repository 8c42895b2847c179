import type { SnapshotFrom } from 'xstate';
import type { outboxMachine } from './outbox.machine';

type OutboxSnapshotOf = SnapshotFrom<typeof outboxMachine>;

/** What the till's banner shows: "offline — N waiting", a replay under way, the conflict to decide (D331). */
export function selectOutboxBanner(state: OutboxSnapshotOf) {
  const { online, waiting, conflict, lastError, storeError } = state.context;
  return {
    online,
    waiting,
    conflict,
    lastError,
    storeError,
    replaying: state.hasTag('replaying'),
    retryingLater: state.hasTag('backoff'),
    /** The cashier's two buttons are live only while the conflict is shown and not being written. */
    canResolve: state.matches({ link: { online: 'conflict' } }),
  };
}
