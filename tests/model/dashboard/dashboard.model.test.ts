import { dashboardMachine, type DashboardContext } from '../../../src/machines/dashboard/dashboard.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { dayChunk, monthChunk, recentChunk, TODAY, yearChunk } from '../shared/fixtures/reports';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'DASHBOARD.CHUNK', chunk: dayChunk },
  { type: 'DASHBOARD.CHUNK', chunk: monthChunk },
  { type: 'DASHBOARD.CHUNK', chunk: yearChunk },
  { type: 'DASHBOARD.CHUNK', chunk: recentChunk },
  { type: 'DASHBOARD.END' },
  { type: 'DASHBOARD.FAILED', error: networkError },
  { type: 'xstate.error.actor.streamDashboard', error: serviceError('INVALID_RESPONSE', 200) },
  { type: 'RETRY' },
  { type: 'DATE.SET', date: '2026-11-20' },
  // After today: ignored.
  { type: 'DATE.SET', date: '2026-11-23' },
];

function arrived(c: DashboardContext) {
  return [c.day, c.month, c.year, c.recent].filter((part) => part !== null).length;
}

describeModel({
  name: 'dashboard',
  machine: dashboardMachine,
  promiseActors: [],
  callbackActors: ['streamDashboard'],
  variants: [
    {
      input: { today: TODAY },
      events,
      project: ((c: DashboardContext) => ({ arrived: Math.min(arrived(c), 2) })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as DashboardContext | undefined;
      const after = step.after.context as DashboardContext;
      if (after.date > TODAY) throw new Error(`date ${after.date} is after today`);
      // A broken stream keeps every figure that arrived (core: keep what arrived, offer RETRY).
      if (before && step.event.type !== 'DATE.SET' && arrived(after) < arrived(before)) throw new Error(`${step.event.type} lost figures`);
      if (step.event.type === 'DATE.SET' && after.date !== before?.date && arrived(after) !== 0)
        throw new Error('a new date kept old figures');
      if (step.after.matches('broken') && after.errorCode === null) throw new Error('broken without an error code');
    }
  },
});
