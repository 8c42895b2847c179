/**
 * The check-in list's page in the address bar (/attendance?page=2&page_size=25): a reload or a bookmark
 * shows the same page. Defaults (doc 2 §9: page 1, page_size 10) are left out; a hostile or stale value
 * falls back to its default.
 */

export const ATTENDANCE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_ATTENDANCE_PAGE_SIZE = 10;
const MAX_PAGE = 1_000_000;

export interface AttendanceQuery {
  page: number;
  pageSize: number;
}

export function attendanceQueryFromSearchParams(params: URLSearchParams): AttendanceQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (ATTENDANCE_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_ATTENDANCE_PAGE_SIZE;
  return { page, pageSize };
}

export function attendanceQueryToSearchParams(query: AttendanceQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_ATTENDANCE_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  return p;
}
