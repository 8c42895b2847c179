import { subMerchantNewMachine, type SubMerchantNewContext } from '../../../src/machines/merchants/subMerchantNew.machine';
import { hasProblems, subMerchantProblems } from '../../../src/machines/merchants/rules/subMerchant';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { subMerchant } from './fixtures';

const fill: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'name', value: subMerchant.name },
  { type: 'FIELD.CHANGE', field: 'tax_no', value: subMerchant.tax_no },
  { type: 'FIELD.CHANGE', field: 'address', value: subMerchant.address },
  { type: 'FIELD.CHANGE', field: 'phone', value: '+84912000101' },
  // Breaks the tax number's rule again (a space), so a valid form can become invalid.
  { type: 'FIELD.CHANGE', field: 'tax_no', value: '0108 123455' },
  { type: 'FIELD.BLUR', field: 'name' },
];

const events: SampleEvent[] = [
  ...fill,
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.createSubMerchant', output: subMerchant },
  { type: 'xstate.error.actor.createSubMerchant', error: serviceError('TAX_NO_IS_EXST', 409) },
  { type: 'xstate.error.actor.createSubMerchant', error: networkError },
];

describeModel({
  name: 'subMerchantNew',
  machine: subMerchantNewMachine,
  promiseActors: ['createSubMerchant'],
  spyActions: ['notifyCreated', 'notifyCreateFailed'],
  variants: [
    {
      variant: 'form',
      events,
      // What guards read: which fields break a rule; plus whether the person tried to send.
      project: ((c: SubMerchantNewContext) => ({
        problems: Object.keys(subMerchantProblems(c.values)).sort().join(),
        submitted: c.submitted,
        error: c.errorCode,
        touched: Object.keys(c.touched).length,
      })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as SubMerchantNewContext | undefined;
      const after = step.after.context as SubMerchantNewContext;
      for (const call of step.invoked) {
        if (call.id !== 'createSubMerchant') continue;
        // Only a form that keeps every rule is sent, and it is sent as typed.
        if (hasProblems(subMerchantProblems(after.values))) throw new Error('sent a form that breaks a rule');
        if (JSON.stringify(call.input) !== JSON.stringify(after.values)) throw new Error('sent other values than typed');
      }
      // Nothing typed is lost: a refusal leaves the values as they were.
      if (step.event.type.startsWith('xstate.error.actor') && before && JSON.stringify(before.values) !== JSON.stringify(after.values))
        throw new Error('a refusal changed what was typed');
      const actions = step.actions.map((a) => a.action);
      if (step.event.type.startsWith('xstate.error.actor') && !actions.includes('notifyCreateFailed')) throw new Error('no failure toast');
      if (step.event.type === 'xstate.done.actor.createSubMerchant' && !actions.includes('notifyCreated')) throw new Error('no success');
    }
  },
});
