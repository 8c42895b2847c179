import type { AnyMachineSnapshot } from 'xstate';
import { saleOnboardingMachine, type SaleOnboardingContext } from '../../../src/machines/onboarding/saleOnboarding.machine';
import { categoryError, pointError, POINT_INPUT, websiteError, WEBSITE_PREFIX } from '../../../src/machines/onboarding/rules/wizard';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { freePlan, fullPlan, inactive, merchant } from './fixtures';

const registerEvents: SampleEvent[] = [
  { type: 'FREE.ACTIVATE' },
  { type: 'CODE.OPEN' },
  { type: 'FIELD.CHANGE', field: 'code', value: '   ' },
  { type: 'FIELD.CHANGE', field: 'code', value: ' SALE-FULL-2026 ' },
  { type: 'CODE.APPLY' },
  { type: 'CODE.CLOSE' },
  { type: 'xstate.done.actor.registerFree', output: freePlan },
  { type: 'xstate.error.actor.registerFree', error: networkError },
  { type: 'xstate.done.actor.registerCode', output: fullPlan },
  { type: 'xstate.error.actor.registerCode', error: serviceError('CODE_INVALID', 400, { field: 'code' }) },
];

const wizardEvents: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'website', value: 'order.pho co.vn' },
  { type: 'FIELD.CHANGE', field: 'website', value: 'not a site' },
  { type: 'FIELD.CHANGE', field: 'points', value: '2.5' },
  { type: 'FIELD.CHANGE', field: 'points', value: '250' },
  // Refused as typed (a letter, a second point): the field keeps its value.
  { type: 'FIELD.CHANGE', field: 'points', value: '2e' },
  { type: 'FIELD.CHANGE', field: 'points', value: '1.2.3' },
  { type: 'FIELD.CHANGE', field: 'category', value: ' Bánh mì ' },
  { type: 'FIELD.CHANGE', field: 'category', value: '  ' },
  { type: 'NEXT' },
  { type: 'SKIP' },
  { type: 'SKIP_ALL' },
  { type: 'GO_NOW' },
  { type: 'xstate.done.actor.saveWebsite', output: merchant },
  { type: 'xstate.error.actor.saveWebsite', error: serviceError('BAD_REQUEST', 400, { field: 'website' }) },
  { type: 'xstate.done.actor.savePoints', output: merchant },
  { type: 'xstate.error.actor.savePoints', error: networkError },
  { type: 'xstate.done.actor.createCategory', output: { id: 40 } },
  { type: 'xstate.error.actor.createCategory', error: serviceError('NAME_CODE_EXIST', 409) },
];

/**
 * Each FIELD.CHANGE sample where its field is on screen (the code in its popup, a wizard field in its
 * step), as the per-field events were before the one dialect (D283): a change of another step's field
 * cannot be sent from the screen.
 */
const onScreen =
  (events: readonly SampleEvent[]) =>
  (snapshot: AnyMachineSnapshot): readonly SampleEvent[] =>
    events.filter((event) => {
      if (event.type !== 'FIELD.CHANGE') return true;
      const field = String((event as { field?: unknown }).field);
      return snapshot.hasTag(field === 'code' ? 'codePopup' : field);
    });

function project(c: SaleOnboardingContext) {
  return {
    code: c.codeForm.values.code.trim() !== '',
    codeError: c.codeForm.saveError,
    website: websiteError(c.form.values.website),
    points: pointError(c.form.values.points),
    category: categoryError(c.form.values.category),
    showErrors: c.form.showErrors,
    saveError: c.form.saveError,
  };
}

describeModel({
  name: 'saleOnboarding',
  machine: saleOnboardingMachine,
  promiseActors: ['loadConfig', 'registerFree', 'registerCode', 'saveSettings', 'createCategory'],
  spyActions: ['notifyRegisterFailed', 'notifyStepFailed'],
  variants: [
    {
      variant: 'not active',
      events: onScreen([
        { type: 'xstate.done.actor.loadConfig', output: { subscription: inactive, merchant } },
        { type: 'xstate.error.actor.loadConfig', error: networkError },
        { type: 'RETRY' },
        ...registerEvents,
      ]),
      // The wizard after activation is the 'active' variant's.
      // FIELD.CHANGE is the code popup's too (D283): only the code's samples are in this variant.
      ignore: [...new Set(wizardEvents.map((e) => e.type))].filter((type) => type !== 'FIELD.CHANGE'),
      project: project as (context: never) => unknown,
    },
    {
      variant: 'active',
      events: onScreen([
        { type: 'xstate.done.actor.loadConfig', output: { subscription: freePlan, merchant } },
        { type: 'xstate.error.actor.loadConfig', error: serviceError('UNKNOWN_ERROR', 500) },
        ...wizardEvents,
      ]),
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as SaleOnboardingContext | undefined;
      const after = step.after.context as SaleOnboardingContext;
      const type = step.event.type;
      for (const call of step.invoked) {
        const input = call.input as Record<string, unknown>;
        if (call.id === 'registerFree' && input.entityId !== merchant.merchant_id) throw new Error('activated another merchant');
        if (call.id === 'registerCode') {
          // doc 2 §5: never an empty code; what was typed, trimmed.
          if (input.code !== after.codeForm.values.code.trim() || input.code === '')
            throw new Error(`sent code ${JSON.stringify(input.code)}`);
          if (input.entityId !== merchant.merchant_id) throw new Error('registered another merchant');
        }
        if (call.id === 'saveWebsite') {
          const url = String(input.website);
          if (!url.startsWith(WEBSITE_PREFIX) || /\s/.test(url) || websiteError(after.form.values.website) !== null)
            throw new Error(`sent website ${url}`);
        }
        if (
          call.id === 'savePoints' &&
          (pointError(after.form.values.points) !== null || input.point_percent !== Number(after.form.values.points))
        )
          throw new Error(`sent points ${JSON.stringify(input)}`);
        if (
          call.id === 'createCategory' &&
          (categoryError(after.form.values.category) !== null || input.name !== after.form.values.category.trim())
        )
          throw new Error(`sent category ${JSON.stringify(input)}`);
      }
      if (!POINT_INPUT.test(after.form.values.points)) throw new Error(`points field holds ${after.form.values.points}`);
      const refusals = step.actions.filter((a) => a.action === 'notifyRegisterFailed').length;
      const expected = type === 'xstate.error.actor.registerFree' || type === 'xstate.error.actor.registerCode' ? 1 : 0;
      if (refusals !== expected) throw new Error(`notifyRegisterFailed ran ${refusals} times`);
      // doc 2 §8 / CONTRACT G: what was typed stays after a refused code.
      if (
        type === 'xstate.error.actor.registerCode' &&
        before &&
        (before.codeForm.values.code !== after.codeForm.values.code || !step.after.hasTag('codePopup'))
      )
        throw new Error('a refused code lost the popup or what was typed');
      if (type.startsWith('xstate.error.actor.save') || type === 'xstate.error.actor.createCategory') {
        if (step.actions.filter((a) => a.action === 'notifyStepFailed').length !== 1) throw new Error('a failed step said nothing');
        if (before && JSON.stringify(project(before)) !== JSON.stringify({ ...project(after), saveError: before.form.saveError }))
          throw new Error('a failed save changed the form');
      }
      if (type === 'SKIP_ALL' && !step.after.hasTag('skipping')) throw new Error('skip all did not show the loading popup');
      if (type === 'xstate.after.skipAllDelay.saleOnboarding.skippingAll' && !step.after.hasTag('success'))
        throw new Error('skip all did not reach step 4');
    }
  },
});
