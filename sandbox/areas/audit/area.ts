import { defineArea } from '../../platform/area';
import { registerAuditRoutes } from './routes';

/** The audit log (D299, D300): the append-only table, its recorder and the owner's list and export. */
export default defineArea({
  name: 'audit',
  routes: { portal: registerAuditRoutes },
  sql: new URL('./sql/', import.meta.url),
});
