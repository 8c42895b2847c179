import { defineArea } from '../../platform/area';
import { registerClosingRoutes } from './routes';

/**
 * The end-of-day report (Z report, D306): reads the orders, payments, refunds, e-invoice marks and
 * shifts of a store's day or shift and adds them up; no table, seed or trigger of its own (nothing
 * outside happens to a report).
 */
export default defineArea({
  name: 'closing',
  after: ['shifts', 'refunds'],
  routes: { sale: registerClosingRoutes },
});
