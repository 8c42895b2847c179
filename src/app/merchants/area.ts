import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * Master merchant (core §2 Shell, D23): the sub-merchant list and a new record, behind the deployment
 * flag `masterMerchant`, for the owner only (D87, D100). One route file serves both addresses.
 */
const route = lazyPage(() => import('./MerchantsRoute'));

export default defineArea({
  name: 'merchants',
  inspector: {
    machines: ['subMerchantList', 'subMerchantNew'],
    // Paging and status only: names, tax numbers, addresses and phones stay masked.
    fields: ['submitted'],
  },
  entries: [
    {
      path: 'master-merchant',
      labelKey: 'nav.masterMerchantList',
      flag: 'masterMerchant',
      ownerOnly: true,
      menu: { section: 'masterMerchant', order: 1 },
      route,
    },
    {
      path: 'master-merchant/new',
      labelKey: 'nav.masterMerchantNew',
      flag: 'masterMerchant',
      ownerOnly: true,
      menu: { section: 'masterMerchant', order: 2 },
      route,
    },
  ],
});
