import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /sale-table (doc 2 §2 Table management), food and beverage merchants only (core §6, doc 2 §1); open to staff (D135). */
export default defineArea({
  name: 'tables',
  inspector: {
    machines: ['tableGrid'],
    // Context and event fields the machine may show; table names, the website and QR text are masked.
    // The two forms' bookkeeping (D283, D284) is named; their values (the names typed) stay masked.
    fields: ['q', 'searchDraft', 'loadError', 'createForm', 'editForm', 'showErrors', 'saveError', 'refusals', 'field', 'opening'],
  },
  entries: [
    {
      path: 'sale-table',
      labelKey: 'nav.saleTable',
      flag: 'ecom',
      fnbOnly: true,
      nested: true,
      menu: { section: 'sales', order: 5 },
      route: lazyPage(() => import('./TablesRoute')),
    },
  ],
});
