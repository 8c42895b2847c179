import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { ReconQuery } from '../../services/reconciliation/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The reconciliation export (D309): one spreadsheet of the shown store and day at a time, with the bytes
 * received so far; the button is disabled and shows progress meanwhile; success and failure each end
 * in a toast.
 */

export interface ReconExportContext {
  query: ReconQuery | null;
  received: number;
  /** Bytes expected (Content-Length), null when unknown. */
  total: number | null;
  filename: string | null;
  errorCode: string | null;
}

export type ReconExportEvent =
  | { type: 'EXPORT'; query: ReconQuery }
  | { type: 'EXPORT.PROGRESS'; received: number; total: number | null }
  | { type: 'EXPORT.SAVED'; filename: string }
  | { type: 'EXPORT.FAILED'; error: unknown };

const start = {
  target: 'preparing',
  actions: { type: 'startExport', params: ({ event }: { event: { query: ReconQuery } }) => ({ query: event.query }) },
} as const;

export const reconciliationExportMachine = setup({
  types: {
    context: {} as ReconExportContext,
    events: {} as ReconExportEvent,
    tags: {} as 'busy',
  },
  actors: {
    exportRecon: fromCallback<EventObject, { query: ReconQuery }>(() => {
      throw notProvided('exportRecon');
    }),
  },
  actions: {
    startExport: assign((_, params: { query: ReconQuery }) => ({
      query: params.query,
      received: 0,
      total: null,
      filename: null,
      errorCode: null,
    })),
    assignProgress: assign((_, params: { received: number; total: number | null }) => ({
      received: Number.isFinite(params.received) && params.received > 0 ? params.received : 0,
      total: typeof params.total === 'number' && Number.isFinite(params.total) && params.total > 0 ? params.total : null,
    })),
    assignFilename: assign((_, params: { filename: string }) => ({ filename: params.filename })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    // Provided by the route (core §8: success and failure toasts).
    notifyExportSucceeded: (_, _params: { filename: string }) => {},
    notifyExportFailed: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'reconciliationExport',
  context: { query: null, received: 0, total: null, filename: null, errorCode: null },
  initial: 'idle',
  states: {
    idle: { on: { EXPORT: start } },
    preparing: {
      tags: ['busy'],
      description: 'The service builds the file and it downloads; the button shows progress and is disabled.',
      invoke: {
        id: 'exportRecon',
        src: 'exportRecon',
        input: ({ context }) => ({ query: context.query! }),
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        EXPORT: { description: 'A second export while one runs is ignored.' },
        'EXPORT.PROGRESS': {
          actions: { type: 'assignProgress', params: ({ event }) => ({ received: event.received, total: event.total }) },
        },
        'EXPORT.SAVED': { target: 'done', actions: { type: 'assignFilename', params: ({ event }) => ({ filename: event.filename }) } },
        'EXPORT.FAILED': { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      description: 'Success toast naming the file; the file is in the downloads.',
      entry: { type: 'notifyExportSucceeded', params: ({ context }) => ({ filename: context.filename ?? '' }) },
      on: { EXPORT: start },
    },
    failed: {
      description: 'Failure toast with the mapped error.',
      entry: { type: 'notifyExportFailed', params: ({ context }) => ({ code: context.errorCode ?? 'UNKNOWN_ERROR' }) },
      on: { EXPORT: start },
    },
  },
});

export const selectExportBusy = (s: { hasTag: (tag: 'busy') => boolean }) => s.hasTag('busy');
/** Percent received, or null when the size is unknown. */
export const selectExportPercent = (s: { context: ReconExportContext }) =>
  s.context.total ? Math.min(100, Math.round((s.context.received / s.context.total) * 100)) : null;
