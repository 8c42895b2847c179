import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** Sign-in, password recovery, the unified sign-in registration (core §2 public and auth layout). */
export default defineArea({
  name: 'auth',
  inspector: {
    machines: ['login', 'forgotPassword', 'resetPassword'],
    // Context and event fields these machines may show (everything else is masked).
    fields: [
      'unifiedLogin',
      'remember',
      'failedCount',
      'maxAttempts',
      'lockedUntil',
      'confirmationMatches',
      'submitAttempted',
      'resendError',
      // The shared form's bookkeeping (D283, D284); its values (e-mail, username, passwords) stay masked.
      'form',
      'showErrors',
      'saveError',
      'refusals',
      'field',
    ],
  },
  pages: [
    { path: 'login', frame: 'auth', component: lazyPage(() => import('./LoginRoute')) },
    { path: 'forgot-password', frame: 'auth', component: lazyPage(() => import('./ForgotPasswordRoute')) },
    { path: 'reset-password', frame: 'auth', component: lazyPage(() => import('./ResetPasswordRoute')) },
    { path: 'register-digistore-id', frame: 'auth', component: lazyPage(() => import('./RegisterDigistoreRoute')) },
  ],
});
