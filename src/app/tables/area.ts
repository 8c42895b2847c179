import { defineArea } from '../shared/define-area';

/** /sale-table, food and beverage merchants only (doc 2 §2). Not built yet: its page says so. */
export default defineArea({
  name: 'tables',
  entries: [
    { path: 'sale-table', labelKey: 'nav.saleTable', flag: 'ecom', fnbOnly: true, nested: true, menu: { section: 'sales', order: 5 } },
  ],
});
