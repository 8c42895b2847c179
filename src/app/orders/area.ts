import { defineArea } from '../shared/define-area';

/** /sale-order: orders and their payment (doc 2 §2). Not built yet: its page says so. */
export default defineArea({
  name: 'orders',
  entries: [{ path: 'sale-order', labelKey: 'nav.saleOrder', flag: 'ecom', nested: true, menu: { section: 'sales', order: 1 } }],
});
