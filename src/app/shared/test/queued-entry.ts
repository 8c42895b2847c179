import type { OutboxEntry } from '../../../services/shared/outbox/schemas';

/** Makes till queue entries as the outbox stores them (tests): ids and keys never repeat within one maker. */
export function queuedEntries() {
  let next = 0;
  return (kind: string, payload: OutboxEntry['payload'], state: OutboxEntry['state'] = 'waiting'): OutboxEntry => {
    next += 1;
    return { id: next, kind, payload, key: `k${next}`, createdAt: 1_765_000_000_000, attempts: 0, lastError: null, state, conflict: null };
  };
}
