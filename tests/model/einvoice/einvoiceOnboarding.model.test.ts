import {
  einvoiceOnboardingMachine,
  onboardingProblems,
  type OnboardingContext,
} from '../../../src/machines/einvoice/einvoiceOnboarding.machine';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** doc 2 §2 /e-inv-onboarding (widget → contract → e-mail notice → /dashboard), §8 configuration error, §9 plans. */

const events: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'provider', value: 'misa' },
  { type: 'FIELD.CHANGE', field: 'plan', value: 'pro' },
  { type: 'FIELD.CHANGE', field: 'contactName', value: 'Nguyễn Văn A' },
  { type: 'FIELD.CHANGE', field: 'email', value: 'a@phoco.vn' },
  { type: 'FIELD.CHANGE', field: 'email', value: 'not-an-email' },
  { type: 'FIELD.CHANGE', field: 'phone', value: '0912345678' },
  { type: 'FIELD.BLUR', field: 'email' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.prepareContract', output: 'EINV-ORDER-1' },
  { type: 'xstate.error.actor.prepareContract', error: new Error('no crypto') },
  { type: 'SIGN' },
  { type: 'BACK' },
  { type: 'DONE' },
  { type: 'RETRY' },
];

const project = ((c: OnboardingContext) => ({
  problems: onboardingProblems(c.form.values),
  order: c.orderId !== null,
})) as (context: never) => unknown;

describeModel({
  name: 'einvoiceOnboarding',
  machine: einvoiceOnboardingMachine,
  promiseActors: ['prepareContract'],
  spyActions: ['reloadPage'],
  variants: [
    { variant: 'with tax code', input: { taxNo: '0108123455' }, events, project },
    { variant: 'without tax code', input: { taxNo: null }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const ctx = step.after.context as OnboardingContext;
      if (step.after.hasTag('contract') && !Object.values(onboardingProblems(ctx.form.values)).every((p) => p === null))
        throw new Error('contract with an invalid form');
      if (step.event.type === 'RETRY' && step.actions.filter((a) => a.action === 'reloadPage').length !== 1)
        throw new Error('retry did not reload');
      const before = step.before?.context as OnboardingContext | undefined;
      if (step.event.type === 'BACK' && before && JSON.stringify(before.form.values) !== JSON.stringify(ctx.form.values))
        throw new Error('back lost what was typed');
      // D284: a refused Submit keeps every value.
      if (step.event.type === 'SUBMIT' && before && step.after.hasTag('form') && !step.after.hasTag('busy')) {
        if (JSON.stringify(before.form.values) !== JSON.stringify(ctx.form.values)) throw new Error('the refusal changed the form');
      }
    }
  },
});
