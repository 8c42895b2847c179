import { defineListUrl, pageParam, pageSizeParam, type QueryOfShape } from '../../shared/list/url';

/**
 * The check-in list's page in the address bar (/attendance?page=2&page_size=25): a reload or a bookmark
 * shows the same page. Defaults (doc 2 §9: page 1, page_size 10) are left out; a hostile or stale value
 * falls back to its default.
 */
const shape = { page: pageParam(), pageSize: pageSizeParam() };
export const attendanceUrl = defineListUrl(shape);

export type AttendanceQuery = QueryOfShape<typeof shape>;

export const attendanceQueryFromSearchParams = attendanceUrl.parse;
export const attendanceQueryToSearchParams = attendanceUrl.format;
