import { createReconciliationActors, createReconciliationApi } from '../../services/reconciliation';
import type { AppScope } from '../shared/composition';

/** The reconciliation area's wiring for one runtime (D279): the portal client's reconciliation calls. */
export const reconciliationActorsOf = ({ runtime }: AppScope) =>
  createReconciliationActors(createReconciliationApi(runtime.clients.portal));
