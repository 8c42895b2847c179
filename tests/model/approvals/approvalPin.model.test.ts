import { approvalPinMachine, pinFormKit, type ApprovalPinContext } from '../../../src/machines/approvals/approvalPin.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** D310, D317: the owner sets or changes the six-digit approval PIN on /approvals. */

const unset = { is_set: false, set_at: null, locked_until: null };
const set = { is_set: true, set_at: 1_790_000_000, locked_until: null };
const locked = { is_set: true, set_at: 1_790_000_000, locked_until: 1_790_000_300 };

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadPinState', output: unset },
  { type: 'xstate.done.actor.loadPinState', output: locked },
  { type: 'xstate.error.actor.loadPinState', error: networkError },
  { type: 'RETRY' },
  { type: 'REFRESH' },
  { type: 'FIELD.CHANGE', field: 'pin', value: '48291' },
  { type: 'FIELD.CHANGE', field: 'pin', value: '482913' },
  { type: 'FIELD.CHANGE', field: 'confirm', value: '482913' },
  { type: 'FIELD.BLUR', field: 'confirm' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.setPin', output: set },
  { type: 'xstate.error.actor.setPin', error: networkError },
  { type: 'xstate.error.actor.setPin', error: serviceError('PERMISSION_DENY', 403) },
];

describeModel({
  name: 'approvalPin',
  machine: approvalPinMachine,
  promiseActors: ['loadPinState', 'setPin'],
  spyActions: ['notifySaved'],
  variants: [
    {
      variant: 'owner',
      events,
      project: ((c: ApprovalPinContext) => ({
        set: c.state?.is_set ?? null,
        locked: c.state?.locked_until !== null && c.state !== null,
        pin: c.form.values.pin.length,
        same: c.form.values.pin === c.form.values.confirm,
        shown: Object.keys(pinFormKit.shown(c.form)).sort(),
        error: c.form.saveError ?? c.loadError,
      })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ApprovalPinContext | undefined;
      const after = step.after.context as ApprovalPinContext;
      const actions = step.actions.map((a) => a.action);
      // Only six digits typed twice alike are sent.
      for (const call of step.invoked.filter((c) => c.id === 'setPin')) {
        const pin = (call.input as { pin: string }).pin;
        if (!/^\d{6}$/.test(pin) || before?.form.values.confirm !== pin) throw new Error(`sent ${pin}`);
      }
      // Saved: said, and the PIN is not kept on screen; refused or lost: everything typed stays.
      if (step.event.type === 'xstate.done.actor.setPin' && (!actions.includes('notifySaved') || after.form.values.pin !== ''))
        throw new Error('a saved PIN was kept or not said');
      if (step.event.type === 'xstate.error.actor.setPin') {
        if (JSON.stringify(before?.form.values) !== JSON.stringify(after.form.values)) throw new Error('a failure lost what was typed');
        if (after.form.saveError === null) throw new Error('a failure said nothing');
      }
      if (
        step.event.type === 'SUBMIT' &&
        before &&
        !pinFormKit.valid(before.form.values) &&
        Object.keys(pinFormKit.shown(after.form)).length === 0
      )
        throw new Error('a refused save did not say why');
    }
  },
});
