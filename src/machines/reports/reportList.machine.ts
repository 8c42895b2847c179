import { assign, fromPromise, raise, setup } from 'xstate';
import type { ReportFilters, ReportPage, TimeRange } from '../../services/shared/schemas/reportFilters';
import type { AnyTransactionRow, ReportChannel, SortField, SortOrder, TransactionStatus } from '../../services/shared/schemas/transactions';
import { cleanBillSearch, isStatusFilter, isTimeRange, MAX_PAGE, parsePageSize, sanitizeFilters } from './rules/reportFilters';
import { validateCustomRange, type CustomRangeError } from '../shared/rules/timeRange';
import { errorCode, notProvided } from '../shared/serviceError';

/**
 * One transaction report (core §2 reports, §3 filter, §9 paging and debounces): filters, paging and
 * sort drive a paged list. Every applied change re-enters `query.loading` (a transition of `query`
 * to its own child exits and enters the child again), which stops the running request, so an answer
 * for old filters can never land. The input regions keep their timers meanwhile. The screen keeps the address bar in step
 * with `context.filters` (rules/reportUrl) and sends FILTERS.REPLACE on Back/Forward.
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

export interface ReportListContext {
  channel: ReportChannel;
  /** What was last requested; the address bar mirrors this. */
  filters: ReportFilters;
  /** The bill search box as typed (applied 300 ms after the last key). */
  billDraft: string;
  /** The typed page size as typed (applied 1 s after the last key when 1..100). */
  pageSizeDraft: string;
  rows: AnyTransactionRow[];
  totalPage: number;
  totalAmount: number;
  totalCount: number;
  errorCode: string | null;
  /** Why the last custom range was refused; cleared by an accepted range. */
  rangeError: CustomRangeError | null;
  today: string;
}

export type ReportListEvent =
  | { type: 'TIME_RANGE.SET'; range: TimeRange }
  | { type: 'STATUS.SET'; status: TransactionStatus | 'all' }
  | { type: 'STORE.SET'; storeId: number | null }
  | { type: 'BILL.CHANGE'; value: string }
  | { type: 'BILL.SUBMIT' }
  | { type: 'PAGE.SET'; page: number }
  | { type: 'PAGE_SIZE.SELECT'; pageSize: number }
  | { type: 'PAGE_SIZE.TYPE'; value: string }
  | { type: 'SORT.SET'; sort: SortField; order: SortOrder }
  | { type: 'FILTERS.REPLACE'; filters: Partial<ReportFilters> }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  // Raised by the input regions when their debounce ends; not for screens.
  | { type: 'BILL.APPLY' }
  | { type: 'PAGE_SIZE.APPLY' };

const sameFilters = (a: ReportFilters, b: ReportFilters) => JSON.stringify(a) === JSON.stringify(b);

