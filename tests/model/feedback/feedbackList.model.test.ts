import { feedbackList, feedbackListMachine, type FeedbackDetailContext } from '../../../src/machines/feedback/feedbackList.machine';
import type { FeedbackRow } from '../../../src/services/feedback/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { edcReport } from './fixtures';

const row = edcReport;
const other: FeedbackRow = { ...row, id: 8 };
const twoPages = { rows: [row, other], totalPage: 2 };

describeListModel<FeedbackRow>({
  name: 'feedbackList',
  machine: feedbackListMachine,
  list: feedbackList,
  input: { type: 'EDC' },
  samples: {
    page: twoPages,
    emptyPage: { rows: [], totalPage: 0 },
    lastRowPage: { rows: [row], totalPage: 2 },
    loadError: networkError,
    pageSize: { accepted: 25, refused: 7 },
    filter: { accepted: [{ type: 'CHECK' }, { type: 'OTHER' }], refused: [{ type: 'check' }, { type: 'ALL' }] },
    delete: { row, errors: [serviceError('FEEDBACK_NOT_FOUND', 404), networkError] },
  },
  promiseActors: ['loadFeedback'],
  variants: [
    {
      variant: 'detail',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'DETAIL.OPEN', row },
        { type: 'DETAIL.RETRY' },
        { type: 'DETAIL.CLOSE' },
        { type: 'xstate.done.actor.loadFeedback', output: row },
        { type: 'xstate.error.actor.loadFeedback', error: serviceError('FEEDBACK_NOT_FOUND', 404) },
        // Another tab closes the detail; so does a delete that goes through.
        { type: 'FILTER.SET', filter: { type: 'CHECK' } },
        { type: 'DELETE.ASK', row },
        { type: 'DELETE.CONFIRM' },
        { type: 'xstate.done.actor.deleteRow', output: undefined },
      ],
    },
  ],
  project: ((c: FeedbackDetailContext) => ({ detail: c.detailOf !== null })) as (context: never) => unknown,
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as FeedbackDetailContext & { filter: { type: string } };
      if (
        ['xstate.done.actor.deleteRow', 'FILTER.SET'].includes(step.event.type) &&
        step.invoked.some((c) => c.id === 'loadPage') &&
        after.detailOf !== null
      )
        throw new Error(`${step.event.type} left the detail open`);
      for (const call of step.invoked) {
        if (call.id === 'deleteRow' && (call.input as { id: number }).id !== row.id) throw new Error('deleted another row');
        if (call.id === 'loadFeedback' && JSON.stringify(call.input) !== JSON.stringify({ type: row.type, id: row.id }))
          throw new Error(`loaded another report ${JSON.stringify(call.input)}`);
        if (call.id === 'loadPage' && (call.input as { type: string }).type !== after.filter.type) throw new Error('loaded another tab');
      }
      // A failed delete closes the dialog (deletion 'close'): the toast says why.
      if (step.event.type === 'xstate.error.actor.deleteRow' && step.after.hasTag('confirming'))
        throw new Error('a failed delete kept the dialog');
    }
  },
});
