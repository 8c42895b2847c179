import { defineArea } from '../../platform/area';
import { registerReconciliationRoutes } from './routes';
import { reconciliationTriggers } from './triggers';

/**
 * Reconciliation against the bank (issue 27 §5, D308, D309): a store's day of VietQR, card and link
 * payments matched to the bank's records, its export, and the triggers that make the bank's side
 * differ (a credit waiting, settled later, a credit no order accounts for, a payment confirmed by a
 * cashier that the bank never received).
 */
export default defineArea({
  name: 'reconciliation',
  after: ['orders', 'orderpayment'],
  routes: { portal: registerReconciliationRoutes },
  triggers: reconciliationTriggers,
});
