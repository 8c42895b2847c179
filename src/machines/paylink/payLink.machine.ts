import { assign, fromPromise, setup } from 'xstate';
import type { CreateLinkBody, MerchantInfo, PaymentLink } from '../../services/checkout';
import { outcomeUnknown } from '../../rules/idempotency';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';
import { amountValue, orderIdValue, validatePayLinkForm, type AmountError, type OrderIdError } from './rules/payLink';

/**
 * /pay-by-link (doc 2 §2, §4 Pay by Link, §5; D146, D157). The widget id comes first
 * (GET /merchants/{id}?allow_create=True): without it no link can be made, and the screen says
 * create_payment_link_error with a retry. Then the form (order id, amount), the link made with
 * POST /payment-links, and the result (link, QR, copy). "Create another link" starts an empty form.
 *
 * Never two links for one click: the Idempotency-Key of an attempt lives in this tab's session
 * storage (the route's `createLink` actor reads it, D157); a lost answer keeps the form locked and
 * "try again" re-sends the same body with the same key, so the service answers the first link. The
 * key is forgotten only after a definite outcome (the link, or a refusal), and a key the service says
 * was used for another body (a form typed anew after a reload) is dropped and the call made with a
 * new one.
 *
 * The order id and the amount are the shared form (../shared/form/form.ts, D283): FIELD.CHANGE
 * {field, value} into `context.form`. Their problems show once a submit was refused and follow every
 * change after; a refusal of the service (`form.saveError`) goes when a field is edited.
 */

export interface PayLinkValues {
  orderId: string;
  amount: string;
}

export const payLinkFormKit = defineForm<PayLinkValues, keyof PayLinkValues, OrderIdError | AmountError>({
  fields: ['orderId', 'amount'],
  validate: (values) => validatePayLinkForm(values),
});

export interface PayLinkInput {
  /** The merchant id, or the profile's ref_id when it has one (doc 2 §6). */
  merchantRef: string;
}

export interface PayLinkContext {
  merchantRef: string;
  appId: string | null;
  /** The order id and amount typed; `showErrors` once a submit was refused, `saveError` the service's refusal. */
  form: FormState<PayLinkValues>;
  widgetError: string | null;
  link: PaymentLink | null;
}

export type PayLinkEvent = FormFieldEvent<PayLinkValues> | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'NEW_LINK' };

export const payLinkBody = (c: Pick<PayLinkContext, 'appId' | 'form'>): CreateLinkBody => ({
  app_id: c.appId ?? '',
  order_id: orderIdValue(c.form.values.orderId),
  amount: amountValue(c.form.values.amount),
});

const EMPTY_FORM: PayLinkValues = { orderId: '', amount: '' };

