import { assign, fromCallback, raise, type EventObject } from 'xstate';
import type { LinkStatus, PaymentLink, PaymentLinkPage, PaymentLinkQuery } from '../../services/checkout';
import { defineList } from '../shared/list/pagedList';
import { notProvided } from '../../rules/serviceError';
import { linkSearchText } from './rules/payLink';
import { isLinkStatus, type LinkListQuery } from './rules/linkListUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE, LIST_SEARCH_DEBOUNCE_MS } from '../../rules/listPaging';

/**
 * The links made on /pay-by-link (beyond doc 2, which has only the form: issue 14 asks to see them and
 * their state; D158): newest first, filtered by state (open, paid, expired) and searched by order id,
 * on the shared list; the query follows the address bar (QUERY.REPLACE). A payment on the sale socket
 * (`payment_success`, which a paid link also sends) reloads the page shown, as does a link made here.
 */

export interface LinkFilter {
  q: string;
  status: LinkStatus | null;
}

export type PayLinkListEvent =
  | { type: 'SEARCH.CHANGE'; value: string }
  | { type: 'SEARCH.SUBMIT' }
  | { type: 'STATUS.SELECT'; status: LinkStatus | null }
  | { type: 'QUERY.REPLACE'; query: LinkListQuery };

export interface LinkPage extends PaymentLinkPage {
  rows: PaymentLink[];
  totalPage: number;
}

export const payLinkList = defineList({
  types: {
    row: {} as PaymentLink,
    filter: {} as LinkFilter,
    page: {} as LinkPage,
    loadInput: {} as PaymentLinkQuery,
    context: {} as { searchDraft: string; totalCount: number },
    events: {} as PayLinkListEvent,
    input: {} as { query?: LinkListQuery },
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) =>
    Object.keys(patch).length > 0 &&
    Object.entries(patch).every(([key, value]) =>
      key === 'q'
        ? typeof value === 'string' && linkSearchText(value) === value
        : key === 'status'
          ? value === null || isLinkStatus(value)
          : false,
    ),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q, status: context.filter.status }),
  pageExtras: (page) => ({ totalCount: page.totalCount }),
  actors: {
    /** Sends REFRESH whenever a payment is announced on the sale socket. */
    watchPayments: fromCallback<EventObject, void>(() => {
      throw notProvided('watchPayments');
    }),
  },
});

const queryOf = (c: { page: number; pageSize: number; filter: LinkFilter }): LinkListQuery => ({
  page: c.page,
  pageSize: c.pageSize,
  q: c.filter.q,
  status: c.filter.status,
});

export const payLinkListMachine = payLinkList.setup
  .extend({
    actions: {
      assignSearchDraft: assign((_, params: { value: string }) => ({ searchDraft: params.value })),
      raiseSearch: raise(({ context }) => ({ type: 'FILTER.SET' as const, filter: { q: linkSearchText(context.searchDraft) } })),
      raiseStatus: raise((_, params: { status: LinkStatus | null }) => ({
        type: 'FILTER.SET' as const,
        filter: { status: params.status },
      })),
      replaceQuery: assign((_, params: { query: LinkListQuery }) => ({
        page: params.query.page,
        pageSize: params.query.pageSize,
        filter: { q: params.query.q, status: params.query.status },
        searchDraft: params.query.q,
      })),
    },
    guards: {
      queryDiffers: ({ context }, params: { query: LinkListQuery }) => JSON.stringify(queryOf(context)) !== JSON.stringify(params.query),
    },
    delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  })
  .createMachine({
    id: 'payLinkList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE, q: '', status: null };
      return payLinkList.context(
        { page: query.page, pageSize: query.pageSize, filter: { q: query.q, status: query.status } },
        { searchDraft: query.q, totalCount: 0 },
      );
    },
    invoke: { id: 'watchPayments', src: 'watchPayments' },
    states: {
      list: payLinkList.listRegion(),
      search: {
        description: 'The search box: applied 800 ms after the last key, or at once on Enter; the state filter at once.',
        initial: 'idle',
        on: {
          'SEARCH.SUBMIT': { target: '.idle', actions: 'raiseSearch' },
          'STATUS.SELECT': { actions: { type: 'raiseStatus', params: ({ event }) => ({ status: event.status }) } },
          'QUERY.REPLACE': {
            description: 'Back/Forward or an edited address changed the query (a pending search is dropped).',
            guard: { type: 'queryDiffers', params: ({ event }) => ({ query: event.query }) },
            target: '.idle',
            actions: [{ type: 'replaceQuery', params: ({ event }) => ({ query: event.query }) }, 'raiseRefresh'],
          },
        },
        states: {
          idle: {
            on: {
              'SEARCH.CHANGE': {
                target: 'debouncing',
                actions: { type: 'assignSearchDraft', params: ({ event }) => ({ value: event.value }) },
              },
            },
          },
          debouncing: {
            after: { searchDebounce: { target: 'idle', actions: 'raiseSearch' } },
            on: {
              'SEARCH.CHANGE': {
                target: 'debouncing',
                reenter: true,
                actions: { type: 'assignSearchDraft', params: ({ event }) => ({ value: event.value }) },
              },
            },
          },
        },
      },
    },
  });

type Snapshot = { context: { searchDraft: string; totalCount: number; filter: LinkFilter } };
export const selectSearchDraft = (s: Snapshot) => s.context.searchDraft;
export const selectStatusFilter = (s: Snapshot) => s.context.filter.status;
export const selectTotalCount = (s: Snapshot) => s.context.totalCount;
