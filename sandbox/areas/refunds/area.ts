import { defineArea } from '../../platform/area';
import { registerRefundRoutes } from './routes';
import { refundTriggers } from './triggers';

/**
 * Giving a paid order's money back (D305): by line or whole, the way it was paid, never more than was
 * paid. Reads the orders area's orders and lines and the orderpayment area's payments.
 */
export default defineArea({
  name: 'refunds',
  after: ['orderpayment'],
  routes: { sale: registerRefundRoutes },
  triggers: refundTriggers,
  sql: new URL('./sql/', import.meta.url),
});
