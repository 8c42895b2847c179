import { STORE_SORT_FIELDS, type StoreSort, type StoreSortField } from '../../../services/stores/schemas';
import { defineListUrl, pageParam, pageSizeParam, type QueryOfShape, type UrlParam } from '../../shared/list/url';

/**
 * The store list's query in the address bar (/store?page=2&size=25&sort=name&order=desc): bookmarkable,
 * restored by Back. Defaults are left out, so a plain /store stays plain; a hostile or stale value falls
 * back to its default one by one.
 */

export const isStoreSort = (value: unknown): value is StoreSort =>
  typeof value === 'object' &&
  value !== null &&
  (STORE_SORT_FIELDS as readonly unknown[]).includes((value as StoreSort).field) &&
  ((value as StoreSort).order === 'asc' || (value as StoreSort).order === 'desc');

/** sort=field and order=desc (ascending left out); no sort without a known field. */
const sortParam: UrlParam<StoreSort | null> = {
  parse: (params) => {
    const sort = { field: params.get('sort') as StoreSortField, order: (params.get('order') ?? 'asc') as 'asc' | 'desc' };
    return isStoreSort(sort) ? sort : null;
  },
  write: (params, sort) => {
    if (!sort) return;
    params.set('sort', sort.field);
    if (sort.order !== 'asc') params.set('order', sort.order);
  },
};

const shape = { page: pageParam(), pageSize: pageSizeParam({ key: 'size' }), sort: sortParam };
export const storeUrl = defineListUrl(shape);

export type StoreQuery = QueryOfShape<typeof shape>;

export const storeQueryFromSearchParams = storeUrl.parse;
export const storeQueryToSearchParams = storeUrl.format;
