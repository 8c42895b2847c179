import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

// One module for the three display pages: moving between them keeps the same display actor.
const load = () => import('./EcrRoute');

/**
 * The customer display (core §2 /ecr-*, doc 2 §2 customer display and the payment panel's `customer`
 * query): three chrome-less pages that follow the cashier's screen, and /sale-display, where a cashier
 * opens the display on this computer or pairs another device (beyond the spec, D141–D143).
 */
export default defineArea({
  name: 'display',
  inspector: {
    machines: ['displayScreen', 'displaySlides', 'displayLook', 'displayPair', 'displayPairing'],
    // Not shown: the message (an order's lines and its QR payload), the codes typed or shown, tokens.
    // The pairing form's bookkeeping (D283, D284): form, saveError, refusals, field; the code typed stays masked.
    fields: [
      'lastSeq',
      'link',
      'index',
      'count',
      'autoplay',
      'incomplete',
      'expired',
      'unpairing',
      'pairingId',
      'form',
      'showErrors',
      'saveError',
      'refusals',
      'field',
    ],
  },
  entries: [
    {
      path: 'sale-display',
      labelKey: 'nav.saleDisplay',
      flag: 'ecom',
      nested: false,
      // No sidebar entry: core §2 fixes the menu; the payment screen and the display link here (D144).
      route: lazyPage(() => import('./PairingRoute')),
    },
  ],
  pages: [
    { path: 'ecr-slide', frame: 'plain', component: lazyPage(load) },
    { path: 'ecr-order-info', frame: 'plain', component: lazyPage(load) },
    { path: 'ecr-success-payment', frame: 'plain', component: lazyPage(load) },
  ],
});
