import { and, assign, fromPromise, setup } from 'xstate';
import type { StoredTokens, UserInfo } from '../../services/shared/schemas/auth';
import { isFilled } from '../../rules/required';
import { visibleText } from '../../rules/text';
import { errorCode, errorDataNumber, notProvided } from '../../rules/serviceError';

/** The /login form (core §2, §4, §5): username + password, remember-me, lock-out modal, optional SSO. */

export interface LoginInput {
  /** Deployment flag `features.unifiedLogin`. */
  unifiedLogin: boolean;
  /** `sso.loginUrl` is set: without it the unified sign-in cannot start (the screen says so). Default true. */
  ssoConfigured?: boolean;
}

export type LoginEvent =
  | { type: 'USERNAME.CHANGE'; value: string }
  | { type: 'PASSWORD.CHANGE'; value: string }
  | { type: 'REMEMBER.TOGGLE' }
  | { type: 'SUBMIT' }
  | { type: 'LOCK_MODAL.CLOSE' }
  | { type: 'SSO.START' };

export interface LoginContext {
  unifiedLogin: boolean;
  ssoConfigured: boolean;
  username: string;
  password: string;
  remember: boolean;
  /** Wrong passwords so far, as the server counts them (LOGIN_FAIL data.failed_count). */
  failedCount: number;
  /** The server's limit (LOGIN_FAIL data.max_attempts); null until it has said. */
  maxAttempts: number | null;
  /** Unix seconds, from USER_LOCKED_USING data.locked_until. */
  lockedUntil: number | null;
  errorCode: string | null;
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
    assignUsername: assign((_, params: { value: string }) => ({ username: params.value, errorCode: null })),
    assignPassword: assign((_, params: { value: string }) => ({ password: params.value, errorCode: null })),
    toggleRemember: assign(({ context }) => ({ remember: !context.remember })),
    clearError: assign({ errorCode: null }),
    // Once signed in or locked out the password has no further use; it should not linger in memory.
    clearPassword: assign({ password: '' }),
    assignFailedAttempt: assign(({ context }, params: { failedCount: number | null; maxAttempts: number | null }) => ({
      failedCount: params.failedCount ?? context.failedCount + 1,
      maxAttempts: params.maxAttempts ?? context.maxAttempts,
      errorCode: 'LOGIN_FAIL',
    })),
    assignLock: assign((_, params: { lockedUntil: number | null }) => ({
      lockedUntil: params.lockedUntil,
      errorCode: 'USER_LOCKED_USING',
    })),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignTokens: assign((_, params: { tokens: StoredTokens }) => ({ tokens: params.tokens })),
    assignProfile: assign((_, params: { profile: UserInfo }) => ({ profile: params.profile })),
    forgetTokens: assign({ tokens: null, profile: null }),
  },
  guards: {
    canSubmit: ({ context }) => isFilled(context.username) && isFilled(context.password),
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
    username: '',
    password: '',
    remember: false,
    failedCount: 0,
    maxAttempts: null,
    lockedUntil: null,
    errorCode: null,
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
        'USERNAME.CHANGE': { actions: { type: 'assignUsername', params: ({ event }) => ({ value: event.value }) } },
        'PASSWORD.CHANGE': { actions: { type: 'assignPassword', params: ({ event }) => ({ value: event.value }) } },
        'REMEMBER.TOGGLE': { actions: 'toggleRemember' },
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
          username: visibleText(context.username),
          password: context.password,
          remember: context.remember,
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
              { type: 'assignLock', params: ({ event }) => ({ lockedUntil: errorDataNumber(event.error, 'locked_until') }) },
            ],
          },
          {
            description: 'Network or server fault: nothing the user typed was wrong, keep it all.',
            target: 'editing',
            actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: errorCode(event.error) }) },
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
          actions: ['forgetTokens', { type: 'assignErrorCode', params: ({ event }) => ({ code: errorCode(event.error) }) }],
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
