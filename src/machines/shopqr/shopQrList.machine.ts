import { assign, fromPromise, raise, setup } from 'xstate';
import type { ShopQrDetail, ShopQrRow } from '../../services/shopqr/schemas';
import { errorCode, notProvided } from '../shared/serviceError';

/**
 * /payment (core §2): the paged ShopQR list, a detail dialog with the QR (GET by va_account_no) and
 * delete with confirmation. Three regions: the list keeps showing while a detail loads or a delete
 * is confirmed. A delete that succeeds reloads the list (one page back when it emptied the last
 * page); one that fails keeps the dialog open with the mapped message, and trying again is safe
 * (a code already gone answers CHANNEL_NOT_FOUND).
 */

export const SHOPQR_DEFAULT_PAGE_SIZE = 10;

export interface ShopQrPageAnswer {
  rows: ShopQrRow[];
  totalPage: number;
  page: number;
  pageSize: number;
}

export interface ShopQrListContext {
  page: number;
  pageSize: number;
  rows: ShopQrRow[];
  totalPage: number;
  errorCode: string | null;
  /** The row whose detail is open (or loading). */
  detailOf: ShopQrRow | null;
  detail: ShopQrDetail | null;
  detailError: string | null;
  /** The row the delete dialog asks about. */
  deleting: ShopQrRow | null;
  deleteError: string | null;
}

export type ShopQrListEvent =
  | { type: 'PAGE.SET'; page: number }
  | { type: 'PAGE_SIZE.SELECT'; pageSize: number }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | { type: 'DETAIL.OPEN'; row: ShopQrRow }
  | { type: 'DETAIL.RETRY' }
  | { type: 'DETAIL.CLOSE' }
  | { type: 'DELETE.REQUEST'; row: ShopQrRow }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' };

const PAGE_SIZES = [10, 25, 50, 100];

