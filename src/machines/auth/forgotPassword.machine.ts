import { assign, fromPromise, setup } from 'xstate';
import { isValidEmail } from '../../rules/email';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * /forgot-password (core §2, §5): enter an e-mail, send, then a sent-notice with the masked address
 * (rules/maskEmail), a resend button held back by a cooldown, and a way back to the form.
 */

export type ForgotPasswordEvent = { type: 'EMAIL.CHANGE'; value: string } | { type: 'SUBMIT' } | { type: 'RESEND' } | { type: 'BACK' };

export interface ForgotPasswordContext {
  email: string;
  /** 'INVALID_EMAIL' from local validation, or the server's code; shown under the e-mail field. */
  errorCode: string | null;
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
    assignEmail: assign((_, params: { value: string }) => ({ email: params.value, errorCode: null })),
    rejectEmail: assign({ errorCode: 'INVALID_EMAIL' }),
    clearErrors: assign({ errorCode: null, resendError: null }),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignSentTo: assign(({ context }) => ({ sentTo: context.email.trim() })),
    assignResendError: assign((_, params: { code: string }) => ({ resendError: params.code })),
  },
  guards: {
    emailIsValid: ({ context }) => isValidEmail(context.email),
  },
  delays: {
    // Keeps a user from flooding the mailbox (and the server's SEND_EMAIL_ERROR limit).
    resendCooldown: RESEND_COOLDOWN_MS,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', errorCode: null, sentTo: null, resendError: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The e-mail form; send is disabled while the field is empty.',
      on: {
        'EMAIL.CHANGE': { actions: { type: 'assignEmail', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: [
          { guard: 'emailIsValid', target: 'sending' },
          { description: "Shown as 'Invalid email' under the field.", actions: 'rejectEmail' },
        ],
      },
    },
    sending: {
      entry: 'clearErrors',
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'sent', actions: 'assignSentTo' },
        onError: {
          description: 'The mapped message shows under the e-mail field.',
          target: 'editing',
          actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: errorCode(event.error) }) },
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
            input: ({ context }) => ({ email: context.sentTo ?? context.email.trim() }),
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
