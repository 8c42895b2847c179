import { assign, fromPromise, setup } from 'xstate';
import type { Order } from '../../services/orders/schemas';
import type { EinvoiceSettings } from '../../services/einvoice';
import { errorCode, notProvided } from '../../rules/serviceError';
import {
  BULK_MAX,
  hasPending,
  newRun,
  nextPending,
  requeueFailed,
  selectable,
  settle,
  type BulkOutcome,
  type BulkRun,
  type Picked,
} from './einvoice/bulk';

/**
 * Bulk e-invoice export from /sale-order (doc 2 §4 "Bulk export", §5 "fixed to Khách lẻ in
 * multi-export", §6 checkbox only with the flag and an active set-up, §8, §9 500 ms pause): completed
 * orders without a code are picked with checkboxes (across pages), then exported one at a time, 500 ms
 * apart, with the progress as done/total and percent. An order that already has a code is skipped; any
 * other error stops the run with its message. Beyond the spec (D209): the run is saved after every order
 * (the app keeps it in the tab's session storage, keyed by merchant) so a reload resumes it, and it
 * ends with each order's outcome, from which the failed ones are tried again. The order id is the
 * provider's key (D178): an order whose answer was lost is exported again without a second invoice.
 */

export interface BulkExportInput {
  /** A run left by a reload (read from the session slot), or null. */
  resume: BulkRun | null;
}

export interface BulkExportContext {
  picked: Picked[];
  run: BulkRun | null;
  index: number;
  settings: EinvoiceSettings | null;
  /** Why the run stopped (an error code), or null when the user stopped it. */
  stopCode: string | null;
  stopRequested: boolean;
}

