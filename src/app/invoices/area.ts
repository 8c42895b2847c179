import { defineArea } from '../shared/define-area';

/** /sale-invoice (doc 2 §2). Not built yet: its page says so. */
export default defineArea({
  name: 'invoices',
  entries: [{ path: 'sale-invoice', labelKey: 'nav.saleInvoice', flag: 'ecom', nested: true, menu: { section: 'sales', order: 7 } }],
});
