import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /z-report (D306): the end-of-day report of a store's day or of a shift, printed on 80 mm and
 * exported to xlsx from the same figures. Flag `ecom` like the drawer (part of selling), for every
 * merchant, open to staff for their own store (the service enforces it); in the sales section after
 * the drawer.
 */
export default defineArea({
  name: 'closing',
  inspector: {
    machines: ['zReport'],
    // The scope and the state; figures stay masked.
    fields: ['query', 'loadError'],
  },
  entries: [
    {
      path: 'z-report',
      labelKey: 'nav.zReport',
      flag: 'ecom',
      nested: false,
      menu: { section: 'sales', order: 1.6 },
      route: lazyPage(() => import('./ZReportRoute')),
    },
  ],
});
