import type { Customer, CustomerListQuery, CustomerPage } from '../../services/customers/schemas';
import { defineList } from '../shared/list/pagedList';
import type { SearchEvent, Typed } from '../shared/list/search';
import { customerSearchText } from '../../rules/customers/customer';
import type { CustomerQuery } from './rules/customerUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /sale-customer (doc 2 §2, §3 Customer, §9): the merchant's customers on the shared list
 * (../shared/list), newest first, searched on the service (accent-insensitive, D113). What is typed
 * in the search box applies 800 ms after the last key, or at once on Enter, and takes the list back
 * to page 1; page, size and search are mirrored in the address bar (QUERY.REPLACE when Back, a reload
 * or an edited address changes them). Points, spending and orders are shown, never edited here.
 */

export type CustomerListEvent = SearchEvent | { type: 'QUERY.REPLACE'; query: CustomerQuery };

export interface CustomerFilter {
  q: string;
}

export const customerList = defineList({
  types: {
    row: {} as Customer,
    filter: {} as CustomerFilter,
    page: {} as CustomerPage,
    loadInput: {} as CustomerListQuery,
    context: {} as { typed: Typed },
    events: {} as CustomerListEvent,
    tags: {} as 'searching',
    input: {} as { query?: CustomerQuery },
    query: {} as CustomerQuery,
  },
  pageSizes: PAGE_SIZES,
  // Only a search as it is sent (tidied and bounded); the raw box text never reaches the service.
  acceptFilter: (patch) => Object.keys(patch).length === 1 && typeof patch.q === 'string' && customerSearchText(patch.q) === patch.q,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q }),
  search: { toFilter: (typed) => ({ q: customerSearchText(typed.q ?? '') }) },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, filter: { q: query.q }, typed: { q: query.q } }),
  },
});

export const customerListMachine = customerList.setup.createMachine({
  id: 'customerList',
  type: 'parallel',
  context: ({ input }) => {
    const query = input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE, q: '' };
    return customerList.context({ page: query.page, pageSize: query.pageSize, filter: { q: query.q } }, { typed: { q: query.q } });
  },
  states: {
    list: customerList.listRegion(),
    search: customerList.searchRegion(),
  },
});
