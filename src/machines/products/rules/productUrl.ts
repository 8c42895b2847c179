import { PRODUCT_SEARCH_MAX, PRODUCT_STATUSES, type ProductFilter, type ProductStatus } from '../../../services/products/schemas';
import { DEFAULT_PAGE_SIZE } from '../../../rules/listPaging';
import { choiceParam, defineListUrl, pageParam, pageSizeParam, spelledAsIs, textParam } from '../../shared/list/url';

/**
 * The product list's query in the address bar (/sale-product?q=pho&status=0&page=2&page_size=25, doc 2
 * §2 like the customer list's page, page_size, q): a reload or a bookmark shows the same rows.
 * Defaults are left out; a hostile or stale value falls back to its default.
 */

export interface ProductQuery {
  page: number;
  pageSize: number;
  filter: ProductFilter;
}

export const DEFAULT_PRODUCT_QUERY: ProductQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE, filter: { q: '', status: null } };

export const isProductStatus = (value: unknown): value is ProductStatus => value === 0 || value === 1 || value === 2;

export const productUrl = defineListUrl({
  filter: {
    q: textParam(
      'q',
      (raw) => raw.slice(0, PRODUCT_SEARCH_MAX),
      (q) => q.trim() !== '',
    ),
    status: choiceParam<ProductStatus | null>('status', spelledAsIs(PRODUCT_STATUSES), null),
  },
  page: pageParam(),
  pageSize: pageSizeParam(),
});

export const productQueryFromSearchParams: (params: URLSearchParams) => ProductQuery = productUrl.parse;
export const productQueryToSearchParams: (query: ProductQuery) => URLSearchParams = productUrl.format;
