import { AREA_PAGES } from '../areas';
import { dashboardPaths } from '../dashboard/paths';

/**
 * Paths a visitor without a session may open (core §2, D15): the pages outside the shell that the
 * areas declare (sign-in, password recovery, registration, the customer display), not the
 * flag-only inspector.
 */
export const PUBLIC_PATHS: readonly string[] = AREA_PAGES.filter((page) => page.requires === undefined).map((page) => `/${page.path}`);

/** The single-sign-on return route: a path that begins /auth- and ends -check (core §2). */
export const SSO_RETURN_PATTERN = /^\/auth-[a-z0-9-]+-check\/?$/i;

/** Chrome-less pages: no shell, no cookie banner (core §2). */
export function isEcrPath(pathname: string): boolean {
  return /^\/ecr-/.test(pathname);
}

/**
 * Where to go after sign-in. Only a same-app path the guard stored itself is accepted; anything
 * else (protocol-relative, another origin, an auth page) falls back to the dashboard.
 */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) {
    return dashboardPaths.home();
  }
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (PUBLIC_PATHS.includes(pathname) || SSO_RETURN_PATTERN.test(pathname) || pathname === '/') return dashboardPaths.home();
  return from;
}

export interface LoginRouteState {
  /** The page asked for before sign-in (D12): path and query only, never a token. */
  from?: string;
}

/**
 * Where a page goes when the session ends (sign-out, idle, expiry, another tab): /login, remembering
 * the page unless the person signed out themselves (D12); nowhere from /login itself, and nowhere
 * from a customer display (the cashier's second window needs no session and must never show the
 * sign-in form to the customer).
 */
export function sessionEndTarget(
  pathname: string,
  search: string,
  reason: string | null,
  loginPath: string,
): { to: string; state: LoginRouteState } | null {
  if (pathname === loginPath || isEcrPath(pathname)) return null;
  return { to: loginPath, state: reason === 'user' ? {} : { from: `${pathname}${search}` } };
}
