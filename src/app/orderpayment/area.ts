import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /sale-order/payment/{order_id} (doc 2 §2 Order payment panel): taking payment for one order, and the
 * guest-facing view of it with `?customer`. A page of its own inside the shell, without a menu entry
 * (reached from the order and the table screens). Its path is more specific than the orders area's
 * `sale-order/*`, so the router ranks it first (React Router scores static segments above a splat).
 */
export default defineArea({
  name: 'orderpayment',
  inspector: {
    machines: ['orderPayment', 'cashPayment', 'qrPayment', 'cardPayment', 'linkPayment'],
    fields: [
      'orderId',
      'invoiceId',
      'firstTab',
      'tab',
      'method',
      'printed',
      'total',
      'received',
      // The cash form's bookkeeping (D283, D284); the amount typed is in its masked values.
      'form',
      'saveError',
      'refusals',
      'field',
      'payment',
      'serial',
      'connection',
      'connectionError',
      'polls',
      'maxPolls',
      'failure',
      'reason',
      'terminals',
      'orderCode',
      'appId',
    ],
  },
  entries: [
    {
      path: 'sale-order/payment',
      labelKey: 'nav.saleOrder',
      flag: 'ecom',
      nested: true,
      route: lazyPage(() => import('./OrderPaymentRoute')),
    },
  ],
});
