import { createMerchantsActors, createMerchantsApi } from '../../services/merchants';
import type { AppScope } from '../shared/composition';

/** The sub-merchants area's wiring for one runtime (D279): the portal client's merchant calls. */
export const merchantsActorsOf = ({ runtime }: AppScope) => createMerchantsActors(createMerchantsApi(runtime.clients.portal));
