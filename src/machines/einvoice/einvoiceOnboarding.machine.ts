import { assign, fromPromise, setup } from 'xstate';
import type { ProviderRoute } from '../../services/einvoice/core/types';
import { isValidEmail } from '../../rules/email';
import { nationalPhone } from '../../rules/phone';
import { notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /e-inv-onboarding (doc 2 §2 "Other e-invoice screens", §8 onboarding configuration error, §9 plans;
 * D202): the provider's registration widget, drawn here as an in-portal form (the widget cannot be
 * loaded: no provider script may run in the portal), given the merchant's tax code; then the contract
 * modal with its order id, then the e-mail notice, then /dashboard. Without a tax code the widget has
 * nothing to register: the configuration error screen, whose retry reloads.
 * The five choices and texts are the shared form (../shared/form/form.ts, D283): one FIELD.CHANGE
 * dialect, each problem shown once Submit was pressed, as before.
 */

export type OnboardingPlan = 'startup' | 'pro';
export const ONBOARDING_PLANS: readonly OnboardingPlan[] = ['startup', 'pro'];
/** doc 2 §9: Start Up 300 invoices, Pro 500 invoices. */
export const PLAN_INVOICES: Record<OnboardingPlan, number> = { startup: 300, pro: 500 };

export interface OnboardingInput {
  /** The merchant's tax code (session tax_no); null: the widget cannot be configured. */
  taxNo: string | null;
}

/** The registration's values, in screen order. */
export interface OnboardingValues {
  provider: ProviderRoute | null;
  plan: OnboardingPlan | null;
  contactName: string;
  email: string;
  phone: string;
}

export type OnboardingField = keyof OnboardingValues;
/** A field's problem (i18n `onboarding.problems.<code>`). */
export type OnboardingProblem = 'required' | 'tooLong' | 'invalid';

export const EMPTY_ONBOARDING: OnboardingValues = { provider: null, plan: null, contactName: '', email: '', phone: '' };

export interface OnboardingContext {
  taxNo: string | null;
  /** The widget's fields; what was typed stays through the contract's Back. */
  form: FormState<OnboardingValues>;
  orderId: string | null;
}

export type OnboardingEvent =
  FormFieldEvent<OnboardingValues> | { type: 'SUBMIT' } | { type: 'SIGN' } | { type: 'BACK' } | { type: 'DONE' } | { type: 'RETRY' };

const required = (value: unknown): OnboardingProblem | null => (value ? null : 'required');
const text = (check: (trimmed: string) => OnboardingProblem | null) => (value: string) => (value.trim() ? check(value.trim()) : 'required');

/** The form kit (D283): each field's own check; problems show after Submit only (no immediate codes, no blur). */
export const onboardingFormKit = defineForm<OnboardingValues, OnboardingField, OnboardingProblem>({
  rules: {
    provider: required,
    plan: required,
    contactName: text((name) => (name.length > 100 ? 'tooLong' : null)),
    email: text((email) => (isValidEmail(email) ? null : 'invalid')),
    phone: text((phone) => (nationalPhone(phone) ? null : 'invalid')),
  },
});

/** Each field's problem (i18n key suffix), or null. */
export function onboardingProblems(values: OnboardingValues): Record<OnboardingField, OnboardingProblem | null> {
  const found = onboardingFormKit.errors(values);
  return Object.fromEntries(onboardingFormKit.fields.map((field) => [field, found[field] ?? null])) as Record<
    OnboardingField,
    OnboardingProblem | null
  >;
}

export const einvoiceOnboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    tags: {} as 'form' | 'busy' | 'contract' | 'notice' | 'error',
  },
  actors: {
    /** The e-contract's order id (doc 2 §2: the contract is given orderId and a callback to /dashboard). */
    prepareContract: fromPromise<string, { provider: ProviderRoute; plan: OnboardingPlan }>(async () => {
      throw notProvided('prepareContract');
    }),
  },
  actions: {
    changeField: assign(({ context }, params: { event: Extract<OnboardingEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form: onboardingFormKit.change(context.form, params.event.field, params.event.value),
    })),
    blurField: assign(({ context }, params: { field: OnboardingField }) => ({ form: onboardingFormKit.blur(context.form, params.field) })),
    refuse: assign(({ context }) => ({ form: onboardingFormKit.refuse(context.form) })),
    assignOrderId: assign((_, params: { orderId: string }) => ({ orderId: params.orderId })),
    // The route reloads the page (doc 2 §8: "retry reloads").
    reloadPage: () => {},
  },
  guards: {
    noTaxNo: ({ context }) => !context.taxNo,
    formValid: ({ context }) => onboardingFormKit.valid(context.form.values),
  },
}).createMachine({
  id: 'einvoiceOnboarding',
  context: ({ input }) => ({
    taxNo: input.taxNo,
    form: onboardingFormKit.initial(EMPTY_ONBOARDING),
    orderId: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'noTaxNo', target: 'error' }, { target: 'form' }],
    },
    form: {
      tags: ['form'],
      description: 'The registration widget: provider, plan, contact; the tax code is the merchant’s.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [{ guard: 'formValid', target: 'preparing' }, { actions: 'refuse' }],
      },
    },
    preparing: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'prepareContract',
        src: 'prepareContract',
        input: ({ context }) => ({ provider: context.form.values.provider!, plan: context.form.values.plan! }),
        onDone: { target: 'contract', actions: { type: 'assignOrderId', params: ({ event }) => ({ orderId: event.output }) } },
        onError: { target: 'error' },
      },
    },
    contract: {
      tags: ['contract'],
      description: 'The contract modal with its order id: sign, or back to the form (nothing typed lost).',
      on: { SIGN: { target: 'notice' }, BACK: { target: 'form' } },
    },
    notice: {
      tags: ['notice'],
      description: 'The e-mail notice: the registration goes to the provider by e-mail (D202).',
      on: { DONE: { target: 'done' } },
    },
    error: {
      tags: ['error'],
      description: '“Oops! An error occurred”: the feature has technical issues; retry reloads the page.',
      on: { RETRY: { actions: 'reloadPage' } },
    },
    done: { type: 'final', description: 'The route goes to /dashboard.' },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: OnboardingContext };
export const selectOnboardingForm = (s: Snapshot) => s.context;
export const selectOnboardingInForm = (s: Snapshot) => s.hasTag('form');
export const selectOnboardingBusy = (s: Snapshot) => s.hasTag('busy');
export const selectOnboardingContract = (s: Snapshot) => s.hasTag('contract');
export const selectOnboardingNotice = (s: Snapshot) => s.hasTag('notice');
export const selectOnboardingError = (s: Snapshot) => s.hasTag('error');
export const selectOnboardingValues = (s: Snapshot) => s.context.form.values;