export const payLinkMachine = setup({
  types: {
    context: {} as PayLinkContext,
    events: {} as PayLinkEvent,
    input: {} as PayLinkInput,
    tags: {} as 'loading' | 'widgetFailed' | 'submitting' | 'uncertain' | 'created',
  },
  actors: {
    loadMerchant: fromPromise<MerchantInfo, { merchantRef: string }>(async () => {
      throw notProvided('loadMerchant');
    }),
    /** POST /payment-links with the attempt's key (kept by the route in session storage). */
    createLink: fromPromise<PaymentLink, { body: CreateLinkBody }>(async () => {
      throw notProvided('createLink');
    }),
  },
  actions: {
    assignWidget: assign((_, p: { info: MerchantInfo }) => ({ appId: p.info.widget.id, widgetError: null })),
    assignWidgetError: assign((_, p: { error: unknown }) => ({ widgetError: errorCode(p.error) })),
    changeField: assign(({ context }, p: { event: Extract<PayLinkEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form: payLinkFormKit.change(context.form, p.event.field, p.event.value),
    })),
    blurField: assign(({ context }, p: { field: keyof PayLinkValues }) => ({ form: payLinkFormKit.blur(context.form, p.field) })),
    revealErrors: assign(({ context }) => ({ form: payLinkFormKit.refuse(context.form) })),
    // Not kit.saving: a submit that goes out reveals nothing (only a refused one does), as before.
    clearSubmitError: assign(({ context }) => ({ form: { ...context.form, saveError: null } })),
    assignSubmitError: assign(({ context }, p: { error: unknown }) => ({ form: payLinkFormKit.failed(context.form, p.error) })),
    assignLink: assign((_, p: { link: PaymentLink }) => ({ link: p.link })),
    /** Nothing of the old link stays: an empty form, no errors shown. */
    resetForm: assign({ form: payLinkFormKit.initial(EMPTY_FORM), link: null }),
    // Provided by the route: the attempt's key in session storage, toasts, the list's refresh.
    forgetKey: () => {},
    notifyCreated: (_, _p: { orderId: string }) => {},
    notifyCreateFailed: (_, _p: { code: string }) => {},
    linkCreated: () => {},
  },
  guards: {
    formValid: ({ context }) => payLinkFormKit.valid(context.form.values),
    outcomeUnknown: (_, p: { error: unknown }) => outcomeUnknown(p.error),
    keyReused: (_, p: { error: unknown }) => errorCode(p.error) === 'IDEMPOTENCY_KEY_REUSED',
    /** The widget id the form holds is not the merchant's any more: read it again. */
    widgetGone: (_, p: { error: unknown }) => errorCode(p.error) === 'NOT_FOUND',
  },
}).createMachine({
  id: 'payLink',
  context: ({ input }) => ({
    merchantRef: input.merchantRef,
    appId: null,
    form: payLinkFormKit.initial(EMPTY_FORM),
    widgetError: null,
    link: null,
  }),
  initial: 'loadingWidget',
  states: {
    loadingWidget: {
      tags: ['loading'],
      description: 'GET /merchants/{id}?allow_create=True: the widget id a link needs (doc 2 §4); the form waits, what is typed is kept.',
      invoke: {
        id: 'loadMerchant',
        src: 'loadMerchant',
        input: ({ context }) => ({ merchantRef: context.merchantRef }),
        onDone: { target: 'editing', actions: { type: 'assignWidget', params: ({ event }) => ({ info: event.output }) } },
        onError: { target: 'widgetFailed', actions: { type: 'assignWidgetError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    widgetFailed: {
      tags: ['widgetFailed'],
      description: 'doc 2 §8: create_payment_link_error with a retry; no link can be made without the widget id.',
      on: { RETRY: 'loadingWidget' },
    },
    editing: {
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [
          { guard: 'formValid', target: 'creating', actions: 'clearSubmitError' },
          { actions: 'revealErrors', description: 'doc 2 §5: each field says what is wrong; nothing typed is lost.' },
        ],
      },
    },
    creating: {
      tags: ['submitting'],
      description: "POST /payment-links with this attempt's Idempotency-Key; the form is read-only, a second click does nothing.",
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => ({ body: payLinkBody(context) }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'assignLink', params: ({ event }) => ({ link: event.output }) },
            'forgetKey',
            { type: 'notifyCreated', params: ({ event }) => ({ orderId: event.output.order_id }) },
            'linkCreated',
          ],
        },
        onError: [
          {
            guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
            target: 'uncertain',
            description: 'The answer was lost: the link may exist. Only the same request with the same key may follow.',
            actions: { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'keyReused', params: ({ event }) => ({ error: event.error }) },
            target: 'creating',
            reenter: true,
            description: 'The stored key belongs to another body (an attempt before a reload): a new key, the same request.',
            actions: 'forgetKey',
          },
          {
            guard: { type: 'widgetGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingWidget',
            description: 'The widget id is not the merchant’s (changed meanwhile): read it again; the form is kept.',
            actions: ['forgetKey', { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) }],
          },
          {
            target: 'editing',
            description: 'A definite refusal: say why, keep the form, a new key for the next attempt.',
            actions: [
              { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
              'forgetKey',
              { type: 'notifyCreateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
            ],
          },
        ],
      },
    },
    uncertain: {
      tags: ['uncertain'],
      description: 'Locked form with "try again": the repeat carries the same key, so the service answers the first link, never a second.',
      on: { RETRY: 'creating', SUBMIT: 'creating' },
    },
    created: {
      tags: ['created'],
      description: 'The result: the link, its QR and copy (PaymentLinkResult).',
      on: { NEW_LINK: { target: 'editing', actions: 'resetForm' } },
    },
  },
});

type Snapshot = { context: PayLinkContext; hasTag(tag: string): boolean };
export const selectForm = (s: Snapshot) => s.context.form;
export const selectLoadingWidget = (s: Snapshot) => s.hasTag('loading');
export const selectWidgetFailed = (s: Snapshot) => s.hasTag('widgetFailed');
export const selectWidgetError = (s: Snapshot) => (s.hasTag('widgetFailed') ? s.context.widgetError : null);
export const selectSubmitting = (s: Snapshot) => s.hasTag('submitting');
export const selectUncertain = (s: Snapshot) => s.hasTag('uncertain');
/** The form takes no typing while the widget id is missing, a link is being made or its outcome is unknown. */
export const selectLocked = (s: Snapshot) =>
  s.hasTag('loading') || s.hasTag('widgetFailed') || s.hasTag('submitting') || s.hasTag('uncertain');
export const selectSubmitError = (s: Snapshot) => (s.hasTag('created') ? null : s.context.form.saveError);
export const selectLink = (s: Snapshot) => (s.hasTag('created') ? s.context.link : null);
