import { createStaffApi } from '../../services/staff';
import { createStaffActors } from '../../services/staff/actors';
import type { AppScope } from '../shared/composition';
import { lookupsOf } from '../shared/lookups';

/**
 * The staff area's wiring for one runtime (D279): the portal client's staff calls; every change
 * invalidates the staff lookup (the ShopQR form's staff dropdown).
 */
export const staffActorsOf = (scope: AppScope) => ({
  ...createStaffActors(createStaffApi(scope.runtime.clients.portal)),
  staffChanged: () => scope.use(lookupsOf).invalidate('staff'),
});
