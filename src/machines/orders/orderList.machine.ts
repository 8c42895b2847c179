import { assign, fromPromise } from 'xstate';
import type { Order, OrderDetail, OrderFilter, OrderPage, OrderToday } from '../../services/orders/schemas';
import { ORDER_COMPLETED, ORDER_SEARCH_MAX } from '../../services/orders/schemas';
import { isDayRange } from '../../rules/timeRange';
import { defineList } from '../shared/list/pagedList';
import type { SearchEvent, Typed } from '../shared/list/search';
import { errorCode, notProvided } from '../../rules/serviceError';
import { DEFAULT_ORDER_QUERY, isOrderSource, isOrderStatus, type OrderQuery } from './rules/orderUrl';
import { PAGE_SIZES } from '../../rules/listPaging';

/**
 * /sale-order (doc 2 §2, §3 Order/invoice, §4 order status, §7 /order, §9): the merchant's orders on
 * the shared list (../shared/list), newest change first, searched on the service (code, table,
 * customer name or phone, accents ignored) 800 ms after the last key, filtered by status, e-invoice
 * exported or not, source and the Vietnam days it was created on (D269); page, size, search and filters mirrored in the address bar
 * (QUERY.REPLACE for Back or an edited address). A row opens the detail dialog (the order's lines,
 * totals, customer and payment, GET /order/{id}). Merchants without tables create an order at the
 * counter (POST /order {table_id: null}) and go to it; the screen hides that button for F&B merchants
 * (doc 2 §1). The dialog prints the bill (region `print`). The list keeps the day's
 * "paid but not invoiced" count the answer carries (`today`), and the dialog of an order whose
 * invoice at the moment of sale failed asks the sale service to queue it again (region
 * `einvoiceRetry`, POST /order/{id}/einvoice/retry, D250), then reloads the list and the order.
 */

export type OrderListEvent =
  | { type: 'QUERY.REPLACE'; query: OrderQuery }
  | SearchEvent
  | { type: 'DETAIL.OPEN'; row: Order }
  | { type: 'DETAIL.CLOSE' }
  | { type: 'DETAIL.RETRY' }
  | { type: 'PRINT' }
  | { type: 'EINVOICE.RETRY' }
  | { type: 'CREATE' };

export interface OrderListExtra {
  /** What the search box shows (the filter's `q` once the debounce ran). */
  typed: Typed;
  /** The order whose detail dialog is open. */
  detailOf: Order | null;
  detail: OrderDetail | null;
  detailError: string | null;
  /** D288: today's paid orders and those without an e-invoice (null until a service says). */
  today: OrderToday | null;
}

/** What the bill printer is given: the order as the dialog shows it, and whether this print is a copy. */
export interface PrintInput {
  detail: OrderDetail;
  /** A completed order's bill was printed when it was paid: printing it from the list is a copy. */
  copy: boolean;
}

export const orderList = defineList({
  types: {
    row: {} as Order,
    filter: {} as OrderFilter,
    page: {} as OrderPage,
    loadInput: {} as OrderQuery,
    context: {} as OrderListExtra,
    events: {} as OrderListEvent,
    tags: {} as 'searching' | 'detailOpen' | 'detailLoading' | 'detailFailed' | 'creating' | 'printing' | 'einvoiceRetrying',
    input: {} as { query?: OrderQuery },
    query: {} as OrderQuery,
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) =>
    Object.entries(patch).every(([key, value]) => {
      if (key === 'q') return typeof value === 'string' && value.length <= ORDER_SEARCH_MAX;
      if (key === 'status') return value === null || isOrderStatus(value);
      if (key === 'exported') return value === null || typeof value === 'boolean';
      if (key === 'source') return value === null || isOrderSource(value);
      if (key === 'days') return value === undefined || isDayRange(value);
      return false;
    }),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
  pageExtras: (page) => ({ today: page.today ?? null }),
  actors: {
    loadDetail: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw notProvided('loadDetail');
    }),
    /** The service's new order, or a local order's uuid when the service cannot be reached (D349). */
    createOrder: fromPromise<{ orderId: number | string }, { tableId: number | null }>(async () => {
      throw notProvided('createOrder');
    }),
    printReceipt: fromPromise<void, PrintInput>(async () => {
      throw notProvided('printReceipt');
    }),
    retryEinvoice: fromPromise<void, { orderId: number }>(async () => {
      throw notProvided('retryEinvoice');
    }),
  },
  search: {
    keep: (_field, value) => value.slice(0, ORDER_SEARCH_MAX),
    toFilter: (typed) => ({ q: typed.q ?? '' }),
  },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, filter: query.filter, typed: { q: query.filter.q } }),
  },
});

