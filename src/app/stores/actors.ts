import { createStoresActors, createStoresApi } from '../../services/stores';
import type { AppScope } from '../shared/composition';
import { lookupsOf } from '../shared/lookups';

/**
 * The stores area's wiring for one runtime (D279): the portal client's store calls and actors. An
 * added or deleted store invalidates the shared stores lookup, so the report filters and the ShopQR
 * form offer the new list.
 */
export const storesActorsOf = (scope: AppScope) => {
  const api = createStoresApi(scope.runtime.clients.portal);
  return { api, ...createStoresActors(api), storesChanged: () => scope.use(lookupsOf).invalidate('stores') };
};
