import {
  DEFAULT_ORDER_PAGE_SIZE,
  ORDER_PAGE_SIZES,
  ORDER_SEARCH_MAX,
  ORDER_SOURCES,
  type OrderFilter,
  type OrderSource,
  type OrderStatus,
} from '../../../services/orders/schemas';

/**
 * The order list's query in the address bar (/sale-order?page=2&page_size=25&q=ban&order_status=1&
 * is_eiv_exported=0&source=WEBSITE; doc 2 §2 "page, page_size (default 1 and 10), filters, search"):
 * a reload or a bookmark shows the same rows. Defaults are left out when the machine writes; a hostile
 * or stale value falls back to its default.
 */

const MAX_PAGE = 1_000_000;

export interface OrderQuery {
  page: number;
  pageSize: number;
  filter: OrderFilter;
}

export const EMPTY_ORDER_FILTER: OrderFilter = { q: '', status: null, exported: null, source: null };
export const DEFAULT_ORDER_QUERY: OrderQuery = { page: 1, pageSize: DEFAULT_ORDER_PAGE_SIZE, filter: EMPTY_ORDER_FILTER };

export const isOrderStatus = (value: unknown): value is OrderStatus => value === 0 || value === 1 || value === 2;
export const isOrderSource = (value: unknown): value is OrderSource => (ORDER_SOURCES as readonly unknown[]).includes(value);

export function orderQueryFromSearchParams(params: URLSearchParams): OrderQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (ORDER_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_ORDER_PAGE_SIZE;
  const q = (params.get('q') ?? '').slice(0, ORDER_SEARCH_MAX);
  const rawStatus = params.get('order_status');
  const status = rawStatus !== null && /^[012]$/.test(rawStatus) ? (Number(rawStatus) as OrderStatus) : null;
  const rawExported = params.get('is_eiv_exported');
  const exported = rawExported === '1' ? true : rawExported === '0' ? false : null;
  const rawSource = params.get('source');
  const source = isOrderSource(rawSource) ? rawSource : null;
  return { page, pageSize, filter: { q, status, exported, source } };
}

export function orderQueryToSearchParams(query: OrderQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.filter.q.trim() !== '') p.set('q', query.filter.q);
  if (query.filter.status !== null) p.set('order_status', String(query.filter.status));
  if (query.filter.exported !== null) p.set('is_eiv_exported', query.filter.exported ? '1' : '0');
  if (query.filter.source !== null) p.set('source', query.filter.source);
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_ORDER_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  return p;
}