export type BulkExportEvent =
  | { type: 'PICK.TOGGLE'; order: Order }
  | { type: 'PICK.PAGE'; orders: readonly Order[]; on: boolean }
  | { type: 'PICK.CLEAR' }
  | { type: 'START' }
  | { type: 'STOP' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' }
  /** A run read from the session slot once the merchant is known (the page may render before the profile). */
  | { type: 'RESUME'; run: BulkRun };

export const BULK_PAUSE_MS = 500;

const pickOf = (order: Order): Picked => ({ orderId: order.order_id, orderCode: order.order_code });

export const bulkExportMachine = setup({
  types: {
    context: {} as BulkExportContext,
    events: {} as BulkExportEvent,
    input: {} as BulkExportInput,
    tags: {} as 'picking' | 'running' | 'exporting' | 'stopped' | 'finished' | 'resultsOpen',
  },
  actors: {
    prepareRun: fromPromise<EinvoiceSettings, void>(async () => {
      throw notProvided('prepareRun');
    }),
    exportOne: fromPromise<BulkOutcome, { orderId: number; settings: EinvoiceSettings }>(async () => {
      throw notProvided('exportOne');
    }),
  },
  actions: {
    toggle: assign(({ context }, params: { order: Order }) => {
      const id = params.order.order_id;
      const on = context.picked.some((p) => p.orderId === id);
      return { picked: on ? context.picked.filter((p) => p.orderId !== id) : [...context.picked, pickOf(params.order)] };
    }),
    pickPage: assign(({ context }, params: { orders: readonly Order[]; on: boolean }) => {
      const ids = new Set(params.orders.map((o) => o.order_id));
      if (!params.on) return { picked: context.picked.filter((p) => !ids.has(p.orderId)) };
      const have = new Set(context.picked.map((p) => p.orderId));
      const added = params.orders.filter((o) => selectable(o) && !have.has(o.order_id)).map(pickOf);
      return { picked: [...context.picked, ...added].slice(0, BULK_MAX) };
    }),
    clearPicked: assign({ picked: [] }),
    beginRun: assign(({ context }) => ({ run: newRun(context.picked), picked: [], stopCode: null, stopRequested: false })),
    requeue: assign(({ context }) => ({ run: requeueFailed(context.run!), stopCode: null, stopRequested: false })),
    setSettings: assign((_, params: { settings: EinvoiceSettings }) => ({ settings: params.settings })),
    takeNext: assign(({ context }) => ({ index: nextPending(context.run!) })),
    settleDone: assign(({ context }, params: { outcome: BulkOutcome }) => ({
      run: settle(context.run!, context.index, {
        status: params.outcome.status,
        eivCode: params.outcome.eivCode,
        serial: params.outcome.serial,
        ...(params.outcome.datedToday === undefined ? {} : { datedToday: params.outcome.datedToday }),
        error: null,
      }),
    })),
    settleFailed: assign(({ context }, params: { code: string }) => ({
      run: settle(context.run!, context.index, { status: 'failed', error: params.code }),
      stopCode: params.code,
    })),
    setStopCode: assign((_, params: { code: string | null }) => ({ stopCode: params.code })),
    requestStop: assign({ stopRequested: true }),
    adoptRun: assign((_, params: { run: BulkRun }) => ({
      run: requeueFailed(params.run),
      picked: [],
      stopCode: null,
      stopRequested: false,
    })),
    endRun: assign({ run: null, index: 0, settings: null, stopCode: null, stopRequested: false }),
    // Provided by the app: the run into the session slot (null clears it), the list reloaded, toasts.
    saveRun: (_, _params: { run: BulkRun | null }) => {},
    refreshList: () => {},
    notifyFinished: (_, _params: { run: BulkRun }) => {},
  },
  guards: {
    pickable: ({ context }, params: { order: Order }) =>
      context.picked.some((p) => p.orderId === params.order.order_id) || (selectable(params.order) && context.picked.length < BULK_MAX),
    hasPicked: ({ context }) => context.picked.length > 0,
    runPending: (_, params: { run: BulkRun }) => hasPending(requeueFailed(params.run)),
    resumeRunning: ({ context }) => context.run !== null && hasPending(context.run),
    resumeEnded: ({ context }) => context.run !== null,
    hasPending: ({ context }) => context.run !== null && hasPending(context.run),
    stopRequested: ({ context }) => context.stopRequested,
    retryable: ({ context }) =>
      context.run !== null && context.run.items.some((item) => item.status === 'failed' || item.status === 'pending'),
  },
  delays: { bulkPause: BULK_PAUSE_MS },
}).createMachine({
  id: 'bulkExport',
  context: ({ input }) => ({
    picked: [],
    run: input.resume === null ? null : requeueFailed(input.resume),
    index: 0,
    settings: null,
    stopCode: null,
    stopRequested: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'A run left by a reload resumes where it stopped, the failed orders with it (a reload aborts the order under way, which then reads as failed; the order id as key makes sending it again safe, D178); a finished one shows its results (D209).',
      always: [{ guard: 'resumeRunning', target: 'running' }, { guard: 'resumeEnded', target: 'finished' }, { target: 'picking' }],
    },
    picking: {
      tags: ['picking'],
      on: {
        'PICK.TOGGLE': {
          guard: { type: 'pickable', params: ({ event }) => ({ order: event.order }) },
          actions: { type: 'toggle', params: ({ event }) => ({ order: event.order }) },
        },
        'PICK.PAGE': { actions: { type: 'pickPage', params: ({ event }) => ({ orders: event.orders, on: event.on }) } },
        'PICK.CLEAR': { actions: 'clearPicked' },
        RESUME: [
          {
            guard: { type: 'runPending', params: ({ event }) => ({ run: event.run }) },
            target: 'running',
            actions: { type: 'adoptRun', params: ({ event }) => ({ run: event.run }) },
          },
          { target: 'finished', actions: { type: 'adoptRun', params: ({ event }) => ({ run: event.run }) } },
        ],
        START: {
          guard: 'hasPicked',
          target: 'running',
          actions: ['beginRun', { type: 'saveRun', params: ({ context }) => ({ run: context.run }) }],
        },
      },
    },
    running: {
      tags: ['running', 'resultsOpen'],
      initial: 'preparing',
      states: {
        preparing: {
          description: 'The set-up and the declaration once per run: not set up or not approved stops before any order (doc 2 §6).',
          invoke: {
            id: 'prepareRun',
            src: 'prepareRun',
            onDone: { target: 'next', actions: { type: 'setSettings', params: ({ event }) => ({ settings: event.output }) } },
            onError: {
              target: '#bulkExport.stopped',
              actions: { type: 'setStopCode', params: ({ event }) => ({ code: errorCode(event.error) }) },
            },
          },
          on: { STOP: { target: '#bulkExport.stopped', actions: { type: 'setStopCode', params: () => ({ code: null }) } } },
        },
        next: {
          description: 'Only entered with an order pending (a run starts with some, `settled` checks before the pause).',
          always: { target: 'exporting', actions: 'takeNext' },
        },
        exporting: {
          tags: ['exporting'],
          description:
            "One order: read again (a code it already has: skipped), issued with the order as the provider's key, its code saved.",
          invoke: {
            id: 'exportOne',
            src: 'exportOne',
            input: ({ context }) => ({ orderId: context.run!.items[context.index]!.orderId, settings: context.settings! }),
            onDone: {
              target: 'settled',
              actions: [
                { type: 'settleDone', params: ({ event }) => ({ outcome: event.output }) },
                { type: 'saveRun', params: ({ context }) => ({ run: context.run }) },
              ],
            },
            onError: {
              target: '#bulkExport.stopped',
              description: 'doc 2 §4: any error other than "already exported" stops the run with its message.',
              actions: [
                { type: 'settleFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                { type: 'saveRun', params: ({ context }) => ({ run: context.run }) },
              ],
            },
          },
          on: { STOP: { actions: 'requestStop', description: 'The order under way finishes first (its invoice may already be issued).' } },
        },
        settled: {
          always: [
            { guard: 'stopRequested', target: '#bulkExport.stopped', actions: { type: 'setStopCode', params: () => ({ code: null }) } },
            { guard: 'hasPending', target: 'pausing' },
            { target: '#bulkExport.finished' },
          ],
        },
        pausing: {
          description: 'doc 2 §9: 500 ms between invoices.',
          after: { bulkPause: 'next' },
          on: { STOP: { target: '#bulkExport.stopped', actions: { type: 'setStopCode', params: () => ({ code: null }) } } },
        },
      },
    },
    stopped: {
      tags: ['stopped', 'resultsOpen'],
      entry: 'refreshList',
      on: {
        RETRY: {
          guard: 'retryable',
          target: 'running',
          description: 'The failed orders and those not reached yet, in the same order; the exported ones stay.',
          actions: ['requeue', { type: 'saveRun', params: ({ context }) => ({ run: context.run }) }],
        },
        CLOSE: { target: 'picking', actions: ['endRun', { type: 'saveRun', params: () => ({ run: null }) }] },
      },
    },
    finished: {
      tags: ['finished', 'resultsOpen'],
      entry: ['refreshList', { type: 'notifyFinished', params: ({ context }) => ({ run: context.run! }) }],
      on: {
        CLOSE: { target: 'picking', actions: ['endRun', { type: 'saveRun', params: () => ({ run: null }) }] },
      },
    },
  },
});
