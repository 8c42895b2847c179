import { defineArea } from '../../platform/area';
import { registerShiftRoutes } from './routes';

/**
 * Shifts and the cash drawer (D303): a store's drawer opened with a float, moved by cash payments and
 * cash in / cash out, counted and closed. Reads the orderpayment area's sale_payments by SQL when a
 * shift is read (no dependency at migration or seed time); no seed: a drawer is opened by a person.
 */
export default defineArea({
  name: 'shifts',
  after: ['orderpayment'],
  routes: { sale: registerShiftRoutes },
  sql: new URL('./sql/', import.meta.url),
});
