import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /bank, /bank/add (core §2 Bank). */
export default defineArea({
  name: 'bank',
  inspector: {
    machines: ['bankList', 'bankAdd', 'bankVerify'],
    // Context and event fields these machines may show (everything else is masked).
    fields: [
      'banks',
      'bankCode',
      'bank_code',
      'short_name',
      'holderErrorCode',
      'loadError',
      // The shared form's bookkeeping (D283); its values stay masked.
      'form',
      'showErrors',
      'saveError',
      'refusals',
      'field',
      'rows',
      'target',
      'verified',
      'connectionLost',
      'amount',
      'is_internal_transfer',
    ],
  },
  entries: [
    {
      path: 'bank',
      labelKey: 'nav.bank',
      flag: 'payment',
      nested: true,
      menu: { section: 'shopQr', order: 1 },
      route: lazyPage(() => import('./BankRoute')),
    },
  ],
});
