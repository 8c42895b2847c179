import { loginMachine, type LoginContext, type LoginInput } from '../../../src/machines/auth/login.machine';
import { isFilled } from '../../../src/rules/required';
import { loginTokens, networkError, profile, serviceError, unregisteredProfile } from '../shared/fixtures/auth';
import { generateModelPaths, type ModelPath, type SampleEvent, type SampleEvents } from '../shared/paths';

/**
 * The login machine's generated paths, for the vitest replay and for the Playwright drive of
 * /login (map each event type to a user action or a sandbox answer, each state to a screen
 * assertion). No test-runner imports.
 */

export const LOCKED_UNTIL = 1_767_225_600;

export const loginSampleEvents: readonly SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'username', value: ' merchant01 ' },
  { type: 'FIELD.CHANGE', field: 'username', value: '' },
  { type: 'FIELD.CHANGE', field: 'password', value: 'Secret123' },
  { type: 'FIELD.CHANGE', field: 'password', value: '' },
  // One sample as the old toggle had: remember-me is not part of the projection, so a path ticks it once.
  { type: 'FIELD.CHANGE', field: 'remember', value: true },
  { type: 'SUBMIT' },
  { type: 'LOCK_MODAL.CLOSE' },
  { type: 'SSO.START' },
  { type: 'xstate.done.actor.login', output: loginTokens },
  { type: 'xstate.error.actor.login', error: serviceError('LOGIN_FAIL', 401, { failed_count: 2, max_attempts: 5 }) },
  { type: 'xstate.error.actor.login', error: serviceError('USER_LOCKED_USING', 423, { locked_until: LOCKED_UNTIL }) },
  { type: 'xstate.error.actor.login', error: networkError },
  { type: 'xstate.done.actor.loadProfile', output: profile },
  { type: 'xstate.done.actor.loadProfile', output: unregisteredProfile },
  { type: 'xstate.error.actor.loadProfile', error: networkError },
];

/** What decides the login machine's next moves: which fields are filled, and the shown error. */
export function loginProjection(context: LoginContext) {
  const { username, password } = context.form.values;
  return { username: isFilled(username), password: isFilled(password), errorCode: context.form.saveError };
}

export const LOGIN_VARIANTS: Array<{ variant: string; input: LoginInput }> = [
  { variant: 'password login', input: { unifiedLogin: false } },
  { variant: 'unified login', input: { unifiedLogin: true } },
  { variant: 'unified login without an address', input: { unifiedLogin: true, ssoConfigured: false } },
];

export function getLoginPaths(
  events: SampleEvents = loginSampleEvents,
  variants: Array<{ variant: string; input: LoginInput }> = LOGIN_VARIANTS,
): ModelPath[] {
  return variants.flatMap(({ variant, input }) =>
    generateModelPaths({
      machine: loginMachine,
      input,
      variant,
      events,
      project: loginProjection as (context: never) => unknown,
    }),
  );
}