export const shopQrListMachine = setup({
  types: {
    context: {} as ShopQrListContext,
    events: {} as ShopQrListEvent,
    tags: {} as 'loading' | 'loaded' | 'empty' | 'error' | 'deleting',
  },
  actors: {
    loadShopQrs: fromPromise<ShopQrPageAnswer, { page: number; pageSize: number }>(async () => {
      throw notProvided('loadShopQrs');
    }),
    loadShopQr: fromPromise<ShopQrDetail, { vaAccountNo: string }>(async () => {
      throw notProvided('loadShopQr');
    }),
    deleteShopQr: fromPromise<void, { channelId: number }>(async () => {
      throw notProvided('deleteShopQr');
    }),
  },
  actions: {
    assignPage: assign((_, params: { answer: ShopQrPageAnswer }) => ({
      rows: params.answer.rows,
      totalPage: params.answer.totalPage,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
    setPageSize: assign((_, params: { pageSize: number }) => ({ pageSize: params.pageSize, page: 1 })),
    /** The answer says the page is past the end (rows deleted meanwhile): show the last page instead. */
    stepBackToLastPage: assign(({ context }, params: { answer: ShopQrPageAnswer }) => ({ page: Math.max(1, Math.min(context.page - 1, params.answer.totalPage)) })),
    openDetail: assign((_, params: { row: ShopQrRow }) => ({ detailOf: params.row, detail: null, detailError: null })),
    assignDetail: assign((_, params: { detail: ShopQrDetail }) => ({ detail: params.detail })),
    assignDetailError: assign((_, params: { error: unknown }) => ({ detailError: errorCode(params.error) })),
    closeDetail: assign({ detailOf: null, detail: null, detailError: null }),
    askDelete: assign((_, params: { row: ShopQrRow }) => ({ deleting: params.row, deleteError: null })),
    assignDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: errorCode(params.error) })),
    clearDelete: assign({ deleting: null, deleteError: null }),
    raiseRefresh: raise({ type: 'REFRESH' }),
    raiseDetailClose: raise({ type: 'DETAIL.CLOSE' }),
    /** The app shows the success toast; the default does nothing. */
    notifyDeleted: (_, _params: { row: ShopQrRow | null }) => {},
  },
  guards: {
    pageAcceptable: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= Math.max(1, context.totalPage) && params.page !== context.page,
    pageSizeAcceptable: ({ context }, params: { pageSize: number }) => PAGE_SIZES.includes(params.pageSize) && params.pageSize !== context.pageSize,
    pageHasRows: (_, params: { answer: ShopQrPageAnswer }) => params.answer.rows.length > 0,
    alreadyGone: (_, params: { error: unknown }) => errorCode(params.error) === 'CHANNEL_NOT_FOUND',
    pastTheEnd: ({ context }, params: { answer: ShopQrPageAnswer }) => params.answer.rows.length === 0 && context.page > 1,
  },
}).createMachine({
  id: 'shopQrList',
  type: 'parallel',
  context: {
    page: 1,
    pageSize: SHOPQR_DEFAULT_PAGE_SIZE,
    rows: [],
    totalPage: 0,
    errorCode: null,
    detailOf: null,
    detail: null,
    detailError: null,
    deleting: null,
    deleteError: null,
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          description: 'GET /channel-payment for the page; a newer page or size stops the request.',
          invoke: {
            id: 'loadShopQrs',
            src: 'loadShopQrs',
            input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
            onDone: [
              { guard: { type: 'pageHasRows', params: ({ event }) => ({ answer: event.output }) }, target: 'loaded', actions: { type: 'assignPage', params: ({ event }) => ({ answer: event.output }) } },
              {
                guard: { type: 'pastTheEnd', params: ({ event }) => ({ answer: event.output }) },
                target: 'loading',
                reenter: true,
                actions: { type: 'stepBackToLastPage', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'empty', actions: { type: 'assignPage', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: { tags: ['loaded'] },
        empty: { tags: ['empty'], description: "'No data' with the add button." },
        error: { tags: ['error'], description: 'The mapped error with a retry button.', on: { RETRY: 'loading' } },
      },
      on: {
        'PAGE.SET': { guard: { type: 'pageAcceptable', params: ({ event }) => ({ page: event.page }) }, target: '.loading', actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) } },
        'PAGE_SIZE.SELECT': {
          guard: { type: 'pageSizeAcceptable', params: ({ event }) => ({ pageSize: event.pageSize }) },
          target: '.loading',
          actions: { type: 'setPageSize', params: ({ event }) => ({ pageSize: event.pageSize }) },
        },
        REFRESH: '.loading',
      },
    },
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
      },
    },
    deletion: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'DELETE.REQUEST': { target: 'confirming', actions: { type: 'askDelete', params: ({ event }) => ({ row: event.row }) } } },
        },
        confirming: {
          description: 'The confirmation dialog; after a failure it shows the mapped message and the confirm button tries again.',
          on: { 'DELETE.CONFIRM': 'deleting', 'DELETE.CANCEL': { target: 'idle', actions: 'clearDelete' } },
        },
        deleting: {
          tags: ['deleting'],
          description: 'DELETE /channel-payment?channel_id=; the dialog buttons are disabled.',
          invoke: {
            id: 'deleteShopQr',
            src: 'deleteShopQr',
            input: ({ context }) => ({ channelId: context.deleting?.channel_id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifyDeleted', params: ({ context }) => ({ row: context.deleting }) },
                'clearDelete',
                'raiseRefresh',
                'raiseDetailClose',
              ],
            },
            onError: [
              {
                guard: { type: 'alreadyGone', params: ({ event }) => ({ error: event.error }) },
                description: 'CHANNEL_NOT_FOUND: deleted meanwhile (another tab); the message shows and the list reloads without it.',
                target: 'confirming',
                actions: [{ type: 'assignDeleteError', params: ({ event }) => ({ error: event.error }) }, 'raiseRefresh'],
              },
              { target: 'confirming', actions: { type: 'assignDeleteError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
});
