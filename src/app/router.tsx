import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';
import { AREAS } from '../screens/shell/areas';
import { NotFound } from '../screens/shared/NotFound';
import { PlainPage } from './PlainPage';
import { RequireAuth, RootLayout } from './guards';
import { SSO_RETURN_PATTERN } from './shared/paths';
import { selectSignedIn, useSessionSelector } from './shared/session-context';

// Route-level splitting: /login loads only the auth chunk; the shell and its areas load on sign-in.
const AuthFrame = lazy(() => import('./auth/AuthFrame'));
const LoginRoute = lazy(() => import('./auth/LoginRoute'));
const ForgotPasswordRoute = lazy(() => import('./auth/ForgotPasswordRoute'));
const ResetPasswordRoute = lazy(() => import('./auth/ResetPasswordRoute'));
const RegisterDigistoreRoute = lazy(() => import('./auth/RegisterDigistoreRoute'));
const SsoReturnRoute = lazy(() => import('./auth/SsoReturnRoute'));
const ShellFrame = lazy(() => import('./shell/ShellFrame'));
const AreaPage = lazy(() => import('./shell/AreaPage'));
const EcrSlideRoute = lazy(() => import('./display/EcrSlideRoute'));
// Behind features.inspector; its own chunk (diagram layout included), never part of /login.
const InspectorRoute = lazy(() => import('./inspector/InspectorRoute'));

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
            children: [
              { path: 'login', element: <LoginRoute /> },
              { path: 'forgot-password', element: <ForgotPasswordRoute /> },
              { path: 'reset-password', element: <ResetPasswordRoute /> },
              { path: 'register-digistore-id', element: <RegisterDigistoreRoute /> },
            ],
          },
          { index: true, element: <Navigate to="/dashboard" replace /> },
          {
            element: (
              <RequireAuth>
                <ShellFrame>
                  <Outlet />
                </ShellFrame>
              </RequireAuth>
            ),
            children: AREAS.map((area) => ({
              // Sub-pages (add, update, detail…) belong to their area until each is built.
              path: area.nested ? `${area.path}/*` : area.path,
              element: <AreaPage areaPath={area.path} />,
            })),
          },
          { path: 'ecr-slide', element: <EcrSlideRoute /> },
          ...(options.inspector ? [{ path: 'inspector', element: <InspectorRoute /> }] : []),
          { path: '*', element: <CatchAll /> },
        ],
      },
    ],
    { basename: '/portal' },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
