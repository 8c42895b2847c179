import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /sale-order and /sale-order/{order_id} (doc 2 §2); open to staff-type users (a cashier is staff, D123). */
export default defineArea({
  name: 'orders',
  inspector: {
    machines: ['orderList', 'orderEdit', 'einvoiceExport', 'bulkExport', 'orderVoid'],
    // The flow's state only: no search text, customer phone or name (personal data) leaves the tab.
    // e-invoice export: outcomes and codes only, never the buyer (tax code, name, e-mail, phone are personal or a company's data).
    fields: [
      'detailError',
      'loadError',
      'catalogueError',
      'categoryId',
      'submitError',
      'customerError',
      'orderId',
      'error',
      'lookupError',
      'eivCode',
      'alreadyExported',
      'index',
      'stopCode',
      'stopRequested',
      // The e-invoice buyer form's bookkeeping (D283, D284); the buyer's values stay masked.
      'form',
      'showErrors',
      'saveError',
      'refusals',
      'field',
      // D301: the void's reason code (not its note, which is free text).
      'reason',
    ],
  },
  entries: [
    {
      path: 'sale-order',
      labelKey: 'nav.saleOrder',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 1 },
      route: lazyPage(() => import('./OrdersRoute')),
    },
  ],
});
