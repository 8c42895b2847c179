import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useActorRef, useSelector } from '@xstate/react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { RequestNotFound, ResetPasswordScreen } from '../../screens/auth/ResetPasswordScreen';
import { getRuntime } from '../shared/runtime';

/** /reset-password?token=… (core §2, D4). */
export default function ResetPasswordRoute() {
  const { t } = useTranslation(['auth', 'errors']);
  const { authActors, inspect } = getRuntime();
  const location = useLocation();
  // Read from the router's location (stable across StrictMode's double render), once, as input.
  const token = new URLSearchParams(location.search).get('token');
  const actor = useActorRef(resetPasswordMachine.provide({ actors: { resetPassword: authActors.resetPassword } }), {
    input: { token },
    inspect,
  });

  // D4: the token leaves the address bar as soon as it has been read.
  useEffect(() => {
    if (window.location.search.includes('token=')) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);

  // Failures other than a dead link: a toast titled Error (core §7), the typed values kept.
  const lastError = useRef<string | null>(null);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const code = snapshot.context.errorCode;
      if (code && code !== lastError.current) {
        notifications.show({
          color: 'red',
          title: t('auth:reset.errorTitle'),
          message: t(`errors:${code}`, { defaultValue: t('errors:UNKNOWN_ERROR') }),
        });
      }
      lastError.current = code;
    });
    return () => subscription.unsubscribe();
  }, [actor, t]);

  const noToken = useSelector(actor, (s) => s.matches('noToken'));
  const expired = useSelector(actor, (s) => s.matches('expired'));
  if (noToken) return <Navigate to="/login" replace />;
  if (expired) return <RequestNotFound />;
  return <ResetPasswordScreen actor={actor} />;
}
