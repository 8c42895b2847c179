import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** /bank, /bank/add (core §2 Bank). */
export default defineArea({
  name: 'bank',
  entries: [
    {
      path: 'bank',
      labelKey: 'nav.bank',
      flag: 'payment',
      nested: true,
      menu: { section: 'shopQr', order: 1 },
      route: lazy(() => import('./BankRoute')),
    },
  ],
});
