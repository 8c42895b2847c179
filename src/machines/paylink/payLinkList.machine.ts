import { fromCallback, raise, type EventObject } from 'xstate';
import type { LinkStatus, PaymentLink, PaymentLinkPage, PaymentLinkQuery } from '../../services/checkout';
import { defineList } from '../shared/list/pagedList';
import type { SearchEvent, Typed } from '../shared/list/search';
import { notProvided } from '../../rules/serviceError';
import { linkSearchText } from './rules/payLink';
import { isLinkStatus, type LinkListQuery } from './rules/linkListUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * The links made on /pay-by-link (beyond doc 2, which has only the form: D158: a merchant sees them and
 * their state; D158): newest first, filtered by state (open, paid, expired) and searched by order id,
 * on the shared list; the query follows the address bar (QUERY.REPLACE). A payment on the sale socket
 * (`payment_success`, which a paid link also sends) reloads the page shown, as does a link made here.
 */

export interface LinkFilter {
  q: string;
  status: LinkStatus | null;
}

export type PayLinkListEvent =
  SearchEvent | { type: 'STATUS.SELECT'; status: LinkStatus | null } | { type: 'QUERY.REPLACE'; query: LinkListQuery };

export interface LinkPage extends PaymentLinkPage {
  rows: PaymentLink[];
  totalPage: number;
}

export const payLinkList = defineList({
  types: {
    row: {} as PaymentLink,
    filter: {} as LinkFilter,
    page: {} as LinkPage,
    loadInput: {} as PaymentLinkQuery,
    context: {} as { typed: Typed; totalCount: number },
    events: {} as PayLinkListEvent,
    tags: {} as 'searching',
    input: {} as { query?: LinkListQuery },
    query: {} as LinkListQuery,
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) =>
    Object.keys(patch).length > 0 &&
    Object.entries(patch).every(([key, value]) =>
      key === 'q'
        ? typeof value === 'string' && linkSearchText(value) === value
        : key === 'status'
          ? value === null || isLinkStatus(value)
          : false,
    ),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q, status: context.filter.status }),
  pageExtras: (page) => ({ totalCount: page.totalCount }),
  actors: {
    /** Sends REFRESH whenever a payment is announced on the sale socket. */
    watchPayments: fromCallback<EventObject, void>(() => {
      throw notProvided('watchPayments');
    }),
  },
  search: { toFilter: (typed) => ({ q: linkSearchText(typed.q ?? '') }) },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, q: context.filter.q, status: context.filter.status }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, filter: { q: query.q, status: query.status }, typed: { q: query.q } }),
  },
});

export const payLinkListMachine = payLinkList.setup
  .extend({
    actions: {
      raiseStatus: raise((_, params: { status: LinkStatus | null }) => ({
        type: 'FILTER.SET' as const,
        filter: { status: params.status },
      })),
    },
  })
  .createMachine({
    id: 'payLinkList',
    type: 'parallel',
    context: ({ input }) => {
      const query = input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE, q: '', status: null };
      return payLinkList.context(
        { page: query.page, pageSize: query.pageSize, filter: { q: query.q, status: query.status } },
        { typed: { q: query.q }, totalCount: 0 },
      );
    },
    invoke: { id: 'watchPayments', src: 'watchPayments' },
    on: {
      'STATUS.SELECT': {
        description: 'The state filter applies at once.',
        actions: { type: 'raiseStatus', params: ({ event }) => ({ status: event.status }) },
      },
    },
    states: {
      list: payLinkList.listRegion(),
      search: payLinkList.searchRegion(),
    },
  });

type Snapshot = { context: { typed: Typed; totalCount: number; filter: LinkFilter } };
export const selectStatusFilter = (s: Snapshot) => s.context.filter.status;
export const selectTotalCount = (s: Snapshot) => s.context.totalCount;
