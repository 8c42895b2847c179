import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** ShopQR at /payment, /payment/add (core §2 ShopQR). */
export default defineArea({
  name: 'shopqr',
  // Context and event fields its machines may show in the inspector (everything else is masked).
  inspectorFields: ['showErrors', 'unverifiedCount', 'optionsError', 'submitError', 'created', 'detailOf', 'detailError', 'deleting', 'deleteError', 'rows', 'va_type', 'amount'],
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
