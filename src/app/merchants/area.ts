import { defineArea } from '../shared/define-area';

/** Master merchant: the sub-merchant list and a new record (core §2 Shell, D23). Not built yet. */
export default defineArea({
  name: 'merchants',
  entries: [
    { path: 'master-merchant', labelKey: 'nav.masterMerchantList', flag: 'masterMerchant', menu: { section: 'masterMerchant', order: 1 } },
    {
      path: 'master-merchant/new',
      labelKey: 'nav.masterMerchantNew',
      flag: 'masterMerchant',
      menu: { section: 'masterMerchant', order: 2 },
    },
  ],
});
