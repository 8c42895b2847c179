import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';
import { NotFound } from '../screens/shared/NotFound';
import { AREA_PAGES, AREA_ROUTES } from './areas';
import { lazyPage } from './shared/lazy-page';
import { PlainPage } from './PlainPage';
import { RequireAuth, RootLayout } from './guards';
import { safeReturnPath, SSO_RETURN_PATTERN, type LoginRouteState } from './shared/paths';
import { selectSignedIn, useSessionSelector } from './shared/session-context';
import { dashboardPaths } from './dashboard/paths';

// Route-level splitting: /login loads only the auth chunk; the shell and its areas load on sign-in.
// The pages themselves come from the areas' declarations (src/app/<area>/area.ts), each a lazy chunk.
const AuthFrame = lazyPage(() => import('./auth/AuthFrame'));
const SsoReturnRoute = lazyPage(() => import('./auth/SsoReturnRoute'));
const ShellFrame = lazyPage(() => import('./shared/ShellFrame'));
const AreaPage = lazyPage(() => import('./shared/AreaPage'));

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

const BASENAME = '/portal';

/**
 * Starts fetching the chunks the page at `pathname` will render (its frame and its page), so they
 * download while start-up waits for the configuration. Unknown paths fetch nothing. Each part in a
 * task of its own: adding a part's preload links (and taking in cached styles) takes long enough on
 * a phone to count as blocking time when done all at once .
 */
export function preloadPage(pathname: string): void {
  for (const part of pagePreloads(pathname)) setTimeout(() => void part(), 0);
}

function pagePreloads(pathname: string): (() => Promise<unknown>)[] {
  if (!pathname.startsWith(BASENAME)) return [];
  const path = pathname.slice(BASENAME.length).replace(/^\/+|\/+$/g, '');
  const page = AREA_PAGES.find((candidate) => candidate.path === path);
  if (page) {
    const own = page.component.preload ? [page.component.preload] : [];
    return page.frame === 'auth' ? [AuthFrame.preload, ...own] : own;
  }
  const route = AREA_ROUTES.find((candidate) => candidate.path === path || (candidate.nested && path.startsWith(`${candidate.path}/`)));
  if (!route) return [];
  return [ShellFrame.preload, AreaPage.preload, ...(route.route?.preload ? [route.route.preload] : [])];
}

/** Runs `work` when the browser is idle (or after `timeout` ms at the latest); setTimeout where there is no requestIdleCallback. */
export function whenIdle(work: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout });
  else setTimeout(work, 0);
}

/** The mark the size bench splits /login's downloads at: before it the form needs them, after it they are the warm-up. */
export const WARM_UP_MARK = 'portal:warm-up';

/**
 * Beside a sign-in frame page, drawn only once the page is (it waits in the same Suspense boundary):
 * when the browser is next idle, the signed-in code (the shell and the page sign-in leads to) starts
 * downloading, so the form is usable on the first screen's code alone and signing in does not wait
 * for the rest (D361).
 */
function WarmSignedIn() {
  const { state } = useLocation();
  // The remembered page's path (D12) without its query: preloads go by path.
  const from = safeReturnPath((state as LoginRouteState | null)?.from).split(/[?#]/)[0] ?? '';
  useEffect(() => {
    whenIdle(() => {
      performance.mark(WARM_UP_MARK);
      for (const part of pagePreloads(`${BASENAME}${from}`)) void part().catch(() => undefined);
    });
  }, [from]);
  return null;
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
                <WarmSignedIn />
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
    { basename: BASENAME },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
