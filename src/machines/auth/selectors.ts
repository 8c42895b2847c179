import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgotPassword.machine';
import type { loginMachine } from './login.machine';
import type { resetPasswordMachine } from './resetPassword.machine';

/**
 * What the auth screens read from their machines. Screens use these instead of naming states, so a
 * renamed or regrouped state changes one line here (and the type checker finds every use).
 */

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
type ForgotSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
type ResetSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectLoginBusy = (s: LoginSnapshot) => s.matches('submitting') || s.matches('checkingRegistration');
export const selectLoginLocked = (s: LoginSnapshot) => s.matches('locked');
export const selectLoginRedirecting = (s: LoginSnapshot) => s.matches('redirectingToSso');

export const selectForgotSending = (s: ForgotSnapshot) => s.matches('sending');
export const selectForgotSent = (s: ForgotSnapshot) => s.matches('sent');
export const selectForgotCoolingDown = (s: ForgotSnapshot) => s.matches({ sent: 'coolingDown' });
export const selectForgotResending = (s: ForgotSnapshot) => s.matches({ sent: 'resending' });

/**
 * Which page /reset-password shows: the link being checked, the check's failure with a retry, the
 * form, the success view, the dead-link page, or /login.
 */
export function selectResetView(
  s: ResetSnapshot,
): 'checking' | 'checkFailed' | 'form' | 'submitting' | 'succeeded' | 'expired' | 'noToken' {
  if (s.matches('noToken')) return 'noToken';
  if (s.matches('readingLink') || s.matches('checkingLink')) return 'checking';
  if (s.matches('checkFailed')) return 'checkFailed';
  if (s.matches('expired')) return 'expired';
  if (s.matches('succeeded')) return 'succeeded';
  if (s.matches('submitting')) return 'submitting';
  return 'form';
}
