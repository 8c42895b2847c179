import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { ZReport, ZReportQuery } from '../../services/closing/schemas';

/**
 * The Z report page (D306): the scope comes from the address (a store and a day, or a shift); the
 * report is read once per scope; from the shown report, "Print" lays out the 80 mm paper and prints
 * it and "Export xlsx" downloads the spreadsheet, one at a time. Paper and file are made from the
 * report on screen (print) or the same figures computed again by the service (export).
 */

export interface ZReportContext {
  query: ZReportQuery | null;
  report: ZReport | null;
  loadError: string | null;
}

export type ZReportEvent = { type: 'SHOW'; query: ZReportQuery } | { type: 'RETRY' } | { type: 'PRINT' } | { type: 'EXPORT' };

const show = {
  target: '#zReport.loading',
  reenter: true,
  actions: { type: 'assignQuery', params: ({ event }: { event: { query: ZReportQuery } }) => ({ query: event.query }) },
} as const;

export const zReportMachine = setup({
  types: { context: {} as ZReportContext, events: {} as ZReportEvent, tags: {} as 'loading' | 'busy' },
  actors: {
    loadReport: fromPromise<ZReport, { query: ZReportQuery }>(async () => {
      throw notProvided('loadReport');
    }),
    printReport: fromPromise<void, { report: ZReport }>(async () => {
      throw notProvided('printReport');
    }),
    exportReport: fromPromise<string, { query: ZReportQuery }>(async () => {
      throw notProvided('exportReport');
    }),
  },
  actions: {
    assignQuery: assign((_, p: { query: ZReportQuery }) => ({ query: p.query, report: null, loadError: null })),
    assignReport: assign((_, p: { report: ZReport }) => ({ report: p.report, loadError: null })),
    assignError: assign((_, p: { error: unknown }) => ({ loadError: errorCode(p.error) })),
    // Provided by the route (core §8: toasts).
    notifyExported: (_, _p: { filename: string }) => {},
    notifyFailed: (_, _p: { what: 'print' | 'export'; code: string }) => {},
  },
}).createMachine({
  id: 'zReport',
  context: { query: null, report: null, loadError: null },
  initial: 'idle',
  states: {
    idle: { description: 'No scope chosen yet: the form asks for a store and a day, or a shift.', on: { SHOW: show } },
    loading: {
      tags: ['loading'],
      description: 'GET /closing/z-report for the scope (another scope meanwhile starts again).',
      on: { SHOW: show },
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ query: context.query! }),
        onDone: { target: 'shown', actions: { type: 'assignReport', params: ({ event }) => ({ report: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The report could not be read: why, and Try again.',
      on: { RETRY: 'loading', SHOW: show },
    },
    shown: {
      initial: 'ready',
      description: 'The figures on screen; print and export act on this report.',
      on: { SHOW: show },
      states: {
        ready: { on: { PRINT: 'printing', EXPORT: 'exporting' } },
        printing: {
          tags: ['busy'],
          description: 'The 80 mm paper is laid out in the print frame and printed.',
          invoke: {
            id: 'printReport',
            src: 'printReport',
            input: ({ context }) => ({ report: context.report! }),
            onDone: 'ready',
            onError: {
              target: 'ready',
              actions: { type: 'notifyFailed', params: ({ event }) => ({ what: 'print' as const, code: errorCode(event.error) }) },
            },
          },
        },
        exporting: {
          tags: ['busy'],
          description: 'GET /closing/z-report/export: the spreadsheet of the same scope downloads.',
          invoke: {
            id: 'exportReport',
            src: 'exportReport',
            input: ({ context }) => ({ query: context.query! }),
            onDone: { target: 'ready', actions: { type: 'notifyExported', params: ({ event }) => ({ filename: event.output }) } },
            onError: {
              target: 'ready',
              actions: { type: 'notifyFailed', params: ({ event }) => ({ what: 'export' as const, code: errorCode(event.error) }) },
            },
          },
        },
      },
    },
  },
});

type Snapshot = { context: ZReportContext; hasTag(tag: string): boolean; matches(value: unknown): boolean };
export const selectReport = (s: Snapshot) => s.context.report;
export const selectLoadError = (s: Snapshot) => s.context.loadError;
export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectPrinting = (s: Snapshot) => s.matches({ shown: 'printing' });
export const selectExporting = (s: Snapshot) => s.matches({ shown: 'exporting' });
