import { Suspense, useDeferredValue, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { CookieBanner } from '../screens/shared/CookieBanner';
import { LoadingScreen } from '../screens/shared/LoadingScreen';
import { isEcrPath, type LoginRouteState } from './shared/paths';
import { selectRestoring, selectSignedIn, useSessionSelector } from './shared/session-context';
import { authPaths } from './auth/paths';

/**
 * Top of every route. While the session is being restored nothing route-specific renders, so a
 * signed-in user reloading a page never sees /login flash by (and /login does not sign them out).
 */
export function RootLayout() {
  // Deferred: the page that replaces the loading screen (the whole shell on a reload) is then drawn
  // in a transition, in slices between which the browser stays responsive, instead of one long task
  // (a session update reaches React synchronously; total blocking time).
  const restoring = useDeferredValue(useSessionSelector(selectRestoring));
  const { pathname } = useLocation();
  return (
    <>
      {restoring ? (
        <LoadingScreen />
      ) : (
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      )}
      {isEcrPath(pathname) ? null : <CookieBanner />}
    </>
  );
}

/** Pages behind sign-in: without a session go to /login, remembering the page (D12). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useSessionSelector(selectSignedIn);
  const location = useLocation();
  if (!signedIn) {
    const state: LoginRouteState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={authPaths.login()} replace state={state} />;
  }
  return <>{children}</>;
}
