import {
  DEFAULT_PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZES,
  PRODUCT_SEARCH_MAX,
  type ProductFilter,
  type ProductStatus,
} from '../../../services/products/schemas';

/**
 * The product list's query in the address bar (/sale-product?q=pho&status=0&page=2&page_size=25, doc 2
 * §2 like the customer list's page, page_size, q): a reload or a bookmark shows the same rows.
 * Defaults are left out; a hostile or stale value falls back to its default.
 */

const MAX_PAGE = 1_000_000;

export interface ProductQuery {
  page: number;
  pageSize: number;
  filter: ProductFilter;
}

export const DEFAULT_PRODUCT_QUERY: ProductQuery = { page: 1, pageSize: DEFAULT_PRODUCT_PAGE_SIZE, filter: { q: '', status: null } };

export const isProductStatus = (value: unknown): value is ProductStatus => value === 0 || value === 1 || value === 2;

export function productQueryFromSearchParams(params: URLSearchParams): ProductQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (PRODUCT_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PRODUCT_PAGE_SIZE;
  const q = (params.get('q') ?? '').slice(0, PRODUCT_SEARCH_MAX);
  const rawStatus = params.get('status');
  const status = rawStatus !== null && /^[012]$/.test(rawStatus) ? (Number(rawStatus) as ProductStatus) : null;
  return { page, pageSize, filter: { q, status } };
}

export function productQueryToSearchParams(query: ProductQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.filter.q.trim() !== '') p.set('q', query.filter.q);
  if (query.filter.status !== null) p.set('status', String(query.filter.status));
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PRODUCT_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  return p;
}
