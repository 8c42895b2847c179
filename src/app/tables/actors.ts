import { createTablesActors, createTablesApi } from '../../services/tables';
import type { AppScope } from '../shared/composition';

/** The tables area's wiring for one runtime (D279): the sale client's table calls. */
export const tablesActorsOf = ({ runtime }: AppScope) => createTablesActors(createTablesApi(runtime.clients.sale));
