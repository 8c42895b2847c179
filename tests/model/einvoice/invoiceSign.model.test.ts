import { invoiceSignMachine, type InvoiceSignContext, type InvoiceSignOutput } from '../../../src/machines/einvoice/invoiceSign.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { waitingRow } from './listFixtures';

const events: SampleEvent[] = [
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.signInvoice', output: undefined },
  { type: 'xstate.error.actor.signInvoice', error: serviceError('EINV_SIGN_REFUSED', 409) },
  { type: 'xstate.error.actor.signInvoice', error: networkError },
];

const project = ((c: InvoiceSignContext) => ({ signed: c.signed, error: c.errorCode })) as (context: never) => unknown;

describeModel({
  name: 'invoiceSign',
  machine: invoiceSignMachine,
  promiseActors: ['signInvoice'],
  spyActions: ['notifySigned', 'notifySignFailed'],
  variants: [{ variant: 'M-Invoice row', input: { row: waitingRow }, events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const type = step.event.type;
      const actions = step.actions.map((a) => a.action);
      const after = step.after;
      if (step.invoked.some((c) => c.id === 'signInvoice') && type !== 'CONFIRM') throw new Error('signed without confirmation');
      if (type === 'CONFIRM' && step.before?.hasTag('busy') && step.invoked.length > 0) throw new Error('a second click signed twice');
      if (type === 'xstate.done.actor.signInvoice' && !actions.includes('notifySigned')) throw new Error('a signature said nothing');
      if (type === 'xstate.error.actor.signInvoice' && !actions.includes('notifySignFailed')) throw new Error('a refusal said nothing');
      if (type === 'CANCEL' && actions.length > 0) throw new Error('cancel said something');
      if (after.status === 'done') {
        const output = after.output as InvoiceSignOutput;
        const code = (after.context as InvoiceSignContext).errorCode;
        if (output.signed !== (type === 'xstate.done.actor.signInvoice')) throw new Error('output says signed when it was not');
        if (output.refresh !== (output.signed || code === 'EINV_SIGN_REFUSED')) throw new Error('refresh does not follow the outcome');
      }
    }
  },
});
