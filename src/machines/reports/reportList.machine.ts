import { assign, raise } from 'xstate';
import type { ReportFilters, ReportPage, TimeRange } from '../../services/reports/schemas/reportFilters';
import {
  PAGE_SIZE_OPTIONS,
  type AnyTransactionRow,
  type ReportChannel,
  type SortField,
  type SortOrder,
  type TransactionStatus,
} from '../../services/reports/schemas/transactions';
import { cleanBillSearch, isStatusFilter, isTimeRange, parsePageSize, sanitizeFilters } from './rules/reportFilters';
import { MAX_PAGE } from '../../rules/listPaging';
import { validateCustomRange, type CustomRangeError } from '../../rules/timeRange';
import { defineList } from '../shared/list/pagedList';

/**
 * One transaction report (core §2 reports, §3 filter, §9 paging and debounces): the shared paged
 * list (../shared/list) with the report's filter (range, status, store, bill) and sort. Every
 * applied change re-enters `list.loading`, which stops the running request, so an answer for old
 * filters can never land. Two input regions debounce what is typed (bill search, page size) and
 * then hand it to the list as FILTER.SET / PAGE_SIZE.SELECT; their timers run on while the list
 * reloads. The route keeps the address bar in step with `reportFilters(context)` (rules/reportUrl)
 * and sends FILTERS.REPLACE on Back/Forward. (A machine-level `on` runs only when no region takes
 * the event, so what must run beside the list's own handling lives in a region.)
 */

export const BILL_SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE_DEBOUNCE_MS = 1000;

export interface ReportListInput {
  channel: ReportChannel;
  /** From the address bar; each bad field takes its default. */
  filters?: Partial<ReportFilters>;
  /** 'YYYY-MM-DD' in Vietnam: the latest day a custom range may end on. */
  today: string;
}

/** What FILTER.SET patches. */
export interface ReportFilter {
  range: TimeRange;
  status: TransactionStatus | 'all';
  storeId: number | null;
  billId: string;
}

export interface ReportSort {
  field: SortField;
  order: SortOrder;
}

export interface ReportExtras {
  channel: ReportChannel;
  /** The bill search box as typed (applied 300 ms after the last key). */
  billDraft: string;
  /** The typed page size as typed (applied 1 s after the last key when 1..100). */
  pageSizeDraft: string;
  totalAmount: number;
  totalCount: number;
  /** Why the last custom range was refused; cleared by an accepted range. */
  rangeError: CustomRangeError | null;
  today: string;
}

export type ReportListEvent =
  | { type: 'BILL.CHANGE'; value: string }
  | { type: 'BILL.SUBMIT' }
  | { type: 'PAGE_SIZE.TYPE'; value: string }
  | { type: 'FILTERS.REPLACE'; filters: Partial<ReportFilters> };

type Query = { page: number; pageSize: number; filter: ReportFilter; sort: ReportSort };

/** The filters as one record: what is requested, exported and written to the address. */
export function reportFilters(query: Query): ReportFilters {
  return { ...query.filter, page: query.page, pageSize: query.pageSize, sort: query.sort.field, order: query.sort.order };
}

function splitFilters(filters: ReportFilters): Query {
  const { page, pageSize, sort, order, range, status, storeId, billId } = filters;
  return { page, pageSize, filter: { range, status, storeId, billId }, sort: { field: sort, order } };
}

const rangeValid = (range: unknown, today: string) =>
  isTimeRange(range) && (range.preset !== 'custom' || validateCustomRange(range.from, range.to, today) === null);

const PATCH_CHECKS: { [K in keyof ReportFilter]: (value: unknown, today: string) => boolean } = {
  range: rangeValid,
  status: (value) => isStatusFilter(value),
  storeId: (value) => value === null || (typeof value === 'number' && Number.isInteger(value) && value > 0),
  billId: (value) => typeof value === 'string' && cleanBillSearch(value) === value,
};

export const reportList = defineList({
  types: {
    row: {} as AnyTransactionRow,
    filter: {} as ReportFilter,
    sort: {} as ReportSort,
    page: {} as ReportPage,
    loadInput: {} as { channel: ReportChannel; filters: ReportFilters },
    context: {} as ReportExtras,
    events: {} as ReportListEvent,
    input: {} as ReportListInput,
  },
  pageSizes: PAGE_SIZE_OPTIONS,
  // Any size 1..100 (typed sizes too), not only the offered ones.
  acceptPageSize: (size) => parsePageSize(size) !== null,
  maxPage: MAX_PAGE,
  acceptFilter: (patch, context) =>
    Object.entries(patch).every(([key, value]) => key in PATCH_CHECKS && PATCH_CHECKS[key as keyof ReportFilter](value, context.today)),
  acceptSort: (sort) =>
    typeof sort === 'object' && sort !== null && (sort.field === 'created_at' || sort.field === 'amount') && (sort.order === 'asc' || sort.order === 'desc'),
  loadInput: (context) => ({ channel: context.channel, filters: reportFilters(context) }),
  pageExtras: (page) => ({ totalAmount: page.totalAmount, totalCount: page.totalCount }),
});

const hasRange = (patch: unknown): patch is { range: unknown } => typeof patch === 'object' && patch !== null && 'range' in patch;

