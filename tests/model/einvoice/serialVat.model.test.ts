import { serialVatMachine, type SerialVatContext, type SerialVatInput } from '../../../src/machines/einvoice/serialVat.machine';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { salesSerial, serviceFailure, settings, vatSerial } from './setup.fixtures';

const input: SerialVatInput = {
  provider: 'm-invoice',
  base: {
    provider: 'm-invoice',
    taxCode: '0108123455',
    activeMethod: 'einv_provider_account',
    username: 'phoco-m-invoice',
    autoExport: false,
    printInvoice: true,
  },
};

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadSerials', output: [vatSerial, salesSerial] },
  { type: 'xstate.done.actor.loadSerials', output: [] },
  { type: 'xstate.error.actor.loadSerials', error: serviceFailure('EINV_PROVIDER_DOWN') },
  { type: 'xstate.after.serialTimeout.serialVat.loading' },
  { type: 'SERIAL.SELECT', value: vatSerial.value },
  { type: 'SERIAL.SELECT', value: salesSerial.value },
  { type: 'SUBMIT' },
  { type: 'BACKDROP' },
  { type: 'xstate.done.actor.saveSerial', output: settings({ serial: vatSerial.value, tax: null }) },
  { type: 'xstate.error.actor.saveSerial', error: serviceFailure('EINV_SERIAL_INVALID') },
];

describeModel({
  name: 'serialVat',
  machine: serialVatMachine,
  promiseActors: ['loadSerials', 'saveSerial'],
  spyActions: ['notifySaved', 'notifySaveFailed'],
  variants: [
    {
      input,
      events,
      project: ((c: SerialVatContext) => ({
        serials: c.serials.length,
        serial: c.serial?.value ?? null,
        showErrors: c.showErrors,
        error: c.errorCode,
      })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as SerialVatContext;
      const before = step.before?.context as SerialVatContext | undefined;
      const actions = step.actions.map((a) => a.action);
      // The 40 s time-out ends the modal as a failure (the parent clears the set-up).
      if (step.event.type.startsWith('xstate.after.serialTimeout')) {
        if (step.after.status !== 'done' || (step.after.output as { status: string }).status !== 'failed')
          throw new Error('time-out did not fail');
      }
      if (step.event.type === 'BACKDROP' && before && before.serials.length > 0) {
        if (after.serial?.value !== before.serials[0]?.value) throw new Error('backdrop did not apply the first serial');
      }
      if (step.event.type === 'SUBMIT' && before?.serial === null && !after.showErrors) throw new Error('no serial, no message');
      for (const call of step.invoked) {
        if (call.id === 'saveSerial') {
          const body = call.input as Record<string, unknown>;
          // D235: no VAT is saved: each line takes its product's rate on the day of the sale.
          if (body.serial !== after.serial?.value || 'tax' in body || 'password' in body) throw new Error(`synced ${JSON.stringify(body)}`);
        }
      }
      if (step.event.type === 'xstate.done.actor.saveSerial' && !actions.includes('notifySaved')) throw new Error('no success toast');
      if (
        step.event.type === 'xstate.error.actor.saveSerial' &&
        (after.serial?.value !== before?.serial?.value || !actions.includes('notifySaveFailed'))
      )
        throw new Error('a failed sync lost the choice or said nothing');
    }
  },
});
