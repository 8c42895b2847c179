import { invoiceSearchText } from '../../../rules/invoices/invoice';

/**
 * The sale invoice list's query in the address bar (/sale-invoice?page=2&page_size=25&q=HD5000): a reload
 * or a bookmark shows the same list; defaults (doc 2 §9: page 1, size 10) are left out; a hostile or
 * stale value falls back to its default one by one.
 */

export const INVOICE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_INVOICE_PAGE_SIZE = 10;
/** doc 2 §9: the list's search waits 800 ms after the last key. */
export const INVOICE_SEARCH_DEBOUNCE_MS = 800;
const MAX_PAGE = 1_000_000;

export interface InvoiceQuery {
  page: number;
  pageSize: number;
  q: string;
}

export function invoiceQueryFromSearchParams(params: URLSearchParams): InvoiceQuery {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  const rawSize = Number(params.get('page_size'));
  const pageSize = (INVOICE_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_INVOICE_PAGE_SIZE;
  return { page, pageSize, q: invoiceSearchText(params.get('q') ?? '') };
}

export function invoiceQueryToSearchParams(query: InvoiceQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (query.page !== 1) p.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_INVOICE_PAGE_SIZE) p.set('page_size', String(query.pageSize));
  if (query.q) p.set('q', query.q);
  return p;
}
