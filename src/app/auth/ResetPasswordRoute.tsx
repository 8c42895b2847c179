import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Navigate, useLocation } from 'react-router-dom';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { selectResetView } from '../../machines/auth/selectors';
import { RequestNotFound, ResetPasswordScreen } from '../../screens/auth/ResetPasswordScreen';
import { notify } from '../shared/notify';
import { useRuntime } from '../shared/composition';
import { authPaths } from './paths';

/** /reset-password?token=… (core §2, D4). */
export default function ResetPasswordRoute() {
  const { authActors, inspect } = useRuntime();
  const location = useLocation();
  // Read from the router's location (stable across StrictMode's double render), once, as input.
  const token = new URLSearchParams(location.search).get('token');
  // Failures other than a dead link: a toast titled Error (core §7), the typed values kept.
  const logic = resetPasswordMachine.provide({
    actors: { checkResetLink: authActors.checkResetLink, resetPassword: authActors.resetPassword },
    actions: { notifyFailed: (_, params) => notify.failure('auth:reset.errorTitle', params.code) },
  });
  const actor = useActorRef(logic, {
    input: { token },
    inspect,
  });

  // D4: the token leaves the address bar as soon as it has been read.
  useEffect(() => {
    if (window.location.search.includes('token=')) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);

  const view = useSelector(actor, selectResetView);
  if (view === 'noToken') return <Navigate to={authPaths.login()} replace />;
  if (view === 'expired') return <RequestNotFound />;
  return <ResetPasswordScreen actor={actor} />;
}
