import { createTxRulesActors, createTxRulesApi } from '../../services/txrules';
import type { AppScope } from '../shared/composition';

/** The transaction rules area's wiring for one runtime (D279): the portal client's rule calls. */
export const txRulesActorsOf = ({ runtime }: AppScope) => createTxRulesActors(createTxRulesApi(runtime.clients.portal));
