import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** Sign-in, password recovery, the unified sign-in registration (core §2 public and auth layout). */
export default defineArea({
  name: 'auth',
  // Context and event fields its machines may show in the inspector (everything else is masked).
  inspectorFields: ['unifiedLogin', 'remember', 'failedCount', 'maxAttempts', 'lockedUntil', 'confirmationMatches', 'submitAttempted', 'resendError'],
  pages: [
    { path: 'login', frame: 'auth', component: lazy(() => import('./LoginRoute')) },
    { path: 'forgot-password', frame: 'auth', component: lazy(() => import('./ForgotPasswordRoute')) },
    { path: 'reset-password', frame: 'auth', component: lazy(() => import('./ResetPasswordRoute')) },
    { path: 'register-digistore-id', frame: 'auth', component: lazy(() => import('./RegisterDigistoreRoute')) },
  ],
});
