import { defineArea } from '../../platform/area';
import { registerPayRoutes } from './pay-routes';
import { registerCheckoutRoutes } from './routes';
import { seedCheckout } from './seed';
import { checkoutTriggers } from './triggers';

/**
 * The checkout service (doc 2 §7; D146–D153): the merchant's checkout record and widget (/e-com), payment links
 * (/pay-by-link, the order payment link tab), and the public calls of the hosted checkout page. A link
 * made for an order pays it through the shared settlement (platform/sale/settlement.ts).
 */
export default defineArea({
  name: 'checkout',
  after: ['orderpayment', 'bank', 'shopqr'],
  routes: {
    checkout: (app, ctx) => {
      registerCheckoutRoutes(app, ctx);
      registerPayRoutes(app, ctx);
    },
  },
  seed: seedCheckout,
  triggers: checkoutTriggers,
  sql: new URL('./sql/', import.meta.url),
});
