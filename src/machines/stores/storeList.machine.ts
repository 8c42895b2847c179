import type { Store, StorePage } from '../../services/stores/schemas';
import { defineList } from '../shared/list/pagedList';
import { isStoreSort, type StoreQuery } from './rules/storeUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /store (core §2 Business info, §3 Store, §8, §9 paging): the merchant's stores on the shared list
 * (../shared/list), paged and sorted by the service (name, code, or when added; D94), the query
 * mirrored in the address bar (QUERY.REPLACE when Back or an edited address changes it). Delete
 * after a confirmation; a refusal (a store still in use: STORE_LINK_VA) closes the dialog, keeps the
 * row and says why in a toast; a store deleted meanwhile (STORE_NOT_EXIST) reloads the list.
 */

export type StoreListEvent = { type: 'QUERY.REPLACE'; query: StoreQuery };

export const storeList = defineList({
  types: {
    row: {} as Store,
    sort: {} as StoreQuery['sort'],
    page: {} as StorePage,
    loadInput: {} as StoreQuery,
    deleteInput: {} as { id: number },
    events: {} as StoreListEvent,
    input: {} as { query?: StoreQuery },
    query: {} as StoreQuery,
  },
  pageSizes: PAGE_SIZES,
  // null goes back to the service's order (a third click on a sorted column).
  acceptSort: (sort) => sort === null || isStoreSort(sort),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, sort: context.sort }),
  deleteInput: (store) => ({ id: store.id }),
  deletion: 'close',
  goneCodes: ['STORE_NOT_EXIST'],
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, sort: context.sort }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, sort: query.sort }),
  },
});

export const storeListMachine = storeList.setup.createMachine({
  id: 'storeList',
  type: 'parallel',
  context: ({ input }) => storeList.context(input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: null }, {}),
  on: storeList.addressOn(),
  states: {
    list: storeList.listRegion(),
    deletion: storeList.deletionRegion(),
  },
});
