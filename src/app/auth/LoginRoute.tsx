import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginMachine } from '../../machines/auth/login.machine';
import { LoginScreen, type LoginNotice } from '../../screens/auth/LoginScreen';
import { safeReturnPath, type LoginRouteState } from '../shared/paths';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useSession, useSessionSelector } from '../shared/session-context';
import { pendingRegistrationOf } from './pending-registration';
import { authPaths } from './paths';

export default function LoginRoute() {
  const { config, authActors, storage, navigation, inspect } = useRuntime();
  const session = useSession();
  const registration = useAreaActors(pendingRegistrationOf);
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeReturnPath((location.state as LoginRouteState | null)?.from);
  const endReason = useSessionSelector((s) => s.context.endReason);
  const notice: LoginNotice = endReason === 'idle' ? 'idle' : endReason === 'locked' ? 'locked' : null;

  const actor = useActorRef(
    loginMachine.provide({
      actors: { login: authActors.login, loadProfile: authActors.loadProfile },
      actions: { redirectToSso: () => navigation.redirectToSso() },
    }),
    { input: { unifiedLogin: config.features.unifiedLogin, ssoConfigured: config.sso.loginUrl !== null }, inspect },
  );

  // Core §2: a signed-in user who opens /login is signed out. Checked once, on arrival, so the
  // sign-in that happens on this page does not undo itself.
  const checkedArrival = useRef(false);
  useEffect(() => {
    if (checkedArrival.current) return;
    checkedArrival.current = true;
    if (session.getSnapshot().hasTag('signedIn')) session.send({ type: 'LOGOUT', reason: 'login-page' });
  }, [session]);

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      const output = snapshot.output;
      if (output.kind === 'needsRegistration') {
        registration.set({ tokens: output.tokens, profile: output.profile ?? null, from });
        void navigate(authPaths.registerDigistore(), { replace: true });
        return;
      }
      // A fresh sign-in is activity: a stale last_active from a previous session must not make the
      // next window focus look idle.
      storage.writeLastActive(Date.now());
      session.send({ type: 'SIGNED_IN', tokens: output.tokens });
      void navigate(from, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, from, navigate, session, storage, registration]);

  return <LoginScreen actor={actor} notice={notice} supportEmail={config.supportEmail} />;
}
