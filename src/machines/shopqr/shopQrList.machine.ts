import { assign, fromPromise } from 'xstate';
import type { ShopQrDetail, ShopQrRow } from '../../services/shopqr/schemas';
import { defineList } from '../shared/list/pagedList';
import { errorCode, notProvided } from '../../rules/serviceError';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /payment (core §2): the paged ShopQR list (the shared list: ../shared/list), a detail dialog
 * with the QR (GET by va_account_no) and delete with confirmation. Three regions: the list keeps
 * showing while a detail loads or a delete is confirmed. A delete that succeeds reloads the list
 * (one page back when it emptied a later page) and closes the detail; one that fails keeps the
 * dialog open with the mapped message, and trying again is safe (a code already gone answers
 * CHANNEL_NOT_FOUND, and the list reloads without it).
 */

export interface ShopQrPageAnswer {
  rows: ShopQrRow[];
  totalPage: number;
  page: number;
  pageSize: number;
}

export interface ShopQrDetailContext {
  /** The row whose detail is open (or loading). */
  detailOf: ShopQrRow | null;
  detail: ShopQrDetail | null;
  detailError: string | null;
}

export type ShopQrListEvent = { type: 'DETAIL.OPEN'; row: ShopQrRow } | { type: 'DETAIL.RETRY' } | { type: 'DETAIL.CLOSE' };

export const shopQrList = defineList({
  types: {
    row: {} as ShopQrRow,
    page: {} as ShopQrPageAnswer,
    loadInput: {} as { page: number; pageSize: number },
    deleteInput: {} as { channelId: number },
    context: {} as ShopQrDetailContext,
    events: {} as ShopQrListEvent,
  },
  pageSizes: PAGE_SIZES,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize }),
  deleteInput: (row) => ({ channelId: row.channel_id }),
  deletion: 'keep',
  goneCodes: ['CHANNEL_NOT_FOUND'],
  actors: {
    loadShopQr: fromPromise<ShopQrDetail, { vaAccountNo: string }>(async () => {
      throw notProvided('loadShopQr');
    }),
  },
});

export const shopQrListMachine = shopQrList.setup
  .extend({
    actions: {
      openDetail: assign((_, params: { row: ShopQrRow }) => ({ detailOf: params.row, detail: null, detailError: null })),
      assignDetail: assign((_, params: { detail: ShopQrDetail }) => ({ detail: params.detail })),
      assignDetailError: assign((_, params: { error: unknown }) => ({ detailError: errorCode(params.error) })),
      closeDetail: assign({ detailOf: null, detail: null, detailError: null }),
    },
  })
  .createMachine({
    id: 'shopQrList',
    type: 'parallel',
    context: shopQrList.context({ pageSize: DEFAULT_PAGE_SIZE }, { detailOf: null, detail: null, detailError: null }),
    states: {
      list: shopQrList.listRegion(),
      deletion: shopQrList.deletionRegion(),
      detail: {
        initial: 'closed',
        states: {
          closed: {},
          loading: {
            description: 'GET /channel-payment?va_account_no=: the fields and the QR image.',
            invoke: {
              id: 'loadShopQr',
              src: 'loadShopQr',
              input: ({ context }) => ({ vaAccountNo: context.detailOf?.va_account_no ?? '' }),
              onDone: { target: 'shown', actions: { type: 'assignDetail', params: ({ event }) => ({ detail: event.output }) } },
              onError: { target: 'failed', actions: { type: 'assignDetailError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          shown: { description: 'The QR image with a download button and the fields.' },
          failed: { on: { 'DETAIL.RETRY': 'loading' } },
        },
        on: {
          'DETAIL.OPEN': { target: '.loading', actions: { type: 'openDetail', params: ({ event }) => ({ row: event.row }) } },
          'DETAIL.CLOSE': { target: '.closed', actions: 'closeDetail' },
          'ROW.DELETED': { target: '.closed', actions: 'closeDetail', description: 'A deleted code has no detail to show.' },
        },
      },
    },
  });
