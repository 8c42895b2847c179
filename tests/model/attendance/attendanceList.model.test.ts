import { attendanceList, attendanceListMachine } from '../../../src/machines/attendance/attendanceList.machine';
import type { Attendance } from '../../../src/services/attendance/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { emptyPage, lastRowPage, morning, twoPages } from './fixtures';

describeListModel<Attendance>({
  name: 'attendanceList',
  machine: attendanceListMachine,
  list: attendanceList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    lastRowPage,
    loadError: serviceError('AUTHEN_FAIL', 401),
    pageSize: { accepted: 25, refused: 7 },
    delete: { row: morning, errors: [serviceError('NOT_FOUND', 404), networkError] },
  },
  variants: [
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25 } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10 } },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      // The delete carries the record's own channel (doc 2 §7: channel_id in the body).
      const deleted = step.invoked.find((c) => c.id === 'deleteRow');
      if (deleted) {
        const input = deleted.input as { id: number; channelId: string };
        const target =
          (step.after.context as { target: Attendance | null }).target ??
          (step.before?.context as { target: Attendance | null } | undefined)?.target;
        if (!target || input.id !== target.id || input.channelId !== target.channel_id)
          throw new Error('the delete did not send the record and its channel');
      }
      if (step.event.type === 'QUERY.REPLACE') {
        const query = (step.event as unknown as { query: { page: number; pageSize: number } }).query;
        const b = step.before?.context as { page: number; pageSize: number } | undefined;
        const same = b && b.page === query.page && b.pageSize === query.pageSize;
        const loaded = step.invoked.some((c) => c.id === 'loadPage');
        if (same && loaded) throw new Error('the address the list already shows reloaded it');
        if (!same && !loaded) throw new Error('a new address did not load its page');
      }
    }
  },
});
