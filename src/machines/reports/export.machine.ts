import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { ReportFilters } from '../../services/reports/schemas/reportFilters';
import type { ReportChannel } from '../../services/reports/schemas/transactions';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * Report export (core §2 export button, §7 export flag, §8 toasts): one spreadsheet at a time, with
 * the bytes received so far; success and failure each end in a toast.
 */

export interface ExportContext {
  channel: ReportChannel | null;
  filters: ReportFilters | null;
  received: number;
  /** Bytes expected (Content-Length), null when unknown. */
  total: number | null;
  filename: string | null;
  errorCode: string | null;
}

export type ExportEvent =
  | { type: 'EXPORT'; channel: ReportChannel; filters: ReportFilters }
  | { type: 'DISMISS' }
  | { type: 'EXPORT.PROGRESS'; received: number; total: number | null }
  | { type: 'EXPORT.SAVED'; filename: string }
  | { type: 'EXPORT.FAILED'; error: unknown };

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    tags: {} as 'busy',
  },
  actors: {
    exportReport: fromCallback<EventObject, { channel: ReportChannel; filters: ReportFilters }>(() => {
      throw notProvided('exportReport');
    }),
  },
  actions: {
    startExport: assign((_, params: { channel: ReportChannel; filters: ReportFilters }) => ({
      channel: params.channel,
      filters: params.filters,
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
    // Provided by the app/screen (core §8: success and failure toasts).
    notifyExportSucceeded: () => {},
    notifyExportFailed: () => {},
  },
}).createMachine({
  id: 'export',
  context: { channel: null, filters: null, received: 0, total: null, filename: null, errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        EXPORT: { target: 'preparing', actions: { type: 'startExport', params: ({ event }) => ({ channel: event.channel, filters: event.filters }) } },
      },
    },
    preparing: {
      tags: ['busy'],
      description: 'The server builds the file and it downloads; the button shows progress and is disabled.',
      invoke: {
        id: 'exportReport',
        src: 'exportReport',
        input: ({ context }) => ({ channel: context.channel!, filters: context.filters! }),
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        EXPORT: { description: 'A second export while one runs is ignored.' },
        'EXPORT.PROGRESS': { actions: { type: 'assignProgress', params: ({ event }) => ({ received: event.received, total: event.total }) } },
        'EXPORT.SAVED': { target: 'done', actions: { type: 'assignFilename', params: ({ event }) => ({ filename: event.filename }) } },
        'EXPORT.FAILED': { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      description: 'Success toast; the file is in the downloads.',
      entry: 'notifyExportSucceeded',
      on: {
        EXPORT: { target: 'preparing', actions: { type: 'startExport', params: ({ event }) => ({ channel: event.channel, filters: event.filters }) } },
        DISMISS: { target: 'idle' },
      },
    },
    failed: {
      description: 'Failure toast with the mapped error.',
      entry: 'notifyExportFailed',
      on: {
        EXPORT: { target: 'preparing', actions: { type: 'startExport', params: ({ event }) => ({ channel: event.channel, filters: event.filters }) } },
        DISMISS: { target: 'idle' },
      },
    },
  },
});
