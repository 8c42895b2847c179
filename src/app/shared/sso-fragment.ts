import { SSO_RETURN_PATTERN } from './paths';

/**
 * Called first thing at start-up: on the single-sign-on return route the access token arrives in
 * the URL fragment. It is taken out of the address bar at once (before config, i18n or React), so
 * it does not linger in history, screenshots or a copied link. Start-up hands the token to the
 * runtime, which gives it out once to the return route (D279: no module state).
 */
export function captureSsoFragment(location: Location = window.location, history: History = window.history): string | null {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) || '/' : location.pathname;
  if (!SSO_RETURN_PATTERN.test(path)) return null;
  const fragment = location.hash.replace(/^#/, '');
  const captured = new URLSearchParams(fragment).get('access_token');
  if (location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return captured;
}

/** A captured token, handed out once. */
export function oneShot<T>(value: T | null): { take(): T | null } {
  let held = value;
  return {
    take() {
      const taken = held;
      held = null;
      return taken;
    },
  };
}
