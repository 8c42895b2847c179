import { edcListMachine, type EdcListContext } from '../../../src/machines/edc/edcList.machine';
import { networkError } from '../shared/fixtures/auth';
import { posOnline, soundboxReady } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadEdcPage', output: { rows: [posOnline, soundboxReady], totalPage: 2 } },
  { type: 'xstate.done.actor.loadEdcPage', output: { rows: [], totalPage: 0 } },
  { type: 'xstate.error.actor.loadEdcPage', error: networkError },
  { type: 'PAGE.SET', page: 2 },
  { type: 'PAGE.SET', page: 9 },
  { type: 'PAGE_SIZE.SELECT', pageSize: 25 },
  { type: 'PAGE_SIZE.SELECT', pageSize: 7 },
  { type: 'TYPE.SET', edcType: 2 },
  { type: 'TYPE.SET', edcType: null },
  { type: 'REFRESH' },
  { type: 'RETRY' },
  { type: 'DETAIL.OPEN', serialNumber: soundboxReady.serial_number },
  { type: 'DETAIL.OPEN', serialNumber: 'not-listed' },
  { type: 'DETAIL.CLOSE' },
];

describeModel({
  name: 'edcList',
  machine: edcListMachine,
  promiseActors: ['loadEdcPage'],
  variants: [
    {
      events,
      project: ((c: EdcListContext) => ({ firstPage: c.page === 1, morePages: c.totalPage > 1, size: c.pageSize, type: c.type, open: c.openSerial !== null })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      // A new page, size or type must not leave a detail open on a row that may be gone.
      if (['PAGE.SET', 'PAGE_SIZE.SELECT', 'TYPE.SET'].includes(step.event.type) && step.invoked.length > 0 && step.after.context.openSerial !== null) {
        throw new Error(`${step.event.type} left the detail open`);
      }
      for (const call of step.invoked) {
        const input = call.input as { page: number; pageSize: number; type: number | null };
        const c = step.after.context;
        if (input.page !== c.page || input.pageSize !== c.pageSize || input.type !== c.type) throw new Error('loaded another page than the context holds');
      }
    }
  },
});
