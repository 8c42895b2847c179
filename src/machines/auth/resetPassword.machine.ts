import { assign, fromPromise, setup } from 'xstate';
import { checkNewPassword, passwordsMatch, type NewPasswordCheck } from './rules/newPassword';
import { isFilled } from '../../rules/required';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /reset-password?token=… (core §2, §4, §5): choose a new password from the e-mailed link.
 * The link is checked as the page opens, so an expired or used one is said before anything is typed
 * (D66); a check that fails for another reason (network, server) offers a retry and never keeps the
 * person from the form. Typed values are never cleared by a failure.
 * The two passwords are the shared form (../shared/form/form.ts, D283): FIELD.CHANGE {field:
 * 'password' | 'confirmation'}. A refused submit reveals the failing rules (`form.showErrors`); a
 * sent one does not, so a later edit shows nothing until the next refused submit, as before.
 */

export interface ResetPasswordValues {
  password: string;
  confirmation: string;
}

export type ResetPasswordProblem = 'weak' | 'mismatch';

export const resetPasswordFormKit = defineForm<ResetPasswordValues, keyof ResetPasswordValues, ResetPasswordProblem>({
  rules: {
    password: (value) => (checkNewPassword(value).valid ? null : 'weak'),
    confirmation: (value, values) => (passwordsMatch(values.password, value) ? null : 'mismatch'),
  },
});

export interface ResetPasswordInput {
  token: string | null;
}

export type ResetPasswordEvent = FormFieldEvent<ResetPasswordValues> | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'CONTINUE' };

export interface ResetPasswordContext {
  token: string | null;
  /**
   * The passwords typed. `showErrors`: a submit was refused, so the screen shows the failing rules;
   * `saveError`: the server's code of the last failed submit (the toast titled Error).
   */
  form: FormState<ResetPasswordValues>;
  /** Per-rule outcome for the checklist under the field. */
  passwordCheck: NewPasswordCheck;
  /** 'Password does not match' is shown while false and the confirmation is not empty. */
  confirmationMatches: boolean;
  /** Why the link check could not answer (network, server): shown with a retry. */
  checkErrorCode: string | null;
}

/** Codes meaning the link itself is dead (20 minutes, or already used): request-not-found page. */
const DEAD_LINK_CODES = new Set(['TOKEN_EXPIRED', 'TOKEN_INCORRECT']);

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  actors: {
    checkResetLink: fromPromise<void, { token: string }>(async () => {
      throw notProvided('checkResetLink');
    }),
    resetPassword: fromPromise<void, { token: string; newPassword: string }>(async () => {
      throw notProvided('resetPassword');
    }),
  },
  actions: {
    changeField: assign(({ context }, params: { event: Extract<ResetPasswordEvent, { type: 'FIELD.CHANGE' }> }) => {
      const form = resetPasswordFormKit.change(context.form, params.event.field, params.event.value);
      const { password, confirmation } = form.values;
      return { form, passwordCheck: checkNewPassword(password), confirmationMatches: passwordsMatch(password, confirmation) };
    }),
    blurField: assign(({ context }, params: { field: keyof ResetPasswordValues }) => ({
      form: resetPasswordFormKit.blur(context.form, params.field),
    })),
    markSubmitAttempted: assign(({ context }) => ({ form: resetPasswordFormKit.refuse(context.form) })),
    // Not kit.saving: a sent submit does not reveal the rules (only a refused one does).
    clearError: assign(({ context }) => ({ form: { ...context.form, saveError: null } })),
    assignSubmitError: assign(({ context }, params: { error: unknown }) => ({
      form: resetPasswordFormKit.failed(context.form, params.error),
    })),
    assignCheckErrorCode: assign((_, params: { code: string }) => ({ checkErrorCode: params.code })),
    clearCheckError: assign({ checkErrorCode: null }),
    // Provided by the app: the toast titled Error with the code's message (core §7).
    notifyFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    hasNoToken: ({ context }) => !isFilled(context.token),
    passwordAcceptable: ({ context }) => resetPasswordFormKit.valid(context.form.values),
    linkIsDead: (_, params: { code: string }) => DEAD_LINK_CODES.has(params.code),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token,
    form: resetPasswordFormKit.initial({ password: '', confirmation: '' }),
    passwordCheck: checkNewPassword(''),
    confirmationMatches: false,
    checkErrorCode: null,
  }),
  initial: 'readingLink',
  states: {
    readingLink: {
      always: [{ guard: 'hasNoToken', target: 'noToken' }, { target: 'checkingLink' }],
    },
    checkingLink: {
      description: 'Asks whether the link is still good before the form shows (core §5, D66); the token is not used up.',
      entry: 'clearCheckError',
      invoke: {
        id: 'checkResetLink',
        src: 'checkResetLink',
        // readingLink lets only a filled token through to here.
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'editing' },
        onError: [
          {
            guard: { type: 'linkIsDead', params: ({ event }) => ({ code: errorCode(event.error) }) },
            target: 'expired',
          },
          {
            description: 'Network or server fault: the link may be fine, so say so with a retry.',
            target: 'checkFailed',
            actions: { type: 'assignCheckErrorCode', params: ({ event }) => ({ code: errorCode(event.error) }) },
          },
        ],
      },
    },
    checkFailed: {
      description: 'The check could not answer: retry, or go on to the form (its submit finds a dead link as before).',
      on: {
        RETRY: 'checkingLink',
        CONTINUE: { target: 'editing', actions: 'clearCheckError' },
      },
    },
    noToken: {
      type: 'final',
      description: 'No token in the link: redirect to /login.',
    },
    editing: {
      description: 'New password and confirmation with the rule checklist.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [
          { guard: 'passwordAcceptable', target: 'submitting' },
          { description: 'Reveal which rules fail.', actions: 'markSubmitAttempted' },
        ],
      },
    },
    submitting: {
      entry: 'clearError',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        // readingLink lets only a filled token through to here.
        input: ({ context }) => ({ token: context.token ?? '', newPassword: context.form.values.password }),
        onDone: { target: 'succeeded' },
        onError: [
          {
            guard: { type: 'linkIsDead', params: ({ event }) => ({ code: errorCode(event.error) }) },
            target: 'expired',
          },
          {
            description: 'e.g. PASSWORD_DUPLICATE: toast titled Error, values kept for another try.',
            target: 'editing',
            actions: [
              { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notifyFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
            ],
          },
        ],
      },
    },
    succeeded: {
      type: 'final',
      description: 'Success view with a return-to-login button.',
    },
    expired: {
      type: 'final',
      description: 'Request-not-found page: the link expired (20 minutes) or was already used.',
    },
  },
});
