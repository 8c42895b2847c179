import { auditExportMachine, type AuditExportContext } from '../../../src/machines/audit/auditExport.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const filter = { action: 'bank.account.add' as const, userId: null, storeId: null, days: { from: '2026-12-01', to: '2026-12-06' } };

const events: SampleEvent[] = [
  { type: 'EXPORT', filter },
  { type: 'EXPORT.PROGRESS', received: 65_536, total: 131_072 },
  { type: 'EXPORT.SAVED', filename: 'Nhật ký thao tác 2026-12-06.xlsx' },
  { type: 'EXPORT.FAILED', error: serviceError('BAD_REQUEST', 400, { limit: 50_000 }) },
  { type: 'xstate.error.actor.exportAudit', error: networkError },
];

describeModel({
  name: 'auditExport',
  machine: auditExportMachine,
  promiseActors: [],
  callbackActors: ['exportAudit'],
  spyActions: ['notifyExportSucceeded', 'notifyExportFailed'],
  variants: [{ events, project: ((c: AuditExportContext) => ({ progress: c.received > 0 })) as (context: never) => unknown }],
  check(outcome) {
    for (const step of outcome.steps) {
      const wasBusy = step.before?.hasTag('busy') ?? false;
      if (step.event.type === 'EXPORT' && wasBusy && step.invoked.length > 0) throw new Error('a second EXPORT started another download');
      if (
        step.event.type === 'EXPORT' &&
        step.after.hasTag('busy') &&
        JSON.stringify((step.after.context as AuditExportContext).filter) !== JSON.stringify(filter)
      )
        throw new Error('the export is not the list’s filter');
      const toasts = step.actions.map((a) => a.action);
      if (step.after.matches('done') && !step.before?.matches('done') && !toasts.includes('notifyExportSucceeded'))
        throw new Error('no success toast');
      if (step.after.matches('failed') && !step.before?.matches('failed') && !toasts.includes('notifyExportFailed'))
        throw new Error('no failure toast');
    }
  },
});
