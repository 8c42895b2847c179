import { existsSync } from 'node:fs';
import { defineArea, type AreaName } from '../../platform/area';
import { registerOrderRoutes } from './routes';
import { seedOrders } from './seed';
import { orderTriggers } from './triggers';

/**
 * Orders of the sale service, each its own invoice (doc 2 §3 Order/invoice, §4 order status, §7 /order,
 * /invoice/{id}). Its seed copies lines from the catalogue and names customers, so those areas come
 * first; it puts bills on the tables area's tables (fnb_tables, looked up by name) when that area is
 * present, so then the tables come first too. The orders area works without it (bills keep the table's
 * name only), which is why that dependency is optional.
 */
const optional = (name: AreaName): AreaName[] => (existsSync(new URL(`../${name}/area.ts`, import.meta.url)) ? [name] : []);

export default defineArea({
  name: 'orders',
  after: ['products', 'customers', ...optional('tables')],
  routes: { sale: registerOrderRoutes },
  seed: seedOrders,
  triggers: orderTriggers,
  sql: new URL('./sql/', import.meta.url),
});
