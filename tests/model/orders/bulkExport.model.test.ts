import { bulkExportMachine, type BulkExportContext } from '../../../src/machines/orders/bulkExport.machine';
import { progressOf, selectable, type BulkRun } from '../../../src/machines/orders/einvoice/bulk';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { serviceError } from '../shared/fixtures/auth';
import { another, exportedOrder, handlingOrder, runEnded, runHalfway, runInterrupted, settings, toExport } from './einvoiceFixtures';

const pickEvents: SampleEvent[] = [
  { type: 'PICK.TOGGLE', order: toExport },
  { type: 'PICK.TOGGLE', order: exportedOrder },
  { type: 'PICK.TOGGLE', order: handlingOrder },
  { type: 'PICK.PAGE', orders: [toExport, exportedOrder, another], on: true },
  { type: 'PICK.PAGE', orders: [toExport, exportedOrder, another], on: false },
  { type: 'PICK.CLEAR' },
  { type: 'START' },
  { type: 'RESUME', run: runHalfway },
  { type: 'RESUME', run: runEnded },
  { type: 'RESUME', run: runInterrupted },
];

const runEvents: SampleEvent[] = [
  ...pickEvents.filter((e) => (e.type !== 'PICK.TOGGLE' || e.order === toExport) && e.type !== 'RESUME'),
  { type: 'xstate.done.actor.prepareRun', output: settings },
  { type: 'xstate.error.actor.prepareRun', error: serviceError('EINV_DECLARATION_PENDING') },
  { type: 'xstate.done.actor.exportOne', output: { status: 'exported', eivCode: 'M1::K7Q2::12' } },
  { type: 'xstate.done.actor.exportOne', output: { status: 'skipped', eivCode: 'M1::OLD1::3' } },
  { type: 'xstate.error.actor.exportOne', error: serviceError('EINV_INVOICE_REFUSED') },
  { type: 'xstate.after.bulkPause.bulkExport.running.pausing' },
  { type: 'STOP' },
  { type: 'RETRY' },
  { type: 'CLOSE' },
];

const project = (c: BulkExportContext) => ({
  picked: c.picked.map((p) => p.orderId),
  run: c.run?.items.map((i) => i.status) ?? null,
  index: c.index,
  stop: c.stopCode,
  asked: c.stopRequested,
});

describeModel({
  name: 'bulkExport',
  machine: bulkExportMachine,
  promiseActors: ['prepareRun', 'exportOne'],
  spyActions: ['saveRun', 'refreshList', 'notifyFinished'],
  variants: [
    {
      variant: 'pick',
      input: { resume: null },
      events: pickEvents,
      ignore: [
        'xstate.done.actor.prepareRun',
        'xstate.error.actor.prepareRun',
        'STOP',
        'xstate.done.actor.exportOne',
        'xstate.error.actor.exportOne',
        'xstate.after.bulkPause.bulkExport.running.pausing',
        'RETRY',
        'CLOSE',
      ],
      project: project as (context: never) => unknown,
    },
    { variant: 'run', input: { resume: null }, events: runEvents, ignore: ['RESUME'], project: project as (context: never) => unknown },
    {
      variant: 'resume',
      input: { resume: runHalfway },
      events: runEvents,
      ignore: ['RESUME'],
      project: project as (context: never) => unknown,
    },
    {
      variant: 'resume ended',
      input: { resume: runEnded },
      events: [{ type: 'CLOSE' }],
      ignore: ['PICK.TOGGLE', 'PICK.PAGE', 'PICK.CLEAR', 'START', 'RESUME'],
    },
  ],
  check(outcome, path) {
    let lastSaved: BulkRun | null | undefined;
    for (const step of outcome.steps) {
      const after = step.after.context as BulkExportContext;
      const before = step.before?.context as BulkExportContext | undefined;
      const actions = step.actions.map((a) => a.action);
      // Only completed orders without a code are ever picked.
      for (const p of after.picked) {
        const order = [toExport, exportedOrder, handlingOrder, another].find((o) => o.order_id === p.orderId)!;
        if (!selectable(order)) throw new Error(`picked ${order.order_code}, which cannot be exported`);
      }
      for (const call of step.actions.filter((a) => a.action === 'saveRun')) lastSaved = (call.params as { run: BulkRun | null }).run;
      // Every outcome is saved as soon as it is known, so a reload resumes after it.
      if (step.event.type.startsWith('xstate.done.actor.exportOne') || step.event.type.startsWith('xstate.error.actor.exportOne')) {
        if (JSON.stringify(lastSaved) !== JSON.stringify(after.run)) throw new Error('an outcome was not saved');
      }
      for (const call of step.invoked) {
        if (call.id === 'exportOne') {
          // One order at a time, in order, never one already settled, and after the 500 ms pause from the previous.
          const id = (call.input as { orderId: number }).orderId;
          const item = after.run!.items.find((i) => i.orderId === id)!;
          if (item.status !== 'pending') throw new Error('exported an order twice');
          if (after.run!.items.findIndex((i) => i.status === 'pending') !== after.index) throw new Error('skipped ahead');
          const settledBefore = (before?.run?.items ?? []).filter((i) => i.status !== 'pending').length;
          if (
            settledBefore > 0 &&
            before?.run === after.run &&
            step.event.type !== 'xstate.after.bulkPause.bulkExport.running.pausing' &&
            step.event.type !== 'xstate.done.actor.prepareRun'
          )
            throw new Error('the next order started without the pause');
        }
      }
      if (step.event.type === 'xstate.error.actor.exportOne') {
        if (!step.after.hasTag('stopped') || after.stopCode !== 'EINV_INVOICE_REFUSED')
          throw new Error('an error did not stop the run with its code');
      }
      if (step.after.hasTag('finished') && !step.before?.hasTag('finished')) {
        if (!actions.includes('notifyFinished') || progressOf(after.run!).done !== after.run!.items.length)
          throw new Error('finished early');
      }
      if (step.event.type === 'RESUME' && after.run!.items.some((i) => i.status === 'failed'))
        throw new Error('a resumed run left a failed order behind');
      if (step.event.type === 'CLOSE' && step.after.hasTag('picking') && lastSaved !== null) throw new Error('closing left the run saved');
    }
    void path;
  },
});
