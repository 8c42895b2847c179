import { defineArea } from '../../platform/area';
import { registerPaymentRoutes } from './routes';
import { seedPayments } from './seed';
import { soundboxTriggers } from './soundbox';
import { paymentTriggers } from './triggers';

/**
 * Taking an order's money: cash, VietQR, card terminal, link (doc 2 §4 card terminal, cash, §7
 * /payment/*), with idempotency keys. Pays the orders area's orders, to the shopqr and bank areas'
 * accounts, on the edc area's terminals; pushes the order's QR to its store's Soundbox (D298).
 */
export default defineArea({
  name: 'orderpayment',
  after: ['orders', 'edc', 'shopqr'],
  routes: { sale: registerPaymentRoutes },
  seed: seedPayments,
  triggers: [...paymentTriggers, ...soundboxTriggers],
  sql: new URL('./sql/', import.meta.url),
});
