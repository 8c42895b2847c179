import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /shift (D304): the store's cash drawer — open with a float, cash in / cash out, count and close —
 * and, for the owner, every open drawer. Flag `ecom` (part of selling), for every merchant (a shop
 * has a till as much as a restaurant), open to staff (a cashier opens the drawer, D303); in the sales
 * section just after the orders.
 */
export default defineArea({
  name: 'shifts',
  inspector: {
    machines: ['shiftDrawer', 'shiftDrawers'],
    // The flow's state and the forms' bookkeeping (D283, D284); amounts, notes and names stay masked.
    fields: ['storeId', 'loadError', 'openForm', 'moveForm', 'closeForm', 'showErrors', 'saveError', 'refusals', 'field'],
  },
  entries: [
    {
      path: 'shift',
      labelKey: 'nav.shift',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 1.5 },
      route: lazyPage(() => import('./ShiftRoute')),
    },
  ],
});
