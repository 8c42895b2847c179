import { defineArea } from '../shared/define-area';

/** /sale-customer (doc 2 §2). Not built yet: its page says so. */
export default defineArea({
  name: 'customers',
  entries: [{ path: 'sale-customer', labelKey: 'nav.saleCustomer', flag: 'ecom', nested: true, menu: { section: 'sales', order: 3 } }],
});
