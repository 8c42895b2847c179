import { defineArea } from '../shared/define-area';

/** /sale-product (doc 2 §2). Not built yet: its page says so. */
export default defineArea({
  name: 'products',
  entries: [{ path: 'sale-product', labelKey: 'nav.saleProduct', flag: 'ecom', nested: true, menu: { section: 'sales', order: 2 } }],
});
