import { customerSearchText } from '../../../rules/customers/customer';

/**
 * The customer list's query in the address bar (doc 2 §2: /sale-customer?page=2&page_size=25&q=pho):
 * bookmarkable, kept by a reload, restored by Back. Defaults are left out, so a plain /sale-customer
 * stays plain; a hostile or stale value falls back to its default one by one.
 */

export const CUSTOMER_PAGE_SIZES = [10, 25, 50, 100] as const;
/** doc 2 §9: page 1, page_size 10. */
export const DEFAULT_CUSTOMER_PAGE_SIZE = 10;
/** doc 2 §9: the list's search waits 800 ms after the last key. */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 800;
const MAX_PAGE = 1_000_000;

export interface CustomerQuery {
  page: number;
  pageSize: number;
  q: string;
}

export function customerQueryFromSearchParams(params: URLSearchParams): CustomerQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (CUSTOMER_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_CUSTOMER_PAGE_SIZE;
  return { page, pageSize, q: customerSearchText(params.get('q') ?? '') };
}

export function customerQueryToSearchParams(query: CustomerQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_CUSTOMER_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  if (query.q) p.set('q', query.q);
  return p;
}