export const reportListMachine = setup({
  types: {
    context: {} as ReportListContext,
    events: {} as ReportListEvent,
    input: {} as ReportListInput,
    tags: {} as 'loading' | 'loaded' | 'empty' | 'error',
  },
  actors: {
    loadReport: fromPromise<ReportPage, { channel: ReportChannel; filters: ReportFilters }>(async () => {
      throw notProvided('loadReport');
    }),
  },
  actions: {
    applyRange: assign(({ context }, params: { range: TimeRange }) => ({
      filters: { ...context.filters, range: params.range, page: 1 },
      rangeError: null,
    })),
    rejectRange: assign(({ context }, params: { range: TimeRange }) => ({
      rangeError: params.range.preset === 'custom' ? validateCustomRange(params.range.from, params.range.to, context.today) : 'RANGE_INCOMPLETE',
    })),
    applyStatus: assign(({ context }, params: { status: TransactionStatus | 'all' }) => ({
      filters: { ...context.filters, status: params.status, page: 1 },
    })),
    applyStore: assign(({ context }, params: { storeId: number | null }) => ({
      filters: { ...context.filters, storeId: params.storeId, page: 1 },
    })),
    assignBillDraft: assign((_, params: { value: string }) => ({ billDraft: params.value })),
    applyBill: assign(({ context }) => ({ filters: { ...context.filters, billId: cleanBillSearch(context.billDraft), page: 1 } })),
    applyPage: assign(({ context }, params: { page: number }) => ({ filters: { ...context.filters, page: params.page } })),
    applyPageSize: assign(({ context }, params: { pageSize: number }) => ({
      filters: { ...context.filters, pageSize: params.pageSize, page: 1 },
      pageSizeDraft: String(params.pageSize),
    })),
    assignPageSizeDraft: assign((_, params: { value: string }) => ({ pageSizeDraft: params.value })),
    applyTypedPageSize: assign(({ context }) => ({
      filters: { ...context.filters, pageSize: parsePageSize(context.pageSizeDraft) ?? context.filters.pageSize, page: 1 },
    })),
    resetPageSizeDraft: assign(({ context }) => ({ pageSizeDraft: String(context.filters.pageSize) })),
    applySort: assign(({ context }, params: { sort: SortField; order: SortOrder }) => ({
      filters: { ...context.filters, sort: params.sort, order: params.order, page: 1 },
    })),
    replaceFilters: assign(({ context }, params: { filters: Partial<ReportFilters> }) => {
      const filters = sanitizeFilters({ ...context.filters, ...params.filters }, context.channel, context.today);
      return { filters, billDraft: filters.billId, pageSizeDraft: String(filters.pageSize), rangeError: null };
    }),
    assignPage: assign((_, params: { page: ReportPage }) => ({
      rows: params.page.rows,
      totalPage: params.page.totalPage,
      totalAmount: params.page.totalAmount,
      totalCount: params.page.totalCount,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    raiseBillApply: raise({ type: 'BILL.APPLY' }),
    raisePageSizeApply: raise({ type: 'PAGE_SIZE.APPLY' }),
  },
  guards: {
    rangeAcceptable: ({ context }, params: { range: unknown }) =>
      isTimeRange(params.range) &&
      (params.range.preset !== 'custom' || validateCustomRange(params.range.from, params.range.to, context.today) === null),
    statusAcceptable: (_, params: { status: unknown }) => isStatusFilter(params.status),
    storeAcceptable: (_, params: { storeId: unknown }) =>
      params.storeId === null || (typeof params.storeId === 'number' && Number.isInteger(params.storeId) && params.storeId > 0),
    billChanged: ({ context }) => cleanBillSearch(context.billDraft) !== context.filters.billId,
    pageAcceptable: ({ context }, params: { page: unknown }) =>
      typeof params.page === 'number' &&
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page <= Math.min(MAX_PAGE, Math.max(1, context.totalPage)) &&
      params.page !== context.filters.page,
    pageSizeAcceptable: (_, params: { pageSize: unknown }) => parsePageSize(params.pageSize) !== null,
    typedPageSizeApplies: ({ context }) => {
      const size = parsePageSize(context.pageSizeDraft);
      return size !== null && size !== context.filters.pageSize;
    },
    sortAcceptable: (_, params: { sort: unknown; order: unknown }) =>
      (params.sort === 'created_at' || params.sort === 'amount') && (params.order === 'asc' || params.order === 'desc'),
    filtersDiffer: ({ context }, params: { filters: Partial<ReportFilters> }) =>
      !sameFilters(context.filters, sanitizeFilters({ ...context.filters, ...params.filters }, context.channel, context.today)),
    pageHasRows: (_, params: { page: ReportPage }) => params.page.rows.length > 0,
  },
  delays: {
    billSearchDebounce: BILL_SEARCH_DEBOUNCE_MS,
    pageSizeDebounce: PAGE_SIZE_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'reportList',
  type: 'parallel',
  context: ({ input }) => {
    const filters = sanitizeFilters({ ...(input.filters ?? {}) }, input.channel, input.today);
    return {
      channel: input.channel,
      filters,
      billDraft: filters.billId,
      pageSizeDraft: String(filters.pageSize),
      rows: [],
      totalPage: 0,
      totalAmount: 0,
      totalCount: 0,
      errorCode: null,
      rangeError: null,
      today: input.today,
    };
  },
  states: {
    query: {
      description: 'The list request for context.filters; any applied change starts it again.',
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          description: 'Skeleton rows. Leaving this state (a newer filter) stops the request.',
          invoke: {
            id: 'loadReport',
            src: 'loadReport',
            input: ({ context }) => ({ channel: context.channel, filters: context.filters }),
            onDone: [
              { guard: { type: 'pageHasRows', params: ({ event }) => ({ page: event.output }) }, target: 'loaded', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
              { target: 'empty', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
            ],
            onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: { tags: ['loaded'], description: 'Rows, paging and the total-amount line (shown when above 0).' },
        empty: { tags: ['empty'], description: "'No data'." },
        error: {
          tags: ['error'],
          description: 'The mapped error with a retry button; the previous rows are not shown.',
          on: { RETRY: { target: 'loading' } },
        },
      },
      on: {
        'TIME_RANGE.SET': [
          {
            guard: { type: 'rangeAcceptable', params: ({ event }) => ({ range: event.range }) },
            target: '.loading',
            actions: { type: 'applyRange', params: ({ event }) => ({ range: event.range }) },
          },
          { description: 'A refused custom range: the picker shows rangeError, the list stays.', actions: { type: 'rejectRange', params: ({ event }) => ({ range: event.range }) } },
        ],
        'STATUS.SET': {
          guard: { type: 'statusAcceptable', params: ({ event }) => ({ status: event.status }) },
          target: '.loading',
          actions: { type: 'applyStatus', params: ({ event }) => ({ status: event.status }) },
        },
        'STORE.SET': {
          guard: { type: 'storeAcceptable', params: ({ event }) => ({ storeId: event.storeId }) },
          target: '.loading',
          actions: { type: 'applyStore', params: ({ event }) => ({ storeId: event.storeId }) },
        },
        'BILL.APPLY': { guard: 'billChanged', target: '.loading', actions: 'applyBill' },
        'PAGE.SET': {
          guard: { type: 'pageAcceptable', params: ({ event }) => ({ page: event.page }) },
          target: '.loading',
          actions: { type: 'applyPage', params: ({ event }) => ({ page: event.page }) },
        },
        'PAGE_SIZE.SELECT': {
          guard: { type: 'pageSizeAcceptable', params: ({ event }) => ({ pageSize: event.pageSize }) },
          target: '.loading',
          actions: { type: 'applyPageSize', params: ({ event }) => ({ pageSize: event.pageSize }) },
        },
        'PAGE_SIZE.APPLY': [
          { guard: 'typedPageSizeApplies', target: '.loading', actions: 'applyTypedPageSize' },
          { description: 'Not a size of 1..100 (or unchanged): the input shows the size in use again.', actions: 'resetPageSizeDraft' },
        ],
        'SORT.SET': {
          guard: { type: 'sortAcceptable', params: ({ event }) => ({ sort: event.sort, order: event.order }) },
          target: '.loading',
          actions: { type: 'applySort', params: ({ event }) => ({ sort: event.sort, order: event.order }) },
        },
        'FILTERS.REPLACE': {
          description: 'Back/Forward changed the address; an address equal to the filters is ignored (no loop).',
          guard: { type: 'filtersDiffer', params: ({ event }) => ({ filters: event.filters }) },
          target: '.loading',
          actions: { type: 'replaceFilters', params: ({ event }) => ({ filters: event.filters }) },
        },
        REFRESH: { target: '.loading' },
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
          after: { billSearchDebounce: { target: 'idle', actions: 'raiseBillApply' } },
          on: {
            // Re-entering this leaf (never the region: that would restart the other regions too) restarts the timer.
            'BILL.CHANGE': { target: 'debouncing', reenter: true, actions: { type: 'assignBillDraft', params: ({ event }) => ({ value: event.value }) } },
          },
        },
      },
      on: {
        'BILL.SUBMIT': { target: '.idle', actions: 'raiseBillApply' },
      },
    },
    pageSizeInput: {
      description: 'Typed page size: applied 1 s after the last key (core §9).',
      initial: 'idle',
      states: {
        idle: {
          on: { 'PAGE_SIZE.TYPE': { target: 'debouncing', actions: { type: 'assignPageSizeDraft', params: ({ event }) => ({ value: event.value }) } } },
        },
        debouncing: {
          after: { pageSizeDebounce: { target: 'idle', actions: 'raisePageSizeApply' } },
          on: {
            'PAGE_SIZE.TYPE': { target: 'debouncing', reenter: true, actions: { type: 'assignPageSizeDraft', params: ({ event }) => ({ value: event.value }) } },
          },
        },
      },
    },
  },
});
