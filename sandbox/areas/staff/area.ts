import { defineArea } from '../../platform/area';
import { registerStaffRoutes } from './routes';

/**
 * Staff members and their sign-ins (GET, POST, PUT, DELETE /staff). Rows live in the platform's
 * staff and users tables; deleting reads the shopqr area's virtual_accounts through SQL.
 */
export default defineArea({
  name: 'staff',
  after: ['shopqr'],
  routes: { portal: registerStaffRoutes },
  sql: new URL('./sql/', import.meta.url),
});
