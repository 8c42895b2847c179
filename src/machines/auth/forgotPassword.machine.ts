import { assign, fromPromise, setup } from 'xstate';
import { isValidEmail } from '../../rules/email';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /forgot-password (core §2, §5): enter an e-mail, send, then a sent-notice with the masked address
 * (rules/maskEmail), a resend button held back by a cooldown, and a way back to the form.
 * The e-mail is the shared form (../shared/form/form.ts, D283): FIELD.CHANGE {field: 'email'}.
 * 'INVALID_EMAIL' shows under the field after a refused send, and the server's code (the form's
 * `saveError`) there too after a failed one; either goes as soon as the e-mail is edited and a wrong
 * address says so again only on the next send.
 */

export interface ForgotPasswordValues {
  email: string;
}

export const forgotPasswordFormKit = defineForm<ForgotPasswordValues, 'email', 'INVALID_EMAIL'>({
  rules: { email: (value) => (isValidEmail(value) ? null : 'INVALID_EMAIL') },
});

export type ForgotPasswordEvent = FormFieldEvent<ForgotPasswordValues> | { type: 'SUBMIT' } | { type: 'RESEND' } | { type: 'BACK' };

export interface ForgotPasswordContext {
  /** The e-mail typed; `saveError` holds the server's code of the last failed send. */
  form: FormState<ForgotPasswordValues>;
  /** The address the link went to (trimmed); what the sent-notice masks and RESEND reuses. */
  sentTo: string | null;
  /** A failed resend stays on the sent-notice with this code. */
  resendError: string | null;
}

export const RESEND_COOLDOWN_MS = 60_000;

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(async () => {
      throw notProvided('requestPasswordReset');
    }),
  },
  actions: {
    // Editing hides the refusal until the next send (showErrors off), as this form always did.
    changeField: assign(({ context }, params: { event: Extract<ForgotPasswordEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form: { ...forgotPasswordFormKit.change(context.form, params.event.field, params.event.value), showErrors: false },
    })),
    blurField: assign(({ context }, params: { field: 'email' }) => ({ form: forgotPasswordFormKit.blur(context.form, params.field) })),
    rejectEmail: assign(({ context }) => ({ form: forgotPasswordFormKit.refuse(context.form) })),
    startSending: assign(({ context }) => ({ form: forgotPasswordFormKit.saving(context.form), resendError: null })),
    clearErrors: assign(({ context }) => ({ form: { ...context.form, saveError: null }, resendError: null })),
    assignSendError: assign(({ context }, params: { error: unknown }) => ({
      form: forgotPasswordFormKit.failed(context.form, params.error),
    })),
    assignSentTo: assign(({ context }) => ({ sentTo: context.form.values.email.trim() })),
    assignResendError: assign((_, params: { code: string }) => ({ resendError: params.code })),
  },
  guards: {
    emailIsValid: ({ context }) => forgotPasswordFormKit.valid(context.form.values),
  },
  delays: {
    // Keeps a user from flooding the mailbox (and the server's SEND_EMAIL_ERROR limit).
    resendCooldown: RESEND_COOLDOWN_MS,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { form: forgotPasswordFormKit.initial({ email: '' }), sentTo: null, resendError: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The e-mail form; send is disabled while the field is empty.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [
          { guard: 'emailIsValid', target: 'sending' },
          { description: "Shown as 'Invalid email' under the field.", actions: 'rejectEmail' },
        ],
      },
    },
    sending: {
      entry: 'startSending',
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.form.values.email.trim() }),
        onDone: { target: 'sent', actions: 'assignSentTo' },
        onError: {
          description: 'The mapped message shows under the e-mail field.',
          target: 'editing',
          actions: { type: 'assignSendError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description: 'Sent-notice with the masked e-mail, a resend button and a back button.',
      initial: 'coolingDown',
      states: {
        coolingDown: {
          description: 'Resend is disabled until the cooldown passes.',
          after: { resendCooldown: 'resendAvailable' },
        },
        resendAvailable: {
          on: { RESEND: 'resending' },
        },
        resending: {
          entry: 'clearErrors',
          invoke: {
            id: 'resendPasswordReset',
            src: 'requestPasswordReset',
            input: ({ context }) => ({ email: context.sentTo ?? context.form.values.email.trim() }),
            onDone: { target: 'coolingDown' },
            onError: {
              target: 'resendAvailable',
              actions: { type: 'assignResendError', params: ({ event }) => ({ code: errorCode(event.error) }) },
            },
          },
        },
      },
      on: {
        BACK: { description: 'Back to the form with the e-mail kept.', target: 'editing', actions: 'clearErrors' },
      },
    },
  },
});
