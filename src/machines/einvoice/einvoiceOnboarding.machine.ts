import { assign, fromPromise, setup } from 'xstate';
import type { ProviderRoute } from '../../services/einvoice/core/types';
import { isValidEmail } from '../../rules/email';
import { nationalPhone } from '../../rules/phone';
import { notProvided } from '../../rules/serviceError';

/**
 * /e-inv-onboarding (doc 2 §2 "Other e-invoice screens", §8 onboarding configuration error, §9 plans;
 * D202): the provider's registration widget, drawn here as an in-portal form (the widget cannot be
 * loaded: no provider script may run in the portal), given the merchant's tax code; then the contract
 * modal with its order id, then the e-mail notice, then /dashboard. Without a tax code the widget has
 * nothing to register: the configuration error screen, whose retry reloads.
 */

export type OnboardingPlan = 'startup' | 'pro';
export const ONBOARDING_PLANS: readonly OnboardingPlan[] = ['startup', 'pro'];
/** doc 2 §9: Start Up 300 invoices, Pro 500 invoices. */
export const PLAN_INVOICES: Record<OnboardingPlan, number> = { startup: 300, pro: 500 };

export interface OnboardingInput {
  /** The merchant's tax code (session tax_no); null: the widget cannot be configured. */
  taxNo: string | null;
}

export interface OnboardingContext {
  taxNo: string | null;
  provider: ProviderRoute | null;
  plan: OnboardingPlan | null;
  contactName: string;
  email: string;
  phone: string;
  showErrors: boolean;
  orderId: string | null;
}

export type OnboardingEvent =
  | { type: 'PROVIDER.SELECT'; provider: ProviderRoute }
  | { type: 'PLAN.SELECT'; plan: OnboardingPlan }
  | { type: 'NAME.CHANGE'; value: string }
  | { type: 'EMAIL.CHANGE'; value: string }
  | { type: 'PHONE.CHANGE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'SIGN' }
  | { type: 'BACK' }
  | { type: 'DONE' }
  | { type: 'RETRY' };

export type OnboardingField = 'provider' | 'plan' | 'contactName' | 'email' | 'phone';

/** Each field's problem (i18n key suffix), or null. */
export function onboardingProblems(c: Pick<OnboardingContext, OnboardingField>): Record<OnboardingField, string | null> {
  return {
    provider: c.provider ? null : 'required',
    plan: c.plan ? null : 'required',
    contactName: c.contactName.trim() ? (c.contactName.trim().length > 100 ? 'tooLong' : null) : 'required',
    email: c.email.trim() ? (isValidEmail(c.email.trim()) ? null : 'invalid') : 'required',
    phone: c.phone.trim() ? (nationalPhone(c.phone.trim()) ? null : 'invalid') : 'required',
  };
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
    assignProvider: assign((_, params: { provider: ProviderRoute }) => ({ provider: params.provider })),
    assignPlan: assign((_, params: { plan: OnboardingPlan }) => ({ plan: params.plan })),
    assignName: assign((_, params: { value: string }) => ({ contactName: params.value })),
    assignEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    assignPhone: assign((_, params: { value: string }) => ({ phone: params.value })),
    showErrors: assign({ showErrors: true }),
    assignOrderId: assign((_, params: { orderId: string }) => ({ orderId: params.orderId })),
    // The route reloads the page (doc 2 §8: "retry reloads").
    reloadPage: () => {},
  },
  guards: {
    noTaxNo: ({ context }) => !context.taxNo,
    formValid: ({ context }) => Object.values(onboardingProblems(context)).every((problem) => problem === null),
  },
}).createMachine({
  id: 'einvoiceOnboarding',
  context: ({ input }) => ({
    taxNo: input.taxNo,
    provider: null,
    plan: null,
    contactName: '',
    email: '',
    phone: '',
    showErrors: false,
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
        'PROVIDER.SELECT': { actions: { type: 'assignProvider', params: ({ event }) => ({ provider: event.provider }) } },
        'PLAN.SELECT': { actions: { type: 'assignPlan', params: ({ event }) => ({ plan: event.plan }) } },
        'NAME.CHANGE': { actions: { type: 'assignName', params: ({ event }) => ({ value: event.value }) } },
        'EMAIL.CHANGE': { actions: { type: 'assignEmail', params: ({ event }) => ({ value: event.value }) } },
        'PHONE.CHANGE': { actions: { type: 'assignPhone', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: [{ guard: 'formValid', target: 'preparing' }, { actions: 'showErrors' }],
      },
    },
    preparing: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'prepareContract',
        src: 'prepareContract',
        input: ({ context }) => ({ provider: context.provider!, plan: context.plan! }),
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
export const selectOnboardingProblems = (s: Snapshot) => (s.context.showErrors ? onboardingProblems(s.context) : null);
