import { defineListUrl, pageParam, pageSizeParam, type QueryOfShape } from '../../shared/list/url';

/**
 * The category list's page in the address bar (/category?page=2&page_size=25): a reload or a
 * bookmark shows the same page. Defaults are left out, so a plain /category stays plain; a hostile
 * or stale value falls back to its default.
 */
const shape = { page: pageParam(), pageSize: pageSizeParam() };
export const categoryUrl = defineListUrl(shape);

export type CategoryQuery = QueryOfShape<typeof shape>;

export const categoryQueryFromSearchParams = categoryUrl.parse;
export const categoryQueryToSearchParams = categoryUrl.format;
