import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** ShopQR at /payment, /payment/add (core §2 ShopQR). */
export default defineArea({
  name: 'shopqr',
  entries: [
    {
      path: 'payment',
      labelKey: 'nav.payment',
      flag: 'payment',
      nested: true,
      menu: { section: 'shopQr', order: 2 },
      route: lazy(() => import('./ShopQrRoute')),
    },
  ],
});
