import { SSO_RETURN_PATTERN } from './paths';

let captured: string | null | undefined;

/**
 * Called first thing at start-up: on the single-sign-on return route the access token arrives in
 * the URL fragment. It is taken out of the address bar at once (before config, i18n or React), so
 * it does not linger in history, screenshots or a copied link; the route reads it from here.
 */
export function captureSsoFragment(location: Location = window.location, history: History = window.history): void {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) || '/' : location.pathname;
  if (!SSO_RETURN_PATTERN.test(path)) return;
  const fragment = location.hash.replace(/^#/, '');
  captured = new URLSearchParams(fragment).get('access_token');
  if (location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

/** The captured token, handed out once. */
export function takeSsoAccessToken(): string | null {
  const token = captured ?? null;
  captured = null;
  return token;
}
