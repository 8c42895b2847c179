import { assign, fromPromise, raise } from 'xstate';
import type { Product, ProductFilter, ProductPage } from '../../services/products/schemas';
import { PRODUCT_CLOSED, PRODUCT_SEARCH_MAX } from '../../services/products/schemas';
import { defineList } from '../shared/list/pagedList';
import { errorCode, notProvided } from '../../rules/serviceError';
import { DEFAULT_PRODUCT_QUERY, isProductStatus, type ProductQuery } from './rules/productUrl';
import { PAGE_SIZES, LIST_SEARCH_DEBOUNCE_MS } from '../../rules/listPaging';

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
  | { type: 'SEARCH.TYPE'; q: string }
  | { type: 'STOP.ASK'; row: Product }
  | { type: 'STOP.CONFIRM' }
  | { type: 'STOP.CANCEL' };

export interface ProductListExtra {
  /** What the search box shows (the filter's `q` once the debounce ran). */
  typed: string;
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
});

const sameQuery = (a: ProductQuery, b: ProductQuery) => JSON.stringify(a) === JSON.stringify(b);

export const productListMachine = productList.setup
  .extend({
    actions: {
      replaceQuery: assign((_, params: { query: ProductQuery }) => ({
        page: params.query.page,
        pageSize: params.query.pageSize,
        filter: params.query.filter,
        typed: params.query.filter.q,
      })),
      setTyped: assign((_, params: { q: string }) => ({ typed: params.q.slice(0, PRODUCT_SEARCH_MAX) })),
      raiseSearch: raise(({ context }) => ({ type: 'FILTER.SET' as const, filter: { q: context.typed } })),
      askStop: assign((_, params: { row: Product }) => ({ stopTarget: params.row })),
      clearStop: assign({ stopTarget: null }),
      // Provided by the app (toasts, doc 2 §8 stop-sale "fail").
      notifyStopped: (_, _params: { row: Product }) => {},
      notifyStopFailed: (_, _params: { code: string }) => {},
    },
    guards: {
      queryDiffers: ({ context }, params: { query: ProductQuery }) =>
        !sameQuery({ page: context.page, pageSize: context.pageSize, filter: context.filter }, params.query),
      rowOpen: (_, params: { row: Product }) => params.row.status !== PRODUCT_CLOSED,
    },
    delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  })
  .createMachine({
    id: 'productList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? DEFAULT_PRODUCT_QUERY;
      return productList.context(query, { typed: query.filter.q, stopTarget: null });
    },
    on: {
      'QUERY.REPLACE': {
        description: 'Back/Forward or an edited address changed the query; the query already shown is ignored (no loop).',
        guard: { type: 'queryDiffers', params: ({ event }) => ({ query: event.query }) },
        actions: [{ type: 'replaceQuery', params: ({ event }) => ({ query: event.query }) }, 'raiseRefresh'],
      },
    },
    states: {
      list: productList.listRegion(),
      search: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'SEARCH.TYPE': { target: 'waiting', actions: { type: 'setTyped', params: ({ event }) => ({ q: event.q }) } } },
          },
          waiting: {
            tags: ['searching'],
            description: 'Typing: the search runs 800 ms after the last key (doc 2 §9); each key starts the wait again.',
            on: {
              'SEARCH.TYPE': { target: 'waiting', reenter: true, actions: { type: 'setTyped', params: ({ event }) => ({ q: event.q }) } },
            },
            after: { searchDebounce: { target: 'idle', actions: 'raiseSearch' } },
          },
        },
      },
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
