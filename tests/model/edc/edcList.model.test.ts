import { edcList, edcListMachine, type EdcFilter } from '../../../src/machines/edc/edcList.machine';
import type { EdcDevice } from '../../../src/services/edc/schemas';
import { networkError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import type { SampleEvent } from '../shared/paths';
import { posOnline, soundboxReady } from './fixtures';

const page = { rows: [posOnline, soundboxReady], totalPage: 2 };

/** The detail and its flows: open on a POS or a Soundbox, integrate, activate, close, and a new page closing it. */
const detailEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadPage', output: page },
  { type: 'DETAIL.OPEN', serialNumber: posOnline.serial_number },
  { type: 'DETAIL.OPEN', serialNumber: soundboxReady.serial_number },
  { type: 'DETAIL.OPEN', serialNumber: 'not-listed' },
  { type: 'DETAIL.CLOSE' },
  { type: 'PAGE.SET', page: 2 },
  { type: 'REFRESH' },
  { type: 'INTEGRATE.START' },
  { type: 'INTEGRATE.CANCEL' },
  { type: 'xstate.done.actor.integrate', output: undefined },
  { type: 'xstate.error.actor.integrate', error: new Error('integration crashed') },
  // The activation child's snapshots (stubbed): one showing the success, one still asking.
  { type: 'xstate.snapshot.activation', snapshot: { value: 'activated', hasTag: (tag: string) => tag === 'activated' } },
  { type: 'xstate.snapshot.activation', snapshot: { value: 'confirming', hasTag: (tag: string) => tag === 'confirming' } },
];

describeListModel<EdcDevice>({
  name: 'edcList',
  machine: edcListMachine,
  list: edcList,
  samples: {
    page,
    emptyPage: { rows: [], totalPage: 0 },
    lastRowPage: { rows: [soundboxReady], totalPage: 2 },
    loadError: networkError,
    pageSize: { accepted: 25, refused: 7 },
    filter: { accepted: [{ type: 2 }, { type: null }], refused: [{ type: 7 }] satisfies Array<Partial<Record<keyof EdcFilter, unknown>>> },
  },
  promiseActors: ['connectionCheck', 'soundboxActivation', 'edcIntegrate'],
  variants: [{ variant: 'detail', events: detailEvents }],
  project: ((c: { openSerial: string | null }) => ({ open: c.openSerial })) as (context: never) => unknown,
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as { openSerial: string | null };
      // A new page, size or type must not leave a detail open on a row that may be gone.
      if (
        ['PAGE.SET', 'PAGE_SIZE.SELECT', 'FILTER.SET'].includes(step.event.type) &&
        step.invoked.some((c) => c.id === 'loadPage') &&
        after.openSerial !== null
      ) {
        throw new Error(`${step.event.type} left the detail open`);
      }
      const opened = step.invoked.map((c) => c.id);
      if (opened.includes('activation') && after.openSerial !== soundboxReady.serial_number)
        throw new Error('activation offered for a POS');
      const reloads = step.invoked.some((c) => c.id === 'loadPage');
      if (step.event.type === 'xstate.done.actor.integrate' && !reloads) throw new Error('no reload after an integration');
      if (step.event.type === 'xstate.snapshot.activation') {
        const activated = (step.event as unknown as { snapshot: { value: string } }).snapshot.value === 'activated';
        if (activated !== reloads) throw new Error(`reload after an activation snapshot was ${reloads}`);
      }
    }
  },
});
