import { defineArea } from '../../platform/area';
import { registerTableRoutes } from './routes';
import { seedTables } from './seed';

/**
 * Tables of food-and-beverage merchants on the sale service (doc 2 §2 Table management, §7 /fnb/table).
 * A table's open bill is read from the orders area's sale_orders (by SQL), so orders come first.
 */
export default defineArea({
  name: 'tables',
  routes: { sale: registerTableRoutes },
  seed: seedTables,
  sql: new URL('./sql/', import.meta.url),
});
