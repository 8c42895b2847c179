import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * Refunds of paid orders (D305): /sale-refund/{invoice id}, reached from the order it belongs to (no
 * sidebar entry; the sales menu is the spec's). The sale service's rules are in sandbox/areas/refunds.
 */
export default defineArea({
  name: 'refunds',
  inspector: {
    machines: ['refundOrder'],
    // The form's bookkeeping (D283, D284) and the refund's figures; the note and names stay masked.
    fields: ['form', 'showErrors', 'saveError', 'refusals', 'field', 'invoiceId', 'itemId', 'quantity', 'loadError'],
  },
  entries: [
    {
      path: 'sale-refund',
      labelKey: 'nav.saleRefund',
      flag: 'ecom',
      nested: true,
      route: lazyPage(() => import('./RefundRoute')),
    },
  ],
});
