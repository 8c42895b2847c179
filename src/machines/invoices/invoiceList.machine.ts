import { assign, fromPromise } from 'xstate';
import type { InvoiceListQuery, InvoicePage, InvoiceRow } from '../../services/invoices/schemas';
import { defineList } from '../shared/list/pagedList';
import type { SearchEvent, Typed } from '../shared/list/search';
import { errorCode, notProvided } from '../../rules/serviceError';
import { invoiceSearchText } from '../../rules/invoices/invoice';
import type { InvoiceQuery } from './rules/invoiceUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /sale-invoice (doc 2 §2, §3 Invoice list row, §7 /invoice, §9): paid orders' invoices and counter
 * sales, newest first, on the shared list (../shared/list). The search matches the invoice number;
 * typed text applies 800 ms after the last key or on Enter; page, size and search are mirrored in the
 * address bar (QUERY.REPLACE). "Delete" cancels the invoice after a confirmation (D136): the row stays,
 * marked cancelled, so the list reloads the same page instead of stepping back as a delete would.
 */

export type InvoiceListEvent =
  | SearchEvent
  | { type: 'QUERY.REPLACE'; query: InvoiceQuery }
  | { type: 'CANCEL.ASK'; row: InvoiceRow }
  | { type: 'CANCEL.CONFIRM' }
  | { type: 'CANCEL.DISMISS' };

export interface InvoiceFilter {
  q: string;
}

export const invoiceList = defineList({
  types: {
    row: {} as InvoiceRow,
    filter: {} as InvoiceFilter,
    page: {} as InvoicePage,
    loadInput: {} as InvoiceListQuery,
    context: {} as { typed: Typed; cancelling: InvoiceRow | null },
    events: {} as InvoiceListEvent,
    tags: {} as 'searching' | 'cancelConfirming' | 'cancelBusy',
    input: {} as { query?: InvoiceQuery },
    query: {} as InvoiceQuery,
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) => Object.keys(patch).length === 1 && typeof patch.q === 'string' && invoiceSearchText(patch.q) === patch.q,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q }),
  actors: {
    cancelInvoice: fromPromise<unknown, { invoiceId: number }>(async () => {
      throw notProvided('cancelInvoice');
    }),
  },
  search: { toFilter: (typed) => ({ q: invoiceSearchText(typed.q ?? '') }) },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, filter: { q: query.q }, typed: { q: query.q } }),
  },
});

export const invoiceListMachine = invoiceList.setup
  .extend({
    actions: {
      askCancel: assign((_, params: { row: InvoiceRow }) => ({ cancelling: params.row })),
      clearCancel: assign({ cancelling: null }),
      // Provided by the app (toasts, doc 2 §8).
      notifyCancelled: (_, _params: { code: string }) => {},
      notifyCancelFailed: (_, _params: { code: string }) => {},
    },
    guards: {
      /** A cancelled invoice has nothing left to cancel: the button is off, and a forged event is ignored. */
      cancellable: (_, params: { row: InvoiceRow }) => params.row.status === 1,
    },
  })
  .createMachine({
    id: 'invoiceList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE, q: '' };
      return invoiceList.context(
        { page: query.page, pageSize: query.pageSize, filter: { q: query.q } },
        { typed: { q: query.q }, cancelling: null },
      );
    },
    states: {
      list: invoiceList.listRegion(),
      search: invoiceList.searchRegion(),
      cancel: {
        description: 'Delete = cancel, after a confirmation (doc 2 §2 "delete confirmation"; D136).',
        initial: 'idle',
        states: {
          idle: {
            on: {
              'CANCEL.ASK': {
                guard: { type: 'cancellable', params: ({ event }) => ({ row: event.row }) },
                target: 'confirming',
                actions: { type: 'askCancel', params: ({ event }) => ({ row: event.row }) },
              },
            },
          },
          confirming: {
            tags: ['cancelConfirming'],
            on: { 'CANCEL.CONFIRM': 'cancelling', 'CANCEL.DISMISS': { target: 'idle', actions: 'clearCancel' } },
          },
          cancelling: {
            tags: ['cancelConfirming', 'cancelBusy'],
            description: 'DELETE /invoice/{invoice_id}; again is harmless, so a retry is safe.',
            invoke: {
              id: 'cancelInvoice',
              src: 'cancelInvoice',
              input: ({ context }) => ({ invoiceId: context.cancelling!.invoice_id }),
              onDone: {
                target: 'idle',
                actions: [
                  { type: 'notifyCancelled', params: ({ context }) => ({ code: context.cancelling!.invoice_code }) },
                  'clearCancel',
                  'raiseRefresh',
                ],
              },
              onError: {
                target: 'idle',
                description: 'Refused or failed: the toast says why and the list reloads (it may have changed).',
                actions: [
                  { type: 'notifyCancelFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  'clearCancel',
                  'raiseRefresh',
                ],
              },
            },
          },
        },
      },
    },
  });

type Snapshot = { context: { typed: Typed; cancelling: InvoiceRow | null }; hasTag(tag: string): boolean };
export const selectCancelling = (s: Snapshot) => (s.hasTag('cancelConfirming') ? s.context.cancelling : null);
export const selectCancelBusy = (s: Snapshot) => s.hasTag('cancelBusy');
