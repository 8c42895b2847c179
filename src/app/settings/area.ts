import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /sale-setting (doc 2 §2: digital order, reward point, payment setting, screen customisation) and
 * /e-order (E-Order payment setup). Both change the merchant's settings, the owner's (D87, D160).
 */
export default defineArea({
  name: 'settings',
  inspector: {
    machines: ['saleSettings', 'ePaymentSetup', 'screenCustomisation'],
    // Never the keys, links, website or texts: only the shape of the flow.
    fields: [
      'tabs',
      'tab',
      'uploading',
      'uploadSlot',
      'logoError',
      'bannerError',
      'slotErrors',
      // The shared forms' bookkeeping (D283, D284); their values stay masked.
      'form',
      'digitalForm',
      'rewardForm',
      'showErrors',
      'refusals',
      'pointRefused',
      'loadError',
      'saveError',
      'ewalletOn',
      'qrOn',
      'refused',
      'reveal',
      'field',
      'method',
      'on',
      'slot',
      'isFnb',
      'screenCustomisation',
    ],
  },
  entries: [
    {
      path: 'sale-setting',
      labelKey: 'nav.saleSetting',
      flag: 'ecom',
      ownerOnly: true,
      nested: true,
      menu: { section: 'sales', order: 6 },
      route: lazyPage(() => import('./SaleSettingsRoute')),
    },
    // Reachable by address (doc 2 §2 lists it without a menu entry); titled as the settings it belongs to.
    { path: 'e-order', labelKey: 'nav.saleSetting', flag: 'ecom', ownerOnly: true, route: lazyPage(() => import('./EOrderRoute')) },
  ],
});
