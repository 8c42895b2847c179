import { createLinkKeys, createPayLinkActors } from '../../services/paylink';
import type { AppScope } from '../shared/composition';
import { realtimeHubOf } from '../shared/realtime-runtime';

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The pay-by-link area's wiring for one runtime (D279): the checkout client's link calls, the realtime
 * hub for the list's payments and this tab's attempt key (session storage).
 */
export const payLinkActorsOf = (scope: AppScope) => {
  const keys = createLinkKeys(safeSessionStorage);
  const actors = createPayLinkActors({ checkout: scope.runtime.clients.checkout, hub: scope.use(realtimeHubOf), keys });
  return { ...actors, forgetKey: () => keys.forget() };
};
