import {
  ORDER_SEARCH_MAX,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderFilter,
  type OrderSource,
  type OrderStatus,
} from '../../../services/orders/schemas';
import { DEFAULT_PAGE_SIZE } from '../../../rules/listPaging';
import { choiceParam, dayRangeParam, defineListUrl, pageParam, pageSizeParam, spelledAsIs, textParam } from '../../shared/list/url';

/**
 * The order list's query in the address bar (/sale-order?page=2&page_size=25&q=ban&order_status=1&
 * is_eiv_exported=0&source=WEBSITE&from=2026-11-01&to=2026-11-10; doc 2 §2 "page, page_size (default 1 and 10), filters, search"):
 * a reload or a bookmark shows the same rows. Defaults are left out when the machine writes; a hostile
 * or stale value falls back to its default.
 */

export interface OrderQuery {
  page: number;
  pageSize: number;
  filter: OrderFilter;
}

export const EMPTY_ORDER_FILTER: OrderFilter = { q: '', status: null, exported: null, source: null };
export const DEFAULT_ORDER_QUERY: OrderQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE, filter: EMPTY_ORDER_FILTER };

export const isOrderStatus = (value: unknown): value is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(value);
export const isOrderSource = (value: unknown): value is OrderSource => (ORDER_SOURCES as readonly unknown[]).includes(value);

export const orderUrl = defineListUrl({
  filter: {
    q: textParam(
      'q',
      (raw) => raw.slice(0, ORDER_SEARCH_MAX),
      (q) => q.trim() !== '',
    ),
    status: choiceParam<OrderStatus | null>('order_status', spelledAsIs(ORDER_STATUSES), null),
    exported: choiceParam<boolean | null>('is_eiv_exported', { '1': true, '0': false }, null),
    source: choiceParam<OrderSource | null>('source', spelledAsIs(ORDER_SOURCES), null),
    days: dayRangeParam(),
  },
  page: pageParam(),
  pageSize: pageSizeParam(),
});

export const orderQueryFromSearchParams: (params: URLSearchParams) => OrderQuery = orderUrl.parse;
// A filter without days is every day (OrderFilter.days is optional).
export const orderQueryToSearchParams = (query: OrderQuery): URLSearchParams =>
  orderUrl.format({ ...query, filter: { days: undefined, ...query.filter } });
