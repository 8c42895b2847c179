import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';
import { NotFound } from '../screens/shared/NotFound';
import { AREA_PAGES, AREA_ROUTES } from './areas';
import { PlainPage } from './PlainPage';
import { RequireAuth, RootLayout } from './guards';
import { SSO_RETURN_PATTERN } from './shared/paths';
import { selectSignedIn, useSessionSelector } from './shared/session-context';
import { dashboardPaths } from './dashboard/paths';

// Route-level splitting: /login loads only the auth chunk; the shell and its areas load on sign-in.
// The pages themselves come from the areas' declarations (src/app/<area>/area.ts), each a lazy chunk.
const AuthFrame = lazy(() => import('./auth/AuthFrame'));
const SsoReturnRoute = lazy(() => import('./auth/SsoReturnRoute'));
const ShellFrame = lazy(() => import('./shared/ShellFrame'));
const AreaPage = lazy(() => import('./shared/AreaPage'));

/** Unknown paths, and the SSO return route whose name varies (/auth-…-check). */
function CatchAll() {
  const { pathname } = useLocation();
  const signedIn = useSessionSelector(selectSignedIn);
  if (SSO_RETURN_PATTERN.test(pathname)) {
    return (
      <AuthFrame>
        <SsoReturnRoute />
      </AuthFrame>
    );
  }
  if (signedIn) {
    return (
      <ShellFrame>
        <NotFound signedIn />
      </ShellFrame>
    );
  }
  return (
    <PlainPage>
      <NotFound signedIn={false} />
    </PlainPage>
  );
}

export interface AppRouterOptions {
  /**
   * features.inspector: registers /inspector. Without a session on purpose: it shows machine
   * definitions and masked, same-browser broadcast data, never tokens.
   */
  inspector?: boolean;
}

export function createAppRouter(options: AppRouterOptions = {}) {
  const pages = AREA_PAGES.filter((page) => page.requires === undefined || options[page.requires] === true);
  return createBrowserRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            element: (
              <AuthFrame>
                <Outlet />
              </AuthFrame>
            ),
            children: pages.filter((page) => page.frame === 'auth').map(({ path, component: Page }) => ({ path, element: <Page /> })),
          },
          { index: true, element: <Navigate to={dashboardPaths.home()} replace /> },
          {
            element: (
              <RequireAuth>
                <ShellFrame>
                  <Outlet />
                </ShellFrame>
              </RequireAuth>
            ),
            children: AREA_ROUTES.map((area) => ({
              // Sub-pages (add, update, detail…) belong to their area until each is built.
              path: area.nested ? `${area.path}/*` : area.path,
              element: <AreaPage areaPath={area.path} />,
            })),
          },
          ...pages
            .filter((page) => page.frame === 'plain')
            .map(({ path, component: Page }) => ({
              path,
              element: (
                <PlainPage>
                  <Page />
                </PlainPage>
              ),
            })),
          { path: '*', element: <CatchAll /> },
        ],
      },
    ],
    { basename: '/portal' },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
