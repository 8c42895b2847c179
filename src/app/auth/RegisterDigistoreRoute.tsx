import { Navigate, useNavigate } from 'react-router-dom';
import { RegisterDigistoreScreen } from '../../screens/auth/RegisterDigistoreScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useSession } from '../shared/session-context';
import { pendingRegistrationOf } from './pending-registration';
import { authPaths } from './paths';

/** D8: only with features.unifiedLogin, only right after a sign-in that needs registration. */
export default function RegisterDigistoreRoute() {
  const { config, storage, portal } = useRuntime();
  const session = useSession();
  const navigate = useNavigate();
  const registration = useAreaActors(pendingRegistrationOf);
  if (!config.features.unifiedLogin) return <NotFound signedIn={false} />;
  const pending = registration.take();
  if (!pending) return <Navigate to={authPaths.login()} replace />;

  const finish = () => {
    const tokens = { ...pending.tokens, method: 'keycloak' as const };
    registration.set(null);
    storage.writeLoginMethod('keycloak');
    storage.writeLastActive(Date.now());
    session.send({ type: 'SIGNED_IN', tokens });
    const target = config.sso.registerDoneUrl;
    const base = import.meta.env.BASE_URL;
    // Inside the portal: stay in the app; elsewhere: a real navigation.
    if (target.startsWith(base)) void navigate(`/${target.slice(base.length)}`, { replace: true });
    else window.location.assign(target);
  };
  const back = () => {
    registration.set(null);
    // The temporary session is not kept: tell the server, whatever it answers.
    void portal.logout(pending.tokens).catch(() => undefined);
    void navigate(authPaths.login(), { replace: true });
  };

  return <RegisterDigistoreScreen merchantName={pending.profile?.merchant.name ?? null} onFinish={finish} onBack={back} />;
}
