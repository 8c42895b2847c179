import { defineArea } from '../../platform/area';
import { registerTableRoutes } from './routes';
import { seedTables } from './seed';

/**
 * Tables of food-and-beverage merchants on the sale service (doc 2 §2 Table management, §7 /fnb/table).
 * A table's open bill is read from the orders area's sale_orders by SQL when a call is answered (no
 * dependency at migration or seed time), so the orders seed may come after this one and open bills on
 * these tables.
 */
export default defineArea({
  name: 'tables',
  routes: { sale: registerTableRoutes },
  seed: seedTables,
  sql: new URL('./sql/', import.meta.url),
});
