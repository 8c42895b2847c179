import { defineArea } from '../../platform/area';

/**
 * Taking an order's money: cash, VietQR, card terminal, link (doc 2 §4 card terminal, cash, §7
 * /payment/*), with idempotency keys. Pays the orders area's orders and uses the edc area's terminals.
 */
export default defineArea({
  name: 'orderpayment',
  after: ['orders', 'edc'],
  sql: new URL('./sql/', import.meta.url),
});
