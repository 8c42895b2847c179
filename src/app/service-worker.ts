/**
 * Registers the portal's service worker (D342, D343): the app shell and every page's code from the
 * browser's cache when the network is down. Built only by `vite build` (vite-plugin-pwa), so the dev
 * server and the unit tests register nothing. An imported module, not an inline script: the portal's
 * CSP allows scripts from its own origin only. A browser that refuses (a private window, a policy)
 * keeps the portal working online as before, so a refusal is not an error to show.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  // After `load`, so the worker's precache downloads do not compete with the first page's own files.
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
  });
}
