import { forgotPasswordMachine, type ForgotPasswordContext } from '../../../src/machines/auth/forgotPassword.machine';
import { isValidEmail } from '../../../src/rules/email';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'EMAIL.CHANGE', value: ' nguyenvana@example.vn ' },
  { type: 'EMAIL.CHANGE', value: 'nguyenvana@' },
  { type: 'EMAIL.CHANGE', value: '' },
  { type: 'SUBMIT' },
  { type: 'RESEND' },
  { type: 'BACK' },
  { type: 'xstate.done.actor.requestPasswordReset', output: undefined },
  { type: 'xstate.error.actor.requestPasswordReset', error: serviceError('INVALID_EMAIL', 400) },
  { type: 'xstate.done.actor.resendPasswordReset', output: undefined },
  { type: 'xstate.error.actor.resendPasswordReset', error: serviceError('SEND_EMAIL_ERROR', 429) },
  { type: 'xstate.error.actor.resendPasswordReset', error: networkError },
  // The traversal takes the cooldown as an event; the replay advances the simulated clock instead.
  { type: 'xstate.after.resendCooldown.forgotPassword.sent.coolingDown' },
];

function forgotProjection(context: ForgotPasswordContext) {
  return { emailValid: isValidEmail(context.email), errorCode: context.errorCode, resendError: context.resendError };
}

describeModel({
  name: 'forgotPassword',
  machine: forgotPasswordMachine,
  promiseActors: ['requestPasswordReset'],
  variants: [{ events, project: forgotProjection as (context: never) => unknown }],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ForgotPasswordContext | undefined;
      const after = step.after.context as ForgotPasswordContext;
      for (const call of step.invoked) {
        const email = (call.input as { email: string }).email;
        if (email !== email.trim() || !isValidEmail(email)) throw new Error(`reset requested for ${JSON.stringify(email)}`);
      }
      if (step.event.type === 'BACK' && before && after.email !== before.email) throw new Error('BACK lost the e-mail');
      if (step.after.matches('sent') && after.sentTo !== after.email.trim()) throw new Error('sent-notice shows another address');
    }
  },
});
