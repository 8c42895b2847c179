import { and, assign, fromPromise, setup } from 'xstate';
import type { StoredTokens, UserInfo } from '../../services/shared/schemas/auth';
import { isFilled } from '../../rules/required';
import { visibleText } from '../../rules/text';
import { errorCode, errorDataNumber, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * The /login form (core §2, §4, §5): username + password, remember-me, lock-out modal, optional SSO.
 * The three are the shared form (../shared/form/form.ts, D283): FIELD.CHANGE {field, value}, the
 * remember-me box too (`value` true or false). Sign-in is offered once both texts are filled (the
 * button, no messages: a SUBMIT before is not handled, so nothing is ever refused or focused). The
 * server's code of the last failure is the form's `saveError`; editing a text clears it, the
 * remember-me box does not. The password stays after a wrong one (D10) or a network fault and is
 * forgotten once signed in or locked out.
 */

export interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

export const loginFormKit = defineForm<LoginValues, keyof LoginValues, 'required'>({
  rules: {
    username: (value) => (isFilled(value) ? null : 'required'),
    password: (value) => (isFilled(value) ? null : 'required'),
    remember: () => null,
  },
});

export interface LoginInput {
  /** Deployment flag `features.unifiedLogin`. */
  unifiedLogin: boolean;
  /** `sso.loginUrl` is set: without it the unified sign-in cannot start (the screen says so). Default true. */
  ssoConfigured?: boolean;
}

// FIELD.BLUR is not handled: leaving a field changes nothing here (no message shows on leaving).
export type LoginEvent = FormFieldEvent<LoginValues> | { type: 'SUBMIT' } | { type: 'LOCK_MODAL.CLOSE' } | { type: 'SSO.START' };

export interface LoginContext {
  unifiedLogin: boolean;
  ssoConfigured: boolean;
  /** What was typed and the remember-me box; `saveError` is the code of the last failed sign-in. */
  form: FormState<LoginValues>;
  /** Wrong passwords so far, as the server counts them (LOGIN_FAIL data.failed_count). */
  failedCount: number;
  /** The server's limit (LOGIN_FAIL data.max_attempts); null until it has said. */
  maxAttempts: number | null;
  /** Unix seconds, from USER_LOCKED_USING data.locked_until. */
  lockedUntil: number | null;
  tokens: StoredTokens | null;
  profile: UserInfo | null;
}

export interface LoginOutput {
  kind: 'signedIn' | 'needsRegistration';
  tokens: StoredTokens;
  profile?: UserInfo;
}

export interface LoginCredentials {
  username: string;
  password: string;
  remember: boolean;
}

function issuedTokens(context: LoginContext): StoredTokens {
  if (!context.tokens) throw new Error('login invariant: final states are reached with tokens');
  return context.tokens;
}

function outputOf(kind: LoginOutput['kind'], context: LoginContext): LoginOutput {
  const tokens = issuedTokens(context);
  return context.profile ? { kind, tokens, profile: context.profile } : { kind, tokens };
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
  },
  actors: {
    login: fromPromise<StoredTokens, LoginCredentials>(async () => {
      throw notProvided('login');
    }),
    loadProfile: fromPromise<UserInfo, { tokens?: StoredTokens }>(async () => {
      throw notProvided('loadProfile');
    }),
  },
  actions: {
    redirectToSso: () => undefined,
    changeField: assign(({ context }, params: { event: Extract<LoginEvent, { type: 'FIELD.CHANGE' }> }) => {
      const form = loginFormKit.change(context.form, params.event.field, params.event.value);
      // The remember-me box leaves the last failure's message where it is.
      return { form: params.event.field === 'remember' ? { ...form, saveError: context.form.saveError } : form };
    }),
    // Not kit.saving: nothing here shows a field's problem, so none is ever revealed.
    clearError: assign(({ context }) => ({ form: { ...context.form, saveError: null } })),
    // Once signed in or locked out the password has no further use; it should not linger in memory.
    clearPassword: assign(({ context }) => ({ form: { ...context.form, values: { ...context.form.values, password: '' } } })),
    assignFailedAttempt: assign(({ context }, params: { error: unknown; failedCount: number | null; maxAttempts: number | null }) => ({
      failedCount: params.failedCount ?? context.failedCount + 1,
      maxAttempts: params.maxAttempts ?? context.maxAttempts,
      form: loginFormKit.failed(context.form, params.error),
    })),
    assignLock: assign(({ context }, params: { error: unknown; lockedUntil: number | null }) => ({
      lockedUntil: params.lockedUntil,
      form: loginFormKit.failed(context.form, params.error),
    })),
    assignError: assign(({ context }, params: { error: unknown }) => ({ form: loginFormKit.failed(context.form, params.error) })),
    assignTokens: assign((_, params: { tokens: StoredTokens }) => ({ tokens: params.tokens })),
    assignProfile: assign((_, params: { profile: UserInfo }) => ({ profile: params.profile })),
    forgetTokens: assign({ tokens: null, profile: null }),
  },
  guards: {
    canSubmit: ({ context }) => loginFormKit.valid(context.form.values),
    unifiedLoginEnabled: ({ context }) => context.unifiedLogin,
    ssoConfigured: ({ context }) => context.ssoConfigured,
    isWrongPassword: (_, params: { code: string }) => params.code === 'LOGIN_FAIL',
    isAccountLocked: (_, params: { code: string }) => params.code === 'USER_LOCKED_USING',
    notRegisteredWithSso: (_, params: { profile: UserInfo }) => params.profile.sso_registered === false,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    unifiedLogin: input.unifiedLogin,
    ssoConfigured: input.ssoConfigured ?? true,
    form: loginFormKit.initial({ username: '', password: '', remember: false }),
    failedCount: 0,
    maxAttempts: null,
    lockedUntil: null,
    tokens: null,
    profile: null,
  }),
  // Each final state declares its own output; the machine passes it on unchanged.
  output: ({ event }) => event.output as LoginOutput,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form. The submit button is disabled while username or password is empty.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        SUBMIT: { guard: 'canSubmit', target: 'submitting' },
        'SSO.START': { guard: and(['unifiedLoginEnabled', 'ssoConfigured']), target: 'redirectingToSso' },
      },
    },
    submitting: {
      entry: 'clearError',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          // Pasted usernames often carry spaces or invisible characters; the password is sent as typed.
          username: visibleText(context.form.values.username),
          password: context.form.values.password,
          remember: context.form.values.remember,
        }),
        onDone: [
          {
            guard: 'unifiedLoginEnabled',
            target: 'checkingRegistration',
            actions: ['clearPassword', { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output }) }],
          },
          {
            target: 'signedIn',
            actions: ['clearPassword', { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output }) }],
          },
        ],
        onError: [
          {
            guard: { type: 'isWrongPassword', params: ({ event }) => ({ code: errorCode(event.error) }) },
            target: 'editing',
            // The typed password stays (decision D10): a merchant fixes a typo instead of retyping it all.
            actions: [
              {
                type: 'assignFailedAttempt',
                params: ({ event }) => ({
                  error: event.error,
                  failedCount: errorDataNumber(event.error, 'failed_count'),
                  maxAttempts: errorDataNumber(event.error, 'max_attempts'),
                }),
              },
            ],
          },
          {
            guard: { type: 'isAccountLocked', params: ({ event }) => ({ code: errorCode(event.error) }) },
            target: 'locked',
            actions: [
              'clearPassword',
              {
                type: 'assignLock',
                params: ({ event }) => ({ error: event.error, lockedUntil: errorDataNumber(event.error, 'locked_until') }),
              },
            ],
          },
          {
            description: 'Network or server fault: nothing the user typed was wrong, keep it all.',
            target: 'editing',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    locked: {
      description: 'Lock-out modal: locked 24 hours; links to reset the password or mail support.',
      on: { 'LOCK_MODAL.CLOSE': 'editing' },
    },
    checkingRegistration: {
      description: 'Unified login: has this account registered its single-sign-on identity yet?',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ tokens: issuedTokens(context) }),
        onDone: [
          {
            guard: { type: 'notRegisteredWithSso', params: ({ event }) => ({ profile: event.output }) },
            target: 'needsRegistration',
            actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
          },
          {
            target: 'signedIn',
            actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
          },
        ],
        onError: {
          description: 'Without the profile the next page is unknown: back to the form to try again.',
          target: 'editing',
          actions: ['forgetTokens', { type: 'assignError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    redirectingToSso: {
      description: 'The browser leaves for the identity provider.',
      entry: 'redirectToSso',
    },
    signedIn: {
      type: 'final',
      output: ({ context }) => outputOf('signedIn', context),
    },
    needsRegistration: {
      type: 'final',
      description: 'Go to /register-digistore-id with the temporary session.',
      output: ({ context }) => outputOf('needsRegistration', context),
    },
  },
});
