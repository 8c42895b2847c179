import { assign, fromPromise } from 'xstate';
import { FEEDBACK_TYPES, type FeedbackRow, type FeedbackType } from '../../services/feedback/schemas';
import { defineList } from '../shared/list/pagedList';
import { errorCode, notProvided } from '../../rules/serviceError';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /feedback/{tab} (core §2 Feedback): the paged list of one type (the tab, kept in the address; the
 * route sends FILTER.SET when it changes), a detail dialog (GET one by type and id, with its images)
 * and delete with confirmation. A delete that fails closes the dialog and says why in a toast (core §8
 * "feedback delete fail"); one that meets FEEDBACK_NOT_FOUND (deleted in another tab) reloads too.
 */

export interface FeedbackFilter {
  type: FeedbackType;
}

export interface FeedbackDetailContext {
  detailOf: FeedbackRow | null;
  detail: FeedbackRow | null;
  detailError: string | null;
}

export type FeedbackListEvent = { type: 'DETAIL.OPEN'; row: FeedbackRow } | { type: 'DETAIL.RETRY' } | { type: 'DETAIL.CLOSE' };

export const feedbackList = defineList({
  types: {
    row: {} as FeedbackRow,
    filter: {} as FeedbackFilter,
    loadInput: {} as { type: FeedbackType; page: number; pageSize: number },
    deleteInput: {} as { id: number },
    context: {} as FeedbackDetailContext,
    events: {} as FeedbackListEvent,
    input: {} as { type: FeedbackType },
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) => FEEDBACK_TYPES.includes(patch.type as FeedbackType),
  loadInput: (context) => ({ type: context.filter.type, page: context.page, pageSize: context.pageSize }),
  deleteInput: (row) => ({ id: row.id }),
  deletion: 'close',
  goneCodes: ['FEEDBACK_NOT_FOUND'],
  actors: {
    loadFeedback: fromPromise<FeedbackRow, { type: FeedbackType; id: number }>(async () => {
      throw notProvided('loadFeedback');
    }),
  },
});

export const feedbackListMachine = feedbackList.setup
  .extend({
    actions: {
      openDetail: assign((_, params: { row: FeedbackRow }) => ({ detailOf: params.row, detail: null, detailError: null })),
      assignDetail: assign((_, params: { detail: FeedbackRow }) => ({ detail: params.detail })),
      assignDetailError: assign((_, params: { error: unknown }) => ({ detailError: errorCode(params.error) })),
      closeDetail: assign({ detailOf: null, detail: null, detailError: null }),
    },
  })
  .createMachine({
    id: 'feedbackList',
    type: 'parallel',
    context: ({ input }) =>
      feedbackList.context(
        { pageSize: DEFAULT_PAGE_SIZE, filter: { type: input?.type ?? 'CHECK' } },
        { detailOf: null, detail: null, detailError: null },
      ),
    states: {
      list: feedbackList.listRegion(),
      deletion: feedbackList.deletionRegion(),
      detail: {
        initial: 'closed',
        states: {
          closed: {},
          loading: {
            description: 'GET /feedback?type=&id=: the report as the service has it now, with its images.',
            invoke: {
              id: 'loadFeedback',
              src: 'loadFeedback',
              input: ({ context }) => ({ type: context.detailOf?.type ?? context.filter.type, id: context.detailOf?.id ?? 0 }),
              onDone: { target: 'shown', actions: { type: 'assignDetail', params: ({ event }) => ({ detail: event.output }) } },
              onError: { target: 'failed', actions: { type: 'assignDetailError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          shown: { description: 'The fields and the images (fetched with the session by the screen).' },
          failed: { description: 'The mapped error and a retry.', on: { 'DETAIL.RETRY': 'loading' } },
        },
        on: {
          'DETAIL.OPEN': { target: '.loading', actions: { type: 'openDetail', params: ({ event }) => ({ row: event.row }) } },
          'DETAIL.CLOSE': { target: '.closed', actions: 'closeDetail' },
          'ROW.DELETED': { target: '.closed', actions: 'closeDetail', description: 'A deleted report has no detail to show.' },
          'LIST.QUERY_CHANGED': {
            target: '.closed',
            actions: 'closeDetail',
            description: 'Another tab or page: the detail belonged to the old rows.',
          },
        },
      },
    },
  });
