import {
  forgotPasswordFormKit,
  forgotPasswordMachine,
  type ForgotPasswordContext,
} from '../../../src/machines/auth/forgotPassword.machine';
import { isValidEmail } from '../../../src/rules/email';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'email', value: ' nguyenvana@example.vn ' },
  { type: 'FIELD.CHANGE', field: 'email', value: 'nguyenvana@' },
  { type: 'FIELD.CHANGE', field: 'email', value: '' },
  { type: 'FIELD.BLUR', field: 'email' },
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

/** What the e-mail field says: the refusal once a send was refused, or the server's code. */
function fieldError(context: ForgotPasswordContext): string | null {
  return context.form.saveError ?? forgotPasswordFormKit.shown(context.form).email?.code ?? null;
}

function forgotProjection(context: ForgotPasswordContext) {
  return { emailValid: isValidEmail(context.form.values.email), errorCode: fieldError(context), resendError: context.resendError };
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
      if (step.event.type === 'BACK' && before && after.form.values.email !== before.form.values.email)
        throw new Error('BACK lost the e-mail');
      if (step.after.matches('sent') && after.sentTo !== after.form.values.email.trim())
        throw new Error('sent-notice shows another address');
      // Editing hides the field's message until the next send, as before D283.
      if (step.event.type === 'FIELD.CHANGE' && fieldError(after) !== null) throw new Error('a change left a message under the e-mail');
    }
  },
});
