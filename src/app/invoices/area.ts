import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /sale-invoice, /sale-invoice/create (doc 2 §2, §3 Invoice list row): sale invoices, open to staff (D136). */
export default defineArea({
  name: 'invoices',
  inspector: {
    machines: ['invoiceList', 'invoiceCreate'],
    // Invoice numbers and amounts are the shop's, not a person's; customers, notes and keys stay masked.
    // The form's bookkeeping (D283, D284): `form`, `saveError`, `refusals`, `field`; its values (the method, the note) stay masked.
    fields: [
      'query',
      'searchDraft',
      'filter',
      'q',
      'method',
      'showErrors',
      'submitError',
      'productError',
      'customerError',
      'form',
      'saveError',
      'refusals',
      'field',
    ],
  },
  entries: [
    {
      path: 'sale-invoice',
      labelKey: 'nav.saleInvoice',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 7 },
      route: lazyPage(() => import('./InvoicesRoute')),
    },
  ],
});
