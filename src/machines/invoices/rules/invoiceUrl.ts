import { defineListUrl, pageParam, pageSizeParam, textParam, type QueryOfShape } from '../../shared/list/url';
import { invoiceSearchText } from '../../../rules/invoices/invoice';

/**
 * The sale invoice list's query in the address bar (/sale-invoice?page=2&page_size=25&q=HD5000): a reload
 * or a bookmark shows the same list; defaults (doc 2 §9: page 1, size 10) are left out; a hostile or
 * stale value falls back to its default one by one.
 */
const shape = { page: pageParam(), pageSize: pageSizeParam(), q: textParam('q', invoiceSearchText) };
export const invoiceUrl = defineListUrl(shape);

export type InvoiceQuery = QueryOfShape<typeof shape>;

export const invoiceQueryFromSearchParams = invoiceUrl.parse;
export const invoiceQueryToSearchParams = invoiceUrl.format;
