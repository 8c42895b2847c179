import { CATEGORY_PAGE_SIZES, DEFAULT_CATEGORY_PAGE_SIZE } from '../../../services/categories/schemas';

/**
 * The category list's page in the address bar (/category?page=2&page_size=25): a reload or a
 * bookmark shows the same page. Defaults are left out, so a plain /category stays plain; a hostile
 * or stale value falls back to its default.
 */

const MAX_PAGE = 1_000_000;

export interface CategoryQuery {
  page: number;
  pageSize: number;
}

export function categoryQueryFromSearchParams(params: URLSearchParams): CategoryQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (CATEGORY_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_CATEGORY_PAGE_SIZE;
  return { page, pageSize };
}

export function categoryQueryToSearchParams(query: CategoryQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_CATEGORY_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  return p;
}
