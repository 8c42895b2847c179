import { reconciliationExportMachine, type ReconExportContext } from '../../../src/machines/reconciliation/reconciliationExport.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { query } from './fixtures';

/** issue 27 §5, D309: the shown store and day exported once at a time, with progress and toasts. */

const events: SampleEvent[] = [
  { type: 'EXPORT', query },
  { type: 'EXPORT.PROGRESS', received: 4_096, total: 8_192 },
  { type: 'EXPORT.SAVED', filename: 'Đối soát 2026-12-06.xlsx' },
  { type: 'EXPORT.FAILED', error: serviceError('STORE_NOT_EXIST', 404) },
  { type: 'xstate.error.actor.exportRecon', error: networkError },
];

describeModel({
  name: 'reconciliationExport',
  machine: reconciliationExportMachine,
  promiseActors: [],
  callbackActors: ['exportRecon'],
  spyActions: ['notifyExportSucceeded', 'notifyExportFailed'],
  variants: [{ events, project: ((c: ReconExportContext) => ({ progress: c.received > 0 })) as (context: never) => unknown }],
  check(outcome) {
    for (const step of outcome.steps) {
      const wasBusy = step.before?.hasTag('busy') ?? false;
      if (step.event.type === 'EXPORT' && wasBusy && step.invoked.length > 0) throw new Error('a second EXPORT started another download');
      const toasts = step.actions.map((a) => a.action);
      if (step.after.matches('done') && !step.before?.matches('done') && !toasts.includes('notifyExportSucceeded'))
        throw new Error('no success toast');
      if (step.after.matches('failed') && !step.before?.matches('failed') && !toasts.includes('notifyExportFailed'))
        throw new Error('no failure toast');
    }
  },
});
