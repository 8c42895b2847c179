import { STORE_SORT_FIELDS, type StoreSort, type StoreSortField } from '../../../services/stores/schemas';

/**
 * The store list's query in the address bar (/store?page=2&size=25&sort=name&order=desc): bookmarkable,
 * restored by Back. Defaults are left out, so a plain /store stays plain; a hostile or stale value falls
 * back to its default one by one.
 */

export const STORE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_STORE_PAGE_SIZE = 10;
const MAX_PAGE = 1_000_000;

export interface StoreQuery {
  page: number;
  pageSize: number;
  sort: StoreSort | null;
}

export const isStoreSort = (value: unknown): value is StoreSort =>
  typeof value === 'object' &&
  value !== null &&
  (STORE_SORT_FIELDS as readonly unknown[]).includes((value as StoreSort).field) &&
  ((value as StoreSort).order === 'asc' || (value as StoreSort).order === 'desc');

export function storeQueryFromSearchParams(params: URLSearchParams): StoreQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('size'));
  const pageSize = (STORE_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_STORE_PAGE_SIZE;
  const field = params.get('sort');
  const order = params.get('order') ?? 'asc';
  const sort = { field: field as StoreSortField, order: order as 'asc' | 'desc' };
  return { page, pageSize, sort: isStoreSort(sort) ? sort : null };
}

export function storeQueryToSearchParams(query: StoreQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_STORE_PAGE_SIZE) p.set('size', String(query.pageSize));
  if (query.sort) {
    p.set('sort', query.sort.field);
    if (query.sort.order !== 'asc') p.set('order', query.sort.order);
  }
  return p;
}
