import { exportMachine, type ExportContext } from '../../../src/machines/reports/export.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { cardFilters } from '../shared/fixtures/reports';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'EXPORT', channel: 'card', filters: cardFilters },
  { type: 'EXPORT.PROGRESS', received: 65_536, total: 1_048_576 },
  { type: 'EXPORT.SAVED', filename: 'Báo cáo giao dịch thẻ 2026-11-22_2026-11-22.xlsx' },
  { type: 'EXPORT.FAILED', error: serviceError('BAD_REQUEST', 400, { limit: 200_000 }) },
  { type: 'xstate.error.actor.exportReport', error: networkError },
  { type: 'DISMISS' },
];

describeModel({
  name: 'export',
  machine: exportMachine,
  promiseActors: [],
  callbackActors: ['exportReport'],
  spyActions: ['notifyExportSucceeded', 'notifyExportFailed'],
  variants: [{ events, project: ((c: ExportContext) => ({ progress: c.received > 0 })) as (context: never) => unknown }],
  check(outcome) {
    for (const step of outcome.steps) {
      const wasBusy = step.before?.hasTag('busy') ?? false;
      if (step.event.type === 'EXPORT' && wasBusy && step.invoked.length > 0) throw new Error('a second EXPORT started another download');
      const toasts = step.actions.map((a) => a.action);
      if (step.after.matches('done') && !step.before?.matches('done') && !toasts.includes('notifyExportSucceeded')) throw new Error('no success toast');
      if (step.after.matches('failed') && !step.before?.matches('failed') && !toasts.includes('notifyExportFailed')) throw new Error('no failure toast');
      if (!step.after.matches('done') && !step.after.matches('failed') && toasts.length) throw new Error(`toast in ${JSON.stringify(step.after.value)}`);
    }
  },
});
