import { createRefundsActors, createRefundsApi } from '../../services/refunds';
import type { AreaFactory } from '../shared/composition';
import { realtimeHubOf } from '../shared/realtime-runtime';

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The refunds area's wiring for one runtime (D279): the sale client's refund calls, the realtime hub, this tab's keys. */
export const refundsActorsOf: AreaFactory<ReturnType<typeof createRefundsActors>> = (scope) =>
  createRefundsActors({ api: createRefundsApi(scope.runtime.clients.sale), hub: scope.use(realtimeHubOf), storage: safeSessionStorage });
