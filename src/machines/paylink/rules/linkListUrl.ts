import type { LinkStatus } from '../../../services/checkout';
import { linkSearchText } from './payLink';

/**
 * The link list's query in the address bar (/pay-by-link?page=2&status=PAID&q=DH01): a reload or a
 * bookmark shows the same list; defaults (page 1, size 10, every state, no search) are left out; a
 * hostile or stale value falls back to its default one by one.
 */

export const LINK_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_LINK_PAGE_SIZE = 10;
/** As the other lists of doc 2 (§9): the search waits 800 ms after the last key. */
export const LINK_SEARCH_DEBOUNCE_MS = 800;
export const LINK_STATUS_FILTERS = ['OPEN', 'PAID', 'EXPIRED'] as const satisfies readonly LinkStatus[];
const MAX_PAGE = 1_000_000;

export interface LinkListQuery {
  page: number;
  pageSize: number;
  q: string;
  status: LinkStatus | null;
}

export const isLinkStatus = (value: unknown): value is LinkStatus => (LINK_STATUS_FILTERS as readonly unknown[]).includes(value);

export function linkQueryFromSearchParams(params: URLSearchParams): LinkListQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (LINK_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_LINK_PAGE_SIZE;
  const status = params.get('status');
  return { page, pageSize, q: linkSearchText(params.get('q') ?? ''), status: isLinkStatus(status) ? status : null };
}

export function linkQueryToSearchParams(query: LinkListQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_LINK_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  if (query.status) p.set('status', query.status);
  if (query.q) p.set('q', query.q);
  return p;
}
