import { defineArea } from '../../platform/area';

/**
 * Orders of the sale service, each its own invoice (doc 2 §3 Order/invoice, §4 order status, §7 /order,
 * /invoice). Its seed copies lines from the catalogue and names customers, so those areas come first.
 */
export default defineArea({
  name: 'orders',
  after: ['products', 'customers'],
  sql: new URL('./sql/', import.meta.url),
});
