import { assign, fromPromise, setup } from 'xstate';
import type { SaleMerchant, SaleSettingsChange, Subscription } from '../../services/onboarding/schemas';
import { visibleText } from '../../rules/text';
import { errorCode, notProvided } from '../../rules/serviceError';
import {
  acceptsPointInput,
  categoryError,
  categoryName,
  pointError,
  pointField,
  websiteError,
  websiteField,
  websiteRest,
  websiteUrl,
} from './rules/wizard';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /sale-register (doc 2 §2 "Onboarding of the sales feature", §4 Onboarding, §5 code popup, §8, §9):
 * loads the subscription (GET /saas/subscription) and the sale settings (GET /saas/merchant); a
 * failing load shows the error screen with retry. Not active: step 1, the free card (POST
 * /saas/subscription/register/free) or the code popup (code required, type_id 2); a refusal keeps
 * what was typed and says why in a toast titled "Thất bại"/"Failed". Active (or once activated): the
 * 3-step wizard (D169) — the ordering website, the reward-point percent, the first category — where
 * Next saves the step and moves on, Skip moves on, and "Skip all" shows a loading popup for 1 s
 * (`skipAllDelay`) and goes to step 4. Step 4 (success) moves on to /sale-customer after 3.2 s
 * (`redirectDelay`), or at once with GO_NOW.
 * Two shared forms (../shared/form/form.ts, D283), each edited by FIELD.CHANGE: the code popup's
 * `codeForm` (its refusal is the form's `saveError`) and the wizard's `form` (website, points,
 * category; each step checks and shows only its own field, and starts with nothing said).
 */

/** The code popup's field. */
export interface CodeValues {
  code: string;
}

/** The wizard's fields, one per step. */
export interface WizardValues {
  website: string;
  points: string;
  category: string;
}

/** The code is only required (Apply is disabled while it is empty); the service judges the rest. */
export const codeFormKit = defineForm<CodeValues, keyof CodeValues, never>({ rules: { code: () => null } });

/** The wizard's rules (the step's field message, `validation.<code>`), in step order. */
export const wizardFormKit = defineForm<WizardValues, keyof WizardValues, string>({
  rules: { website: websiteError, points: pointError, category: categoryError },
});

export type WizardStep = 'website' | 'points' | 'category';

export interface SaleOnboardingContext {
  merchantId: string;
  subscription: Subscription | null;
  /** Read-only in the website step (the business profile's). */
  address: string;
  hotline: string;
  /** The code typed; why the last code was refused (`saveError`, catalogue code). */
  codeForm: FormState<CodeValues>;
  /** Website, points, category; the step's message after its first Next (`showErrors`); why its call was refused (`saveError`). */
  form: FormState<WizardValues>;
  loadError: string | null;
}

export type SaleOnboardingEvent =
  | { type: 'RETRY' }
  | { type: 'FREE.ACTIVATE' }
  | { type: 'CODE.OPEN' }
  | FormFieldEvent<CodeValues>
  | { type: 'CODE.APPLY' }
  | { type: 'CODE.CLOSE' }
  | FormFieldEvent<WizardValues>
  | { type: 'NEXT' }
  | { type: 'SKIP' }
  | { type: 'SKIP_ALL' }
  | { type: 'GO_NOW' };

/** doc 2 §9 */
export const SKIP_ALL_MS = 1000;
export const REDIRECT_MS = 3200;

export const saleOnboardingMachine = setup({
  types: {
    context: {} as SaleOnboardingContext,
    events: {} as SaleOnboardingEvent,
    tags: {} as 'loading' | 'failed' | 'plans' | 'codePopup' | 'busy' | 'wizard' | WizardStep | 'skipping' | 'success',
  },
  actors: {
    loadConfig: fromPromise<{ subscription: Subscription; merchant: SaleMerchant }, void>(async () => {
      throw notProvided('loadConfig');
    }),
    registerFree: fromPromise<Subscription, { entityId: string }>(async () => {
      throw notProvided('registerFree');
    }),
    registerCode: fromPromise<Subscription, { code: string; entityId: string }>(async () => {
      throw notProvided('registerCode');
    }),
    saveSettings: fromPromise<SaleMerchant, SaleSettingsChange>(async () => {
      throw notProvided('saveSettings');
    }),
    createCategory: fromPromise<{ id: number }, { name: string }>(async () => {
      throw notProvided('createCategory');
    }),
  },
  delays: {
    skipAllDelay: SKIP_ALL_MS,
    redirectDelay: REDIRECT_MS,
  },
  actions: {
    assignConfig: assign(({ context }, params: { subscription: Subscription; merchant: SaleMerchant }) => ({
      subscription: params.subscription,
      merchantId: params.merchant.merchant_id,
      address: params.merchant.address,
      hotline: params.merchant.hotline,
      form: wizardFormKit.change(
        wizardFormKit.change(context.form, 'website', websiteField(params.merchant.website)),
        'points',
        pointField(params.merchant.point_percent),
      ),
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    assignSubscription: assign(({ context }, params: { subscription: Subscription }) => ({
      subscription: params.subscription,
      codeForm: { ...context.codeForm, saveError: null },
    })),
    // Typing a code clears its last refusal.
    setCode: assign(({ context }, params: { value: string }) => ({ codeForm: codeFormKit.change(context.codeForm, 'code', params.value) })),
    assignCodeError: assign(({ context }, params: { error: unknown }) => ({
      codeForm: codeFormKit.failed(context.codeForm, params.error),
    })),
    // A step's field; the step's refusal stays said until the next Next (as before the toolkit).
    setField: assign(({ context }, params: { field: keyof WizardValues; value: string }) => ({
      form: { ...wizardFormKit.change(context.form, params.field, params.value), saveError: context.form.saveError },
    })),
    revealErrors: assign(({ context }) => ({ form: wizardFormKit.refuse(context.form) })),
    startStep: assign(({ context }) => ({ form: { ...context.form, showErrors: false, saveError: null } })),
    assignSaveError: assign(({ context }, params: { error: unknown }) => ({ form: wizardFormKit.failed(context.form, params.error) })),
    // Provided by the app: the toasts (doc 2 §8 "Free card or code failure": titled "Thất bại").
    notifyRegisterFailed: (_, _params: { code: string }) => {},
    notifyStepFailed: (_, _params: { step: WizardStep; code: string }) => {},
  },
  guards: {
    active: (_, params: { subscription: Subscription }) => params.subscription.is_active,
    codeFilled: ({ context }) => visibleText(context.codeForm.values.code) !== '',
    isCodeField: (_, params: { field: string }) => params.field === 'code',
    isField: (_, params: { field: string; expected: keyof WizardValues }) => params.field === params.expected,
    pointInput: (_, params: { field: string; value: string }) => params.field === 'points' && acceptsPointInput(params.value),
    // Each step checks only its own field.
    websiteValid: ({ context }) => wizardFormKit.errors(context.form.values).website === undefined,
    pointsValid: ({ context }) => wizardFormKit.errors(context.form.values).points === undefined,
    categoryValid: ({ context }) => wizardFormKit.errors(context.form.values).category === undefined,
  },
}).createMachine({
  id: 'saleOnboarding',
  context: {
    merchantId: '',
    subscription: null,
    address: '',
    hotline: '',
    codeForm: codeFormKit.initial({ code: '' }),
    form: wizardFormKit.initial({ website: '', points: '', category: '' }),
    loadError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /saas/subscription and GET /saas/merchant: whether the feature is on, and the settings the wizard shows.',
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: [
          {
            guard: { type: 'active', params: ({ event }) => ({ subscription: event.output.subscription }) },
            target: 'wizard',
            description: 'Already active: straight to the wizard (doc 2 §2).',
            actions: { type: 'assignConfig', params: ({ event }) => event.output },
          },
          { target: 'plans', actions: { type: 'assignConfig', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'doc 2 §8 "Onboarding configuration error": onboard_error_title, onboard_error_desc and retry.',
      on: { RETRY: 'loading' },
    },
    plans: {
      tags: ['plans'],
      description: 'Step 1: the free card, and the popup for a full-package purchase or referral code.',
      initial: 'choosing',
      states: {
        choosing: {
          on: { 'FREE.ACTIVATE': 'activating', 'CODE.OPEN': 'code' },
        },
        activating: {
          tags: ['busy'],
          description: 'POST /saas/subscription/register/free {entity_id}.',
          invoke: {
            id: 'registerFree',
            src: 'registerFree',
            input: ({ context }) => ({ entityId: context.merchantId }),
            onDone: {
              target: '#saleOnboarding.wizard',
              actions: { type: 'assignSubscription', params: ({ event }) => ({ subscription: event.output }) },
            },
            onError: {
              target: 'choosing',
              actions: { type: 'notifyRegisterFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
            },
          },
        },
        code: {
          tags: ['codePopup'],
          initial: 'editing',
          states: {
            editing: {
              description: 'The code field; Apply is disabled while it is empty (doc 2 §5).',
              on: {
                'FIELD.CHANGE': {
                  guard: { type: 'isCodeField', params: ({ event }) => ({ field: event.field }) },
                  actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) },
                },
                'CODE.APPLY': { guard: 'codeFilled', target: 'applying' },
                'CODE.CLOSE': '#saleOnboarding.plans.choosing',
              },
            },
            applying: {
              tags: ['busy'],
              description: 'POST /saas/subscription/register/code {code, entity_id, type_id: 2}; the popup is read-only.',
              invoke: {
                id: 'registerCode',
                src: 'registerCode',
                input: ({ context }) => ({ code: visibleText(context.codeForm.values.code), entityId: context.merchantId }),
                onDone: {
                  target: '#saleOnboarding.wizard',
                  actions: { type: 'assignSubscription', params: ({ event }) => ({ subscription: event.output }) },
                },
                onError: {
                  target: 'editing',
                  description: 'Refused (CODE_INVALID) or failed: the popup stays with the code as typed.',
                  actions: [
                    { type: 'assignCodeError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'notifyRegisterFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
    wizard: {
      tags: ['wizard'],
      initial: 'website',
      states: {
        website: {
          tags: ['website'],
          entry: 'startStep',
          description: 'Step 1 of 3: the ordering website (https:// fixed, spaces stripped); address and hotline read-only.',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'FIELD.CHANGE': {
                  guard: { type: 'isField', params: ({ event }) => ({ field: event.field, expected: 'website' as const }) },
                  actions: { type: 'setField', params: ({ event }) => ({ field: 'website' as const, value: websiteRest(event.value) }) },
                },
                NEXT: [{ guard: 'websiteValid', target: 'saving' }, { actions: 'revealErrors' }],
                SKIP: '#saleOnboarding.wizard.points',
                SKIP_ALL: '#saleOnboarding.skippingAll',
              },
            },
            saving: {
              tags: ['busy'],
              description: 'PUT /saas/merchant {website}.',
              invoke: {
                id: 'saveWebsite',
                src: 'saveSettings',
                input: ({ context }) => ({ website: websiteUrl(context.form.values.website) }),
                onDone: '#saleOnboarding.wizard.points',
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'notifyStepFailed', params: ({ event }) => ({ step: 'website' as const, code: errorCode(event.error) }) },
                  ],
                },
              },
            },
          },
        },
        points: {
          tags: ['points'],
          entry: 'startStep',
          description: 'Step 2 of 3: the reward-point percent (digits, one optional decimal point; 1 point = 1 VND).',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'FIELD.CHANGE': {
                  guard: { type: 'pointInput', params: ({ event }) => ({ field: event.field, value: event.value }) },
                  description: 'Anything but digits and one decimal point is refused; the field keeps its value.',
                  actions: { type: 'setField', params: ({ event }) => ({ field: 'points' as const, value: event.value }) },
                },
                NEXT: [{ guard: 'pointsValid', target: 'saving' }, { actions: 'revealErrors' }],
                SKIP: '#saleOnboarding.wizard.category',
                SKIP_ALL: '#saleOnboarding.skippingAll',
              },
            },
            saving: {
              tags: ['busy'],
              description: 'PUT /saas/merchant {point_percent}.',
              invoke: {
                id: 'savePoints',
                src: 'saveSettings',
                input: ({ context }) => ({ point_percent: Number(context.form.values.points) }),
                onDone: '#saleOnboarding.wizard.category',
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'notifyStepFailed', params: ({ event }) => ({ step: 'points' as const, code: errorCode(event.error) }) },
                  ],
                },
              },
            },
          },
        },
        category: {
          tags: ['category'],
          entry: 'startStep',
          description: 'Step 3 of 3: the first product category.',
          initial: 'editing',
          states: {
            editing: {
              on: {
                'FIELD.CHANGE': {
                  guard: { type: 'isField', params: ({ event }) => ({ field: event.field, expected: 'category' as const }) },
                  actions: { type: 'setField', params: ({ event }) => ({ field: 'category' as const, value: event.value }) },
                },
                NEXT: [{ guard: 'categoryValid', target: 'saving' }, { actions: 'revealErrors' }],
                SKIP: '#saleOnboarding.success',
                SKIP_ALL: '#saleOnboarding.skippingAll',
              },
            },
            saving: {
              tags: ['busy'],
              description: 'POST /category/ {name, description: ""}.',
              invoke: {
                id: 'createCategory',
                src: 'createCategory',
                input: ({ context }) => ({ name: categoryName(context.form.values.category) }),
                onDone: '#saleOnboarding.success',
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'notifyStepFailed', params: ({ event }) => ({ step: 'category' as const, code: errorCode(event.error) }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
    skippingAll: {
      tags: ['skipping', 'wizard'],
      description: '"Skip all": a loading popup for 1 s, then step 4 (doc 2 §4, §9).',
      after: { skipAllDelay: 'success' },
    },
    success: {
      tags: ['success'],
      description: 'Step 4: done; account details are e-mailed within 2 hours; on to /sale-customer after 3.2 s or at once.',
      after: { redirectDelay: 'done' },
      on: { GO_NOW: 'done' },
    },
    done: { type: 'final', description: 'The app opens /sale-customer.' },
  },
});
