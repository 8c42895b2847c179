import { txRuleFormMachine, type TxRuleFormContext } from '../../../src/machines/txrules/txRuleForm.machine';
import { txRuleComplete, txRuleFields } from '../../../src/machines/txrules/rules/txRuleForm';
import type { TxRuleFields } from '../../../src/services/txrules/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { choices, visaRule } from './fixtures';

const formEvents: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'ruleName', value: '2' },
  { type: 'FIELD.CHANGE', field: 'ruleName', value: null },
  { type: 'FIELD.CHANGE', field: 'cardType', value: 'NAPAS' },
  { type: 'FIELD.CHANGE', field: 'acquirer', value: 'Vietcombank' },
  { type: 'FIELD.CHANGE', field: 'issuers', value: ['ACB', 'ACB', 'BIDV'] },
  { type: 'FIELD.CHANGE', field: 'issuers', value: [] },
  { type: 'FIELD.BLUR', field: 'cardType' },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.saveRule', output: visaRule },
  { type: 'xstate.error.actor.saveRule', error: serviceError('RULE_EXIST', 409, { field: 'issuer', issuers: ['ACB'] }) },
];

function project(c: TxRuleFormContext) {
  return {
    complete: txRuleComplete(c.form.values),
    ruleName: c.form.values.ruleName !== null,
    issuers: c.form.values.issuers.length,
    submitError: c.form.saveError,
    loaded: c.choices !== null,
  };
}

describeModel({
  name: 'txRuleForm',
  machine: txRuleFormMachine,
  promiseActors: ['loadForm', 'saveRule'],
  spyActions: ['notifySaved', 'notifySaveFailed'],
  variants: [
    {
      input: { id: null },
      variant: 'create',
      events: [
        { type: 'xstate.done.actor.loadForm', output: { choices, rule: null } },
        { type: 'xstate.error.actor.loadForm', error: networkError },
        ...formEvents,
      ],
      project: project as (context: never) => unknown,
    },
    {
      input: { id: visaRule.id },
      variant: 'update',
      events: [
        { type: 'xstate.done.actor.loadForm', output: { choices, rule: visaRule } },
        // Deleted meanwhile, or another merchant's id.
        { type: 'xstate.done.actor.loadForm', output: { choices, rule: null } },
        { type: 'xstate.error.actor.loadForm', error: serviceError('PERMISSION_DENY', 403) },
        ...formEvents,
      ],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as TxRuleFormContext | undefined;
      const after = step.after.context as TxRuleFormContext;
      for (const call of step.invoked) {
        if (call.id === 'loadForm' && (call.input as { id: number | null }).id !== after.id) throw new Error('loaded another rule');
        if (call.id !== 'saveRule') continue;
        // doc 2 §5: nothing is sent unless all four fields are filled; what is sent is the form.
        if (!txRuleComplete(after.form.values)) throw new Error(`sent an incomplete form ${JSON.stringify(after.form.values)}`);
        const input = call.input as { id: number | null; fields: TxRuleFields };
        if (input.id !== after.id) throw new Error('saved another rule');
        if (JSON.stringify(input.fields) !== JSON.stringify(txRuleFields(after.form.values)))
          throw new Error('request differs from the form');
        if (new Set(input.fields.issuer).size !== input.fields.issuer.length) throw new Error('an issuing bank sent twice');
      }
      const toasts = step.actions.filter((a) => a.action === 'notifySaveFailed').length;
      if (toasts !== (step.event.type === 'xstate.error.actor.saveRule' ? 1 : 0)) throw new Error(`notifySaveFailed ran ${toasts} times`);
      if (
        step.event.type === 'xstate.error.actor.saveRule' &&
        before &&
        JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)
      )
        throw new Error('a refusal changed the form');
      if (step.event.type === 'xstate.done.actor.loadForm' && after.id !== null && step.after.hasTag('form')) {
        if (after.form.values.ruleName !== visaRule.name || after.form.values.issuers.join() !== visaRule.issuer.join())
          throw new Error('the rule was not filled in');
      }
    }
  },
});
