import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SsoReturnScreen } from '../../screens/auth/SsoReturnScreen';
import { storedTokensFromAccessToken } from '../../services/shared/tokens';
import { useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { useSession } from '../shared/session-context';
import { authPaths } from './paths';
import { dashboardPaths } from '../dashboard/paths';

/** /auth-…-check: the identity provider's return with #access_token=… (core §2, D7). */
export default function SsoReturnRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const handled = useRef(false);
  const { storage, ssoReturn } = useRuntime();

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const accessToken = ssoReturn.take();
    let tokens = null;
    if (accessToken) {
      try {
        tokens = storedTokensFromAccessToken(accessToken, { remember: false, method: 'keycloak', receivedAt: Date.now() });
      } catch {
        tokens = null;
      }
    }
    if (!tokens) {
      notify.failureText({ title: 'auth:reset.errorTitle', message: 'auth:sso.tokenNotFound' });
      void navigate(authPaths.login(), { replace: true });
      return;
    }
    storage.writeLoginMethod('keycloak');
    storage.writeLastActive(Date.now());
    session.send({ type: 'SIGNED_IN', tokens });
    void navigate(dashboardPaths.home(), { replace: true });
  }, [navigate, session, t, storage, ssoReturn]);

  return <SsoReturnScreen />;
}
