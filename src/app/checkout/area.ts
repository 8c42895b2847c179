import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /e-com, the checkout widget setup (doc 2 §2, flag `ecom`; the owner's page, D87, D152). Its sidebar
 * entry sits in the Pay by Link section, beside the links the widget's page takes (D152). The hosted
 * checkout page the payer opens (src/app/checkout/hosted/) is a separate entry of the build, outside
 * the portal's router.
 */
export default defineArea({
  name: 'checkout',
  inspector: {
    machines: ['widgetSettings', 'hostedCheckout'],
    // The draft (the merchant's URLs), the record and typed values stay masked; these carry no URL, name or secret.
    // The shared form's bookkeeping (D283, D284): `form`, never its values; `field` names the field changed.
    fields: ['advanced', 'previewMethod', 'form', 'showErrors', 'refusals', 'loadError', 'field', 'method'],
  },
  entries: [
    {
      path: 'e-com',
      labelKey: 'nav.ecom',
      flag: 'ecom',
      ownerOnly: true,
      menu: { section: 'payByLink', order: 2 },
      route: lazyPage(() => import('./EcomRoute')),
    },
  ],
});
