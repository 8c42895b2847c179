import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /pay-by-link (doc 2 §2 Pay by Link, flag payByLink): open to staff-type users too (D156). */
export default defineArea({
  name: 'paylink',
  inspector: {
    machines: ['payLink', 'payLinkList'],
    // Order ids and amounts are the shop's; the link itself (signed) and the attempt key stay masked.
    fields: [
      'orderId',
      'amount',
      'appId',
      'showErrors',
      'widgetError',
      'submitError',
      // The shared form's bookkeeping (D283, D284); the values typed stay masked.
      'form',
      'saveError',
      'refusals',
      'field',
      'searchDraft',
      'filter',
      'q',
      'status',
      'totalCount',
    ],
  },
  entries: [
    {
      path: 'pay-by-link',
      labelKey: 'nav.payByLink',
      flag: 'payByLink',
      nested: true,
      menu: { section: 'payByLink', order: 1 },
      route: lazyPage(() => import('./PayLinkRoute')),
    },
  ],
});
