import { defineArea } from '../../platform/area';
import { registerReconciliationRoutes } from './routes';
import { seedBankRecords } from './seed';
import { reconciliationTriggers } from './triggers';

/**
 * Reconciliation against the bank (issue 27 §5, D308, D309): a store's day of VietQR, card and link
 * payments matched to the bank's records, its export, and the triggers that make the bank's side
 * differ (a credit waiting, settled later, a credit no order accounts for, a payment confirmed by a
 * cashier that the bank never received), and the bank's records of refunds it sent back (D320,
 * sql/: bank_refunds, after refunds). Its seed writes the bank's records of the seeded order
 * history (D321).
 */
export default defineArea({
  name: 'reconciliation',
  after: ['orders', 'orderpayment', 'refunds'],
  routes: { portal: registerReconciliationRoutes },
  seed: seedBankRecords,
  triggers: reconciliationTriggers,
  sql: new URL('./sql/', import.meta.url),
});
