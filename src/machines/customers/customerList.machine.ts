import { assign, raise } from 'xstate';
import type { Customer, CustomerListQuery, CustomerPage } from '../../services/customers/schemas';
import { defineList } from '../shared/list/pagedList';
import { customerSearchText } from '../../rules/customers/customer';
import type { CustomerQuery } from './rules/customerUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE, LIST_SEARCH_DEBOUNCE_MS } from '../../rules/listPaging';

/**
 * /sale-customer (doc 2 §2, §3 Customer, §9): the merchant's customers on the shared list
 * (../shared/list), newest first, searched on the service (accent-insensitive, D113). What is typed
 * in the search box applies 800 ms after the last key, or at once on Enter, and takes the list back
 * to page 1; page, size and search are mirrored in the address bar (QUERY.REPLACE when Back, a reload
 * or an edited address changes them). Points, spending and orders are shown, never edited here.
 */

export type CustomerListEvent =
  { type: 'SEARCH.CHANGE'; value: string } | { type: 'SEARCH.SUBMIT' } | { type: 'QUERY.REPLACE'; query: CustomerQuery };

export interface CustomerFilter {
  q: string;
}

export const customerList = defineList({
  types: {
    row: {} as Customer,
    filter: {} as CustomerFilter,
    page: {} as CustomerPage,
    loadInput: {} as CustomerListQuery,
    context: {} as { searchDraft: string },
    events: {} as CustomerListEvent,
    input: {} as { query?: CustomerQuery },
  },
  pageSizes: PAGE_SIZES,
  // Only a search as it is sent (tidied and bounded); the raw box text never reaches the service.
  acceptFilter: (patch) => Object.keys(patch).length === 1 && typeof patch.q === 'string' && customerSearchText(patch.q) === patch.q,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q }),
});

const queryOf = (c: { page: number; pageSize: number; filter: CustomerFilter }): CustomerQuery => ({
  page: c.page,
  pageSize: c.pageSize,
  q: c.filter.q,
});

export const customerListMachine = customerList.setup
  .extend({
    actions: {
      assignSearchDraft: assign((_, params: { value: string }) => ({ searchDraft: params.value })),
      raiseSearch: raise(({ context }) => ({ type: 'FILTER.SET' as const, filter: { q: customerSearchText(context.searchDraft) } })),
      replaceQuery: assign((_, params: { query: CustomerQuery }) => ({
        page: params.query.page,
        pageSize: params.query.pageSize,
        filter: { q: params.query.q },
        searchDraft: params.query.q,
      })),
    },
    guards: {
      queryDiffers: ({ context }, params: { query: CustomerQuery }) => JSON.stringify(queryOf(context)) !== JSON.stringify(params.query),
    },
    delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  })
  .createMachine({
    id: 'customerList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE, q: '' };
      return customerList.context({ page: query.page, pageSize: query.pageSize, filter: { q: query.q } }, { searchDraft: query.q });
    },
    states: {
      list: customerList.listRegion(),
      search: {
        description: 'The search box: applied 800 ms after the last key (doc 2 §9), or at once on Enter.',
        initial: 'idle',
        on: {
          'SEARCH.SUBMIT': { target: '.idle', actions: 'raiseSearch' },
          'QUERY.REPLACE': {
            description:
              'Back/Forward or an edited address changed the query (a pending search is dropped); the query shown is ignored (no loop).',
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
              // Re-entering this leaf (never the region) restarts the timer.
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

type Snapshot = { context: { searchDraft: string } };
export const selectSearchDraft = (s: Snapshot) => s.context.searchDraft;
