import { defineListUrl, pageParam, pageSizeParam, textParam, type QueryOfShape } from '../../shared/list/url';
import { customerSearchText } from '../../../rules/customers/customer';

/**
 * The customer list's query in the address bar (doc 2 §2: /sale-customer?page=2&page_size=25&q=pho):
 * bookmarkable, kept by a reload, restored by Back. Defaults are left out, so a plain /sale-customer
 * stays plain; a hostile or stale value falls back to its default one by one.
 */
const shape = { page: pageParam(), pageSize: pageSizeParam(), q: textParam('q', customerSearchText) };
export const customerUrl = defineListUrl(shape);

export type CustomerQuery = QueryOfShape<typeof shape>;

export const customerQueryFromSearchParams = customerUrl.parse;
export const customerQueryToSearchParams = customerUrl.format;
