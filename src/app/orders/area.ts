import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /sale-order and /sale-order/{order_id} (doc 2 §2); open to staff-type users (a cashier is staff, D123). */
export default defineArea({
  name: 'orders',
  inspector: {
    machines: ['orderList', 'orderEdit'],
    // The flow's state only: no search text, customer phone or name (personal data) leaves the tab.
    fields: ['detailError', 'loadError', 'catalogueError', 'categoryId', 'submitError', 'customerError', 'orderId'],
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
