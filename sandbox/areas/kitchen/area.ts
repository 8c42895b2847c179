import { defineArea } from '../../platform/area';
import { registerKitchenRoutes } from './routes';

/**
 * The kitchen screen (beyond the spec; D325–D328): a device paired to a store like the customer
 * display receives each batch of dishes sent to a handling order as one ticket, live, and marks lines
 * and tickets done; the cashier reads each order line's kitchen state.
 */
export default defineArea({
  name: 'kitchen',
  after: ['orders'],
  routes: { sale: registerKitchenRoutes },
  sql: new URL('./sql/', import.meta.url),
});
