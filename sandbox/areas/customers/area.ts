import { defineArea } from '../../platform/area';
import { registerCustomerRoutes } from './routes';
import { seedCustomers } from './seed';

/** Customers with loyalty points on the sale service (doc 2 §3, §7 /customer; D110–D114). */
export default defineArea({
  name: 'customers',
  routes: { sale: registerCustomerRoutes },
  seed: seedCustomers,
  sql: new URL('./sql/', import.meta.url),
});
