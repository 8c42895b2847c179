import { loginMachine, type LoginContext, type LoginOutput } from '../../../src/machines/auth/login.machine';
import { visibleText } from '../../../src/rules/text';
import { errorCode } from '../../../src/rules/serviceError';
import { loginTokens } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { errorOf } from '../shared/replay';
import { LOCKED_UNTIL, LOGIN_VARIANTS, loginProjection, loginSampleEvents } from './login.paths';

describeModel({
  name: 'login',
  machine: loginMachine,
  promiseActors: ['login', 'loadProfile'],
  spyActions: ['redirectToSso'],
  variants: LOGIN_VARIANTS.map(({ variant, input }) => ({
    variant,
    input,
    events: loginSampleEvents,
    project: loginProjection as (context: never) => unknown,
  })),
  check(outcome) {
    for (const step of outcome.steps) {
      const context = step.after.context as LoginContext;
      const before = step.before?.context as LoginContext | undefined;
      for (const call of step.invoked) {
        if (call.id !== 'login' || !before) continue;
        const sent = call.input as { username: string; password: string; remember: boolean };
        const typed = before.form.values;
        if (sent.username !== visibleText(typed.username) || sent.password !== typed.password || sent.remember !== typed.remember) {
          throw new Error(`login called with ${JSON.stringify(sent)} from ${JSON.stringify(before)}`);
        }
      }
      if (step.event.type === 'xstate.error.actor.login' && before) {
        const code = errorCode(errorOf(step.event));
        if (
          code === 'LOGIN_FAIL' &&
          (context.failedCount !== 2 || context.maxAttempts !== 5 || context.form.values.password !== before.form.values.password)
        ) {
          throw new Error(`LOGIN_FAIL must record 2 of 5 and keep the typed password (D10): ${JSON.stringify(context)}`);
        }
        if (code === 'USER_LOCKED_USING' && (context.lockedUntil !== LOCKED_UNTIL || context.form.values.password !== '')) {
          throw new Error(`lock-out must record locked_until and clear the password: ${JSON.stringify(context)}`);
        }
        if (code === 'NETWORK_ERROR' && context.form.values.password !== before.form.values.password) {
          throw new Error('a network failure must keep the typed password');
        }
        if (context.form.values.username !== before.form.values.username) throw new Error('a failed login must keep the username');
      }
      const entered = step.after.matches('redirectingToSso') && !step.before?.matches('redirectingToSso');
      if (entered !== step.actions.some((call) => call.action === 'redirectToSso')) {
        throw new Error('redirectToSso must run exactly when entering redirectingToSso');
      }
      if (step.after.status === 'done') {
        const output = step.after.output as LoginOutput;
        const kind = step.after.matches('needsRegistration') ? 'needsRegistration' : 'signedIn';
        if (output.kind !== kind || output.tokens !== loginTokens || context.form.values.password !== '') {
          throw new Error(`unexpected output ${JSON.stringify(output)} in ${JSON.stringify(step.after.value)}`);
        }
      }
    }
  },
});
