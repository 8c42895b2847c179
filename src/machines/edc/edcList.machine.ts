import { assign, fromPromise, setup } from 'xstate';
import { EDC_PAGE_SIZES, type EdcDevice, type EdcType } from '../../services/edc/schemas';
import { errorCode, notProvided } from '../shared/serviceError';

/**
 * The card machine list (core §2 /edc, §7 GET /metadata/edc, §9 paging): a paged table with a type
 * filter and the open detail. Every change re-enters `loading`, which stops the running request,
 * so an answer for an old page never lands. The open detail is kept by serial number, so a reload
 * (after an activation or integration) shows the fresh row in it.
 */

export const EDC_DEFAULT_PAGE_SIZE = 10;

export interface EdcListContext {
  page: number;
  pageSize: number;
  type: EdcType | null;
  rows: EdcDevice[];
  totalPage: number;
  errorCode: string | null;
  openSerial: string | null;
}

export type EdcListEvent =
  | { type: 'PAGE.SET'; page: number }
  | { type: 'PAGE_SIZE.SELECT'; pageSize: number }
  | { type: 'TYPE.SET'; edcType: EdcType | null }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'DETAIL.OPEN'; serialNumber: string }
  | { type: 'DETAIL.CLOSE' };

export const edcListMachine = setup({
  types: {
    context: {} as EdcListContext,
    events: {} as EdcListEvent,
    tags: {} as 'loading' | 'loaded' | 'empty' | 'error',
  },
  actors: {
    loadEdcPage: fromPromise<{ rows: EdcDevice[]; totalPage: number }, { page: number; pageSize: number; type: EdcType | null }>(async () => {
      throw notProvided('loadEdcPage');
    }),
  },
  actions: {
    assignPage: assign((_, params: { rows: EdcDevice[]; totalPage: number }) => ({ rows: params.rows, totalPage: params.totalPage, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    applyPage: assign((_, params: { page: number }) => ({ page: params.page })),
    applyPageSize: assign((_, params: { pageSize: number }) => ({ pageSize: params.pageSize, page: 1 })),
    applyType: assign((_, params: { edcType: EdcType | null }) => ({ type: params.edcType, page: 1 })),
    openDetail: assign((_, params: { serialNumber: string }) => ({ openSerial: params.serialNumber })),
    closeDetail: assign({ openSerial: null }),
  },
  guards: {
    hasRows: (_, params: { rows: EdcDevice[] }) => params.rows.length > 0,
    pageAcceptable: ({ context }, params: { page: unknown }) =>
      typeof params.page === 'number' && Number.isInteger(params.page) && params.page >= 1 && params.page <= Math.max(1, context.totalPage) && params.page !== context.page,
    pageSizeAcceptable: ({ context }, params: { pageSize: unknown }) =>
      (EDC_PAGE_SIZES as readonly unknown[]).includes(params.pageSize) && params.pageSize !== context.pageSize,
    typeAcceptable: ({ context }, params: { edcType: unknown }) =>
      (params.edcType === null || params.edcType === 1 || params.edcType === 2) && params.edcType !== context.type,
    rowListed: ({ context }, params: { serialNumber: unknown }) => context.rows.some((row) => row.serial_number === params.serialNumber),
  },
}).createMachine({
  id: 'edcList',
  context: { page: 1, pageSize: EDC_DEFAULT_PAGE_SIZE, type: null, rows: [], totalPage: 0, errorCode: null, openSerial: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'Skeleton rows (an open detail stays open on its last row).',
      invoke: {
        id: 'loadEdcPage',
        src: 'loadEdcPage',
        input: ({ context }) => ({ page: context.page, pageSize: context.pageSize, type: context.type }),
        onDone: [
          { guard: { type: 'hasRows', params: ({ event }) => ({ rows: event.output.rows }) }, target: 'loaded', actions: { type: 'assignPage', params: ({ event }) => event.output } },
          { target: 'empty', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {
      tags: ['loaded'],
      description: 'Rows with type, serial, store, ShopQR and status; a row opens its detail.',
      on: {
        'DETAIL.OPEN': {
          guard: { type: 'rowListed', params: ({ event }) => ({ serialNumber: event.serialNumber }) },
          actions: { type: 'openDetail', params: ({ event }) => ({ serialNumber: event.serialNumber }) },
        },
      },
    },
    empty: { tags: ['empty'], description: "'No data'." },
    error: {
      tags: ['error'],
      description: 'What went wrong and a retry.',
      on: { RETRY: { target: 'loading' } },
    },
  },
  on: {
    'PAGE.SET': {
      guard: { type: 'pageAcceptable', params: ({ event }) => ({ page: event.page }) },
      target: '.loading',
      actions: [{ type: 'applyPage', params: ({ event }) => ({ page: event.page }) }, 'closeDetail'],
    },
    'PAGE_SIZE.SELECT': {
      guard: { type: 'pageSizeAcceptable', params: ({ event }) => ({ pageSize: event.pageSize }) },
      target: '.loading',
      actions: [{ type: 'applyPageSize', params: ({ event }) => ({ pageSize: event.pageSize }) }, 'closeDetail'],
    },
    'TYPE.SET': {
      guard: { type: 'typeAcceptable', params: ({ event }) => ({ edcType: event.edcType }) },
      target: '.loading',
      actions: [{ type: 'applyType', params: ({ event }) => ({ edcType: event.edcType }) }, 'closeDetail'],
    },
    REFRESH: { target: '.loading', description: 'After an activation or integration; the detail stays open.' },
    'DETAIL.CLOSE': { actions: 'closeDetail' },
  },
});
