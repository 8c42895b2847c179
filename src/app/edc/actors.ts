import { createEdcApi } from '../../services/edc';
import { createEdcActors } from '../../services/edc/actors';
import type { AppScope } from '../shared/composition';
import { lookupActor, lookupsOf } from '../shared/lookups';

/**
 * The card machine area's wiring for one runtime (D279): the portal client's EDC calls (same session,
 * same single refresh) and the ShopQRs a machine can be linked to, from the lookup cache.
 */
export const edcActorsOf = (scope: AppScope) => ({
  ...createEdcActors(createEdcApi(scope.runtime.clients.portal)),
  loadLinkableVas: lookupActor(scope, 'linkableVas'),
  // Which ShopQRs are free to link may have changed with an integration.
  linkableVasChanged: () => scope.use(lookupsOf).invalidate('linkableVas'),
});
