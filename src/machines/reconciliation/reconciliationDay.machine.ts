import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { ReconDay, ReconQuery } from '../../services/reconciliation/schemas';

/**
 * One store's day reconciled against the bank (issue 27 §5, D308, D309). The address bar chooses the
 * store and the day (the route sends SELECT on arrival, Back and Forward); nothing is read until a
 * store is chosen. A failed read keeps the choice and offers a retry; the last answer is dropped so
 * that figures of another day are never shown under this one's heading.
 */

export interface ReconciliationDayContext {
  query: ReconQuery | null;
  result: ReconDay | null;
  loadError: string | null;
}

export type ReconciliationDayEvent = { type: 'SELECT'; query: ReconQuery } | { type: 'CLEAR' } | { type: 'RETRY' };

const select = {
  target: '.loading',
  actions: { type: 'assignQuery', params: ({ event }: { event: { query: ReconQuery } }) => ({ query: event.query }) },
} as const;

export const reconciliationDayMachine = setup({
  types: { context: {} as ReconciliationDayContext, events: {} as ReconciliationDayEvent, tags: {} as 'loading' },
  actors: {
    loadDay: fromPromise<ReconDay, ReconQuery>(async () => {
      throw notProvided('loadDay');
    }),
  },
  actions: {
    assignQuery: assign((_, p: { query: ReconQuery }) => ({ query: p.query, result: null, loadError: null })),
    clearQuery: assign({ query: null, result: null, loadError: null }),
    assignResult: assign((_, p: { result: ReconDay }) => ({ result: p.result, loadError: null })),
    assignError: assign((_, p: { error: unknown }) => ({ loadError: errorCode(p.error) })),
  },
}).createMachine({
  id: 'reconciliationDay',
  context: { query: null, result: null, loadError: null },
  initial: 'choosing',
  on: {
    SELECT: select,
    CLEAR: { target: '.choosing', actions: 'clearQuery', description: 'The address names no store any more (Back to the bare page).' },
  },
  states: {
    choosing: { description: 'No store chosen yet: the page asks for one.' },
    loading: {
      tags: ['loading'],
      description: 'GET /reconciliation?store_id&day (owner only): the day matched against the bank, with its totals.',
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => context.query!,
        onDone: { target: 'shown', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: { description: 'The four groups apart, the flagged payments marked, the totals; export offered.' },
    failed: {
      description: 'Why the day could not be read, with a retry; the store and day stay chosen.',
      on: { RETRY: 'loading' },
    },
  },
});

type Snapshot = { context: ReconciliationDayContext; hasTag(tag: string): boolean; matches(state: string): boolean };
export const selectReconResult = (s: Snapshot) => s.context.result;
export const selectReconError = (s: Snapshot) => s.context.loadError;
export const selectReconLoading = (s: Snapshot) => s.hasTag('loading');
export const selectReconChoosing = (s: Snapshot) => s.matches('choosing');
