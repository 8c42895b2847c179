import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * The kitchen screen (beyond the spec; D325–D328): a device paired to a store like the customer
 * display receives the dishes sent to the kitchen as tickets and marks them done.
 */
export default defineArea({
  name: 'kitchen',
  inspector: {
    machines: ['kitchenPair', 'kitchenBoard', 'kitchenPairing', 'orderKitchen'],
    // Not shown: the code typed, tokens, the tickets (dish names and notes are the shop's text).
    fields: ['link', 'pending', 'ticketId', 'lineNo', 'showErrors', 'saveError', 'errorCode', 'expired', 'unpairing'],
  },
  pages: [{ path: 'kitchen', frame: 'plain', component: lazyPage(() => import('./KitchenRoute')) }],
});
