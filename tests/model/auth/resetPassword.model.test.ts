import { resetPasswordMachine, type ResetPasswordContext } from '../../../src/machines/auth/resetPassword.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const VALID = 'Merchant2024!';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.checkResetLink', output: undefined },
  { type: 'xstate.error.actor.checkResetLink', error: serviceError('TOKEN_EXPIRED', 410) },
  { type: 'xstate.error.actor.checkResetLink', error: serviceError('TOKEN_INCORRECT', 400) },
  { type: 'xstate.error.actor.checkResetLink', error: networkError },
  { type: 'RETRY' },
  { type: 'CONTINUE' },
  { type: 'FIELD.CHANGE', field: 'password', value: VALID },
  { type: 'FIELD.CHANGE', field: 'password', value: 'Mật khẩu 2024' },
  { type: 'FIELD.CHANGE', field: 'password', value: '' },
  { type: 'FIELD.CHANGE', field: 'confirmation', value: VALID },
  { type: 'FIELD.CHANGE', field: 'confirmation', value: 'Merchant2024?' },
  { type: 'FIELD.BLUR', field: 'password' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.resetPassword', output: undefined },
  { type: 'xstate.error.actor.resetPassword', error: serviceError('TOKEN_EXPIRED', 410) },
  { type: 'xstate.error.actor.resetPassword', error: serviceError('TOKEN_INCORRECT', 400) },
  { type: 'xstate.error.actor.resetPassword', error: serviceError('PASSWORD_DUPLICATE', 400) },
  { type: 'xstate.error.actor.resetPassword', error: networkError },
];

function resetProjection(context: ResetPasswordContext) {
  return {
    passwordValid: context.passwordCheck.valid,
    confirmationMatches: context.confirmationMatches,
    submitAttempted: context.form.showErrors,
    errorCode: context.form.saveError,
    checkErrorCode: context.checkErrorCode,
  };
}

const project = resetProjection as (context: never) => unknown;

describeModel({
  name: 'resetPassword',
  machine: resetPasswordMachine,
  promiseActors: ['checkResetLink', 'resetPassword'],
  variants: [
    { variant: 'token', input: { token: 'reset-token-1' }, events, project },
    { variant: 'no token', input: { token: null }, events, project },
    { variant: 'blank token', input: { token: ' \u200B ' }, events, project },
  ],
  check(outcome, path) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ResetPasswordContext | undefined;
      const after = step.after.context as ResetPasswordContext;
      if (step.event.type.startsWith('xstate.error.actor.') && before) {
        if (JSON.stringify(after.form.values) !== JSON.stringify(before.form.values)) {
          throw new Error('a failure lost what the user typed');
        }
      }
      // core §5: the form is reached only after the link was checked (or its check failed and the person went on).
      if (step.after.matches('editing') && step.before !== undefined && !step.before.matches('editing')) {
        const from = ['checkingLink', 'checkFailed', 'submitting'].find((state) => step.before!.matches(state));
        if (!from) throw new Error('the form showed without a link check');
      }
      if (step.after.matches('expired') && step.before?.matches('editing')) throw new Error('a dead link waited for typing');
      for (const call of step.invoked) {
        if (call.id === 'checkResetLink') {
          // The check only reads: it gets the token and nothing typed.
          if (JSON.stringify(call.input) !== JSON.stringify({ token: (path.input as { token: string }).token })) {
            throw new Error(`checkResetLink called with ${JSON.stringify(call.input)}`);
          }
          continue;
        }
        const input = call.input as { token: string; newPassword: string };
        if (input.token !== (path.input as { token: string }).token || input.newPassword !== VALID) {
          throw new Error(`resetPassword called with ${JSON.stringify(input)}`);
        }
      }
    }
  },
});
