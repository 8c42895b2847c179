import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** ShopQR at /payment, /payment/add (core §2 ShopQR). */
export default defineArea({
  name: 'shopqr',
  inspector: {
    machines: ['shopQrList', 'shopQrAdd'],
    // Context and event fields these machines may show (everything else is masked).
    fields: [
      'showErrors',
      // The shared form's bookkeeping (D283); its values stay masked.
      'form',
      'refusals',
      'field',
      'unverifiedCount',
      'optionsError',
      'submitError',
      'created',
      'detailOf',
      'detailError',
      'deleting',
      'deleteError',
      'rows',
      'va_type',
      'amount',
    ],
  },
  entries: [
    {
      path: 'payment',
      labelKey: 'nav.payment',
      flag: 'payment',
      nested: true,
      menu: { section: 'shopQr', order: 2 },
      route: lazyPage(() => import('./ShopQrRoute')),
    },
  ],
});