export const reportListMachine = reportList.setup
  .extend({
    actions: {
      rejectRange: assign(({ context }, params: { range: unknown }) => ({
        rangeError:
          isTimeRange(params.range) && params.range.preset === 'custom'
            ? validateCustomRange(params.range.from, params.range.to, context.today)
            : ('RANGE_INCOMPLETE' as const),
      })),
      clearRangeError: assign({ rangeError: null }),
      replaceFilters: assign(({ context }, params: { filters: Partial<ReportFilters> }) => {
        const filters = sanitizeFilters({ ...reportFilters(context), ...params.filters }, context.channel, context.today);
        return { ...splitFilters(filters), billDraft: filters.billId, pageSizeDraft: String(filters.pageSize), rangeError: null };
      }),
      assignBillDraft: assign((_, params: { value: string }) => ({ billDraft: params.value })),
      assignPageSizeDraft: assign((_, params: { value: string }) => ({ pageSizeDraft: params.value })),
      resetPageSizeDraft: assign(({ context }) => ({ pageSizeDraft: String(context.pageSize) })),
      raiseBillFilter: raise(({ context }) => ({ type: 'FILTER.SET' as const, filter: { billId: cleanBillSearch(context.billDraft) } })),
      raiseTypedPageSize: raise(({ context }) => ({ type: 'PAGE_SIZE.SELECT' as const, pageSize: parsePageSize(context.pageSizeDraft) ?? context.pageSize })),
    },
    guards: {
      rangeRefused: ({ context }, params: { filter: unknown }) => hasRange(params.filter) && !rangeValid(params.filter.range, context.today),
      rangeAccepted: ({ context }, params: { filter: unknown }) => hasRange(params.filter) && rangeValid(params.filter.range, context.today),
      typedPageSizeApplies: ({ context }) => {
        const size = parsePageSize(context.pageSizeDraft);
        return size !== null && size !== context.pageSize;
      },
      filtersDiffer: ({ context }, params: { filters: Partial<ReportFilters> }) =>
        JSON.stringify(reportFilters(context)) !==
        JSON.stringify(sanitizeFilters({ ...reportFilters(context), ...params.filters }, context.channel, context.today)),
    },
    delays: {
      billSearchDebounce: BILL_SEARCH_DEBOUNCE_MS,
      pageSizeDebounce: PAGE_SIZE_DEBOUNCE_MS,
    },
  })
  .createMachine({
    id: 'reportList',
    type: 'parallel',
    context: ({ input }) => {
      const filters = sanitizeFilters({ ...(input.filters ?? {}) }, input.channel, input.today);
      return reportList.context(splitFilters(filters), {
        channel: input.channel,
        billDraft: filters.billId,
        pageSizeDraft: String(filters.pageSize),
        totalAmount: 0,
        totalCount: 0,
        rangeError: null,
        today: input.today,
      });
    },
    on: {
      'FILTERS.REPLACE': {
        description: 'Back/Forward changed the address; an address equal to the filters is ignored (no loop).',
        guard: { type: 'filtersDiffer', params: ({ event }) => ({ filters: event.filters }) },
        actions: [{ type: 'replaceFilters', params: ({ event }) => ({ filters: event.filters }) }, 'raiseRefresh'],
      },
    },
    states: {
      list: reportList.listRegion(),
      range: {
        description: "Beside the list's own FILTER.SET (which loads an accepted range): what the range picker says about the last range given.",
        initial: 'watching',
        states: {
          watching: {
            on: {
              'FILTER.SET': [
                {
                  guard: { type: 'rangeRefused', params: ({ event }) => ({ filter: event.filter }) },
                  actions: { type: 'rejectRange', params: ({ event }) => ({ range: (event.filter as { range?: unknown }).range }) },
                  description: 'A refused custom range: the picker shows rangeError, the list stays.',
                },
                { guard: { type: 'rangeAccepted', params: ({ event }) => ({ filter: event.filter }) }, actions: 'clearRangeError' },
              ],
            },
          },
        },
      },
      billInput: {
        description: 'Bill search: applied 300 ms after the last key (core §9), or at once on Enter.',
        initial: 'idle',
        states: {
          idle: {
            on: { 'BILL.CHANGE': { target: 'debouncing', actions: { type: 'assignBillDraft', params: ({ event }) => ({ value: event.value }) } } },
          },
          debouncing: {
            after: { billSearchDebounce: { target: 'idle', actions: 'raiseBillFilter' } },
            on: {
              // Re-entering this leaf (never the region: that would restart the other regions too) restarts the timer.
              'BILL.CHANGE': { target: 'debouncing', reenter: true, actions: { type: 'assignBillDraft', params: ({ event }) => ({ value: event.value }) } },
            },
          },
        },
        on: {
          'BILL.SUBMIT': { target: '.idle', actions: 'raiseBillFilter' },
        },
      },
      pageSizeInput: {
        description: 'Typed page size: applied 1 s after the last key (core §9).',
        initial: 'idle',
        states: {
          idle: {
            on: {
              'PAGE_SIZE.TYPE': { target: 'debouncing', actions: { type: 'assignPageSizeDraft', params: ({ event }) => ({ value: event.value }) } },
              'LIST.QUERY_CHANGED': { actions: 'resetPageSizeDraft', description: 'The input shows the size in use.' },
            },
          },
          debouncing: {
            after: {
              pageSizeDebounce: [
                { guard: 'typedPageSizeApplies', target: 'idle', actions: 'raiseTypedPageSize' },
                { target: 'idle', actions: 'resetPageSizeDraft', description: 'Not a size of 1..100 (or unchanged): the input shows the size in use again.' },
              ],
            },
            on: {
              'PAGE_SIZE.TYPE': { target: 'debouncing', reenter: true, actions: { type: 'assignPageSizeDraft', params: ({ event }) => ({ value: event.value }) } },
            },
          },
        },
      },
    },
  });
