import type { LinkStatus } from '../../../services/checkout';
import { choiceParam, defineListUrl, pageParam, pageSizeParam, spelledAsIs, textParam, type QueryOfShape } from '../../shared/list/url';
import { linkSearchText } from './payLink';

/**
 * The link list's query in the address bar (/pay-by-link?page=2&status=PAID&q=DH01): a reload or a
 * bookmark shows the same list; defaults (page 1, size 10, every state, no search) are left out; a
 * hostile or stale value falls back to its default one by one.
 */

export const LINK_STATUS_FILTERS = ['OPEN', 'PAID', 'EXPIRED'] as const satisfies readonly LinkStatus[];

export const isLinkStatus = (value: unknown): value is LinkStatus => (LINK_STATUS_FILTERS as readonly unknown[]).includes(value);

const shape = {
  page: pageParam(),
  pageSize: pageSizeParam(),
  status: choiceParam<LinkStatus | null>('status', spelledAsIs(LINK_STATUS_FILTERS), null),
  q: textParam('q', linkSearchText),
};
export const linkListUrl = defineListUrl(shape);

export type LinkListQuery = QueryOfShape<typeof shape>;

export const linkQueryFromSearchParams = linkListUrl.parse;
export const linkQueryToSearchParams = linkListUrl.format;
