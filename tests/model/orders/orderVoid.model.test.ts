import { orderVoidMachine, type OrderVoidContext, type VoidOrderInput } from '../../../src/machines/orders/orderVoid.machine';
import { voidProblem } from '../../../src/rules/orderVoid';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { detailOf, voided } from './fixtures';

/** D301, issue 27 §1: voiding an order with a reason, once. */

function project(c: OrderVoidContext) {
  return { reason: c.reason, note: c.note === '' ? '' : c.note.length > 200 ? 'long' : 'some', shown: c.showErrors, error: c.error };
}

describeModel({
  name: 'orderVoid',
  machine: orderVoidMachine,
  promiseActors: ['voidOrder', 'approve'],
  spyActions: ['notifyVoided'],
  variants: [
    {
      input: { orderId: 41 },
      variant: 'void',
      events: [
        { type: 'OPEN' },
        { type: 'CANCEL' },
        { type: 'REASON.SET', reason: 'CUSTOMER_LEFT' },
        { type: 'REASON.SET', reason: 'OTHER' },
        { type: 'NOTE.SET', value: 'Khách đổi ý' },
        { type: 'SUBMIT' },
        { type: 'RETRY' },
        { type: 'xstate.done.actor.voidOrder', output: detailOf(voided, 2) },
        { type: 'xstate.error.actor.voidOrder', error: networkError },
        { type: 'xstate.error.actor.voidOrder', error: serviceError('ORDER_PAID', 409) },
        { type: 'xstate.error.actor.voidOrder', error: serviceError('ORDER_VOIDED', 409) },
        // D310: a staff member's void waits for the owner's approval.
        { type: 'xstate.error.actor.voidOrder', error: serviceError('APPROVAL_REQUIRED', 403, { kind: 'VOID', pin_set: true }) },
        { type: 'xstate.done.actor.approve', output: { done: true } },
        { type: 'xstate.done.actor.approve', output: { done: false } },
        { type: 'xstate.error.actor.approve', error: networkError },
      ],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    const keys: string[] = [];
    for (const step of outcome.steps) {
      const before = step.before?.context as OrderVoidContext | undefined;
      const after = step.after.context as OrderVoidContext;
      const type = step.event.type;
      for (const call of step.invoked) {
        if (call.id !== 'voidOrder') continue;
        const input = call.input as VoidOrderInput;
        // An invalid reason is never sent; the one sent is the one shown.
        if (voidProblem(input.reason, input.note) !== null) throw new Error('sent a void without a valid reason');
        if (before && (input.reason !== before.reason || input.note !== before.note.trim()))
          throw new Error('sent another reason than shown');
        if (step.before?.hasTag('voiding')) throw new Error('a second void while the first was on its way');
        // A retry repeats the attempt with its key; a new attempt has a new key.
        if (type === 'RETRY' && input.key !== before?.key) throw new Error('a retry changed the key');
        if (type === 'SUBMIT' && keys.includes(input.key) && before?.error === null && step.before?.hasTag('voidFailed'))
          throw new Error('a new attempt reused a key');
        keys.push(input.key);
      }
      if (type === 'xstate.error.actor.voidOrder' && before) {
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        if (code !== 'ORDER_VOIDED' && (after.reason !== before.reason || after.note !== before.note))
          throw new Error('a failure lost the reason typed');
        if (code === 'ORDER_VOIDED' && !step.after.hasTag('voided')) throw new Error('an order voided already was not taken as voided');
        if (code === 'NETWORK_ERROR' && !step.after.hasTag('voidFailed')) throw new Error('a lost answer was not said');
      }
      if (type === 'xstate.done.actor.approve' && step.after.hasTag('voided') && !step.actions.some((a) => a.action === 'notifyVoided'))
        throw new Error('an approved void said nothing');
      if (type === 'xstate.done.actor.voidOrder' && !step.actions.some((a) => a.action === 'notifyVoided'))
        throw new Error('a void said nothing');
      if (type === 'SUBMIT' && before && voidProblem(before.reason, before.note) !== null && !after.showErrors)
        throw new Error('a refused submit did not show why');
    }
  },
});
