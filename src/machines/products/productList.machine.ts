import { assign, fromPromise } from 'xstate';
import type { Product, ProductFilter, ProductPage } from '../../services/products/schemas';
import { PRODUCT_CLOSED, PRODUCT_SEARCH_MAX } from '../../services/products/schemas';
import { defineList } from '../shared/list/pagedList';
import type { SearchEvent, Typed } from '../shared/list/search';
import { errorCode, notProvided } from '../../rules/serviceError';
import { DEFAULT_PRODUCT_QUERY, isProductStatus, type ProductQuery } from './rules/productUrl';
import { PAGE_SIZES } from '../../rules/listPaging';

/**
 * /sale-product (doc 2 §2, §3 Product, §4 product status, §7, §8, §9): the merchant's products on the
 * shared list (../shared/list), newest first, searched on the service (D106) and filtered by status;
 * page, size, search and status mirrored in the address bar (QUERY.REPLACE for Back or an edited
 * address). Typing waits 800 ms after the last key (doc 2 §9) before the search runs (region
 * `search`). Stop-sale asks first, is refused for a product already closed, and reloads the page; a
 * failure closes the dialog with a toast titled "fail" (doc 2 §8).
 */

export type ProductListEvent =
  | { type: 'QUERY.REPLACE'; query: ProductQuery }
  | SearchEvent
  | { type: 'STOP.ASK'; row: Product }
  | { type: 'STOP.CONFIRM' }
  | { type: 'STOP.CANCEL' };

export interface ProductListExtra {
  /** What the search box shows (the filter's `q` once the debounce ran). */
  typed: Typed;
  /** The product the stop-sale dialog asks about. */
  stopTarget: Product | null;
}

export const productList = defineList({
  types: {
    row: {} as Product,
    filter: {} as ProductFilter,
    page: {} as ProductPage,
    loadInput: {} as ProductQuery,
    context: {} as ProductListExtra,
    events: {} as ProductListEvent,
    tags: {} as 'searching' | 'stopConfirming' | 'stopping',
    input: {} as { query?: ProductQuery },
    query: {} as ProductQuery,
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) =>
    Object.entries(patch).every(([key, value]) =>
      key === 'q'
        ? typeof value === 'string' && value.length <= PRODUCT_SEARCH_MAX
        : key === 'status'
          ? value === null || isProductStatus(value)
          : false,
    ),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
  actors: {
    stopSale: fromPromise<Product, { code: string }>(async () => {
      throw notProvided('stopSale');
    }),
  },
  search: {
    keep: (_field, value) => value.slice(0, PRODUCT_SEARCH_MAX),
    toFilter: (typed) => ({ q: typed.q ?? '' }),
  },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, filter: query.filter, typed: { q: query.filter.q } }),
  },
});

export const productListMachine = productList.setup
  .extend({
    actions: {
      askStop: assign((_, params: { row: Product }) => ({ stopTarget: params.row })),
      clearStop: assign({ stopTarget: null }),
      // Provided by the app (toasts, doc 2 §8 stop-sale "fail").
      notifyStopped: (_, _params: { row: Product }) => {},
      notifyStopFailed: (_, _params: { code: string }) => {},
    },
    guards: {
      rowOpen: (_, params: { row: Product }) => params.row.status !== PRODUCT_CLOSED,
    },
  })
  .createMachine({
    id: 'productList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? DEFAULT_PRODUCT_QUERY;
      return productList.context(query, { typed: { q: query.filter.q }, stopTarget: null });
    },
    states: {
      list: productList.listRegion(),
      search: productList.searchRegion(),
      stop: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'STOP.ASK': {
                guard: { type: 'rowOpen', params: ({ event }) => ({ row: event.row }) },
                target: 'confirming',
                actions: { type: 'askStop', params: ({ event }) => ({ row: event.row }) },
                description: 'A product already closed cannot be stopped again (the button is disabled too).',
              },
            },
          },
          confirming: {
            tags: ['stopConfirming'],
            on: { 'STOP.CONFIRM': { target: 'stopping' }, 'STOP.CANCEL': { target: 'idle', actions: 'clearStop' } },
          },
          stopping: {
            tags: ['stopConfirming', 'stopping'],
            description: 'DELETE /inventory/product/{code}: the product becomes closed (D105).',
            invoke: {
              id: 'stopSale',
              src: 'stopSale',
              input: ({ context }) => ({ code: context.stopTarget!.code }),
              onDone: {
                target: 'idle',
                actions: [{ type: 'notifyStopped', params: ({ context }) => ({ row: context.stopTarget! }) }, 'clearStop', 'raiseRefresh'],
              },
              onError: {
                target: 'idle',
                actions: [
                  { type: 'notifyStopFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  'clearStop',
                  'raiseRefresh',
                ],
              },
            },
          },
        },
      },
    },
  });
