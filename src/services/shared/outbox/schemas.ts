import { z } from '../../../config/zod-mini';

/**
 * The till's offline outbox (selling through an outage, D329–D332): what a queued action is, and the contract between the outbox machine (src/machines/shared/outbox) and the
 * actors that implement it over IndexedDB. Machines import these types only.
 */

/** Whatever JSON.stringify keeps: a queued action's body is replayed as it was given. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** waiting: to be sent in its turn; conflict: the service said it was changed elsewhere (D331). */
export type OutboxEntryState = 'waiting' | 'conflict';

export interface OutboxEntry {
  /** IndexedDB's key generator: increasing, never reused, so it is the order of sending (D332). */
  id: number;
  /** What the action is (e.g. the till's "order.create"); the app's `send` maps it to a call. */
  kind: string;
  payload: JsonValue;
  /** Made once at enqueue and sent with every attempt, so a replay after a lost answer is harmless (D124). */
  key: string;
  /** Epoch milliseconds. */
  createdAt: number;
  attempts: number;
  lastError: string | null;
  state: OutboxEntryState;
  /** The service's answer that made it a conflict, shown to the cashier. */
  conflict: string | null;
}

/** What a banner and the replay need: how many entries are queued and the first of them. */
export interface OutboxSnapshot {
  waiting: number;
  head: OutboxEntry | null;
}

/** What the injected `send` answers; a failure to reach the service is a rejection instead. */
export type OutboxSendResult = { kind: 'sent' } | { kind: 'conflict'; message: string };

/** One write the replay or the cashier makes to an entry (the machine's `update` actor). */
export type OutboxUpdate =
  | { op: 'done'; id: number }
  | { op: 'conflict'; id: number; message: string }
  | { op: 'failed'; id: number; error: string }
  | { op: 'retry'; id: number }
  | { op: 'discard'; id: number };

export interface OutboxEnqueueInput {
  kind: string;
  payload: JsonValue;
  /** The key an attempt that got no answer was sent with (D350): the replay repeats it, never a new one. */
  key?: string;
}

/** The replay lock's callback says so when this tab holds it (the machine's `replayLock` actor). */
export const LOCK_HELD = 'LOCK.HELD' as const;

/** A row read back from IndexedDB: written by an older build or by hand, so it is checked. */
export const outboxEntrySchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  kind: z.string().check(z.minLength(1)),
  payload: z.json(),
  key: z.string().check(z.minLength(1)),
  createdAt: z.number(),
  attempts: z.number().check(z.int(), z.nonnegative()),
  lastError: z.nullable(z.string()),
  state: z.enum(['waiting', 'conflict']),
  conflict: z.nullable(z.string()),
});