export const orderListMachine = orderList.setup
  .extend({
    actions: {
      openDetail: assign((_, params: { row: Order }) => ({ detailOf: params.row, detail: null, detailError: null })),
      setDetail: assign((_, params: { detail: OrderDetail }) => ({ detail: params.detail, detailError: null })),
      setDetailError: assign((_, params: { code: string }) => ({ detailError: params.code })),
      closeDetail: assign({ detailOf: null, detail: null, detailError: null }),
      // Provided by the app: go to the new order's editing page; a toast when the create fails.
      openOrder: (_, _params: { orderId: number | string }) => {},
      notifyCreateFailed: (_, _params: { code: string }) => {},
      notifyPrintFailed: (_, _params: { code: string }) => {},
      notifyEinvoiceRetried: () => {},
      notifyEinvoiceRetryFailed: (_, _params: { code: string }) => {},
      /** The dialog's order as the sale service now has it (its job queued again). */
      markEinvoiceQueued: assign(({ context }) => {
        const queued = (order: Order): Order =>
          order.einvoice_job ? { ...order, einvoice_job: { ...order.einvoice_job, state: 'QUEUED', error_code: null } } : order;
        return {
          detailOf: context.detailOf ? queued(context.detailOf) : null,
          detail: context.detail ? { ...context.detail, invoice_data: queued(context.detail.invoice_data) } : null,
        };
      }),
    },
    guards: {
      detailLoaded: ({ context }) => context.detail !== null,
      einvoiceFailed: ({ context }) => (context.detail?.invoice_data ?? context.detailOf)?.einvoice_job?.state === 'FAILED',
    },
  })
  .createMachine({
    id: 'orderList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? DEFAULT_ORDER_QUERY;
      return orderList.context(query, { typed: { q: query.filter.q }, detailOf: null, detail: null, detailError: null, today: null });
    },
    states: {
      list: orderList.listRegion(),
      search: orderList.searchRegion(),
      detail: {
        initial: 'closed',
        states: {
          closed: {
            on: {
              'DETAIL.OPEN': { target: 'loading', actions: { type: 'openDetail', params: ({ event }) => ({ row: event.row }) } },
            },
          },
          loading: {
            tags: ['detailOpen', 'detailLoading'],
            description: "GET /order/{id}: the order's lines (the row already shows its totals).",
            invoke: {
              id: 'loadDetail',
              src: 'loadDetail',
              input: ({ context }) => ({ orderId: context.detailOf!.order_id }),
              onDone: { target: 'shown', actions: { type: 'setDetail', params: ({ event }) => ({ detail: event.output }) } },
              onError: { target: 'failed', actions: { type: 'setDetailError', params: ({ event }) => ({ code: errorCode(event.error) }) } },
            },
            on: { 'DETAIL.CLOSE': { target: 'closed', actions: 'closeDetail' } },
          },
          shown: {
            tags: ['detailOpen'],
            on: {
              'DETAIL.CLOSE': { target: 'closed', actions: 'closeDetail' },
              'DETAIL.OPEN': { target: 'loading', actions: { type: 'openDetail', params: ({ event }) => ({ row: event.row }) } },
            },
          },
          failed: {
            tags: ['detailOpen', 'detailFailed'],
            on: { 'DETAIL.CLOSE': { target: 'closed', actions: 'closeDetail' }, 'DETAIL.RETRY': { target: 'loading' } },
          },
        },
      },
      print: {
        initial: 'idle',
        states: {
          idle: {
            on: { PRINT: { guard: 'detailLoaded', target: 'printing' } },
          },
          printing: {
            tags: ['printing'],
            description:
              "The bill on 80 mm paper through the shared receipt printer (the Android bridge, else the browser's print of the receipt alone); a completed order's bill is marked as a copy.",
            invoke: {
              id: 'printReceipt',
              src: 'printReceipt',
              input: ({ context }) => ({ detail: context.detail!, copy: context.detail!.invoice_data.status === ORDER_COMPLETED }),
              onDone: { target: 'idle' },
              onError: {
                target: 'idle',
                actions: { type: 'notifyPrintFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
              },
            },
          },
        },
      },
      einvoiceRetry: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'EINVOICE.RETRY': { guard: 'einvoiceFailed', target: 'retrying' } },
          },
          retrying: {
            tags: ['einvoiceRetrying'],
            description:
              "POST /order/{id}/einvoice/retry (issue 25 §3, D250): the sale service queues the order's failed invoice again, still keyed by the order id; a second click meanwhile is ignored.",
            invoke: {
              id: 'retryEinvoice',
              src: 'retryEinvoice',
              input: ({ context }) => ({ orderId: (context.detail?.invoice_data ?? context.detailOf)!.order_id }),
              onDone: { target: 'idle', actions: ['markEinvoiceQueued', 'notifyEinvoiceRetried', 'raiseRefresh'] },
              onError: {
                target: 'idle',
                actions: { type: 'notifyEinvoiceRetryFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
              },
            },
          },
        },
      },
      create: {
        initial: 'idle',
        states: {
          idle: { on: { CREATE: { target: 'creating' } } },
          creating: {
            tags: ['creating'],
            description: 'POST /order {table_id: null}: an order at the counter; a second click meanwhile is ignored.',
            invoke: {
              id: 'createOrder',
              src: 'createOrder',
              input: () => ({ tableId: null }),
              onDone: { target: 'idle', actions: { type: 'openOrder', params: ({ event }) => ({ orderId: event.output.orderId }) } },
              onError: {
                target: 'idle',
                actions: { type: 'notifyCreateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
              },
            },
          },
        },
      },
    },
  });
