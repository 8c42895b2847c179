import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /store, /store/add (core §2 Business info): the merchant's stores, the owner's to manage (D87). */
export default defineArea({
  name: 'stores',
  inspector: {
    machines: ['storeList', 'storeAdd'],
    // Context and event fields these machines may show (everything else is masked).
    fields: [
      'rows',
      'target',
      'sort',
      'query',
      'field',
      'order',
      'code',
      'cityId',
      'wardId',
      'cities',
      'wards',
      'citiesError',
      'wardsError',
      'showErrors',
      // The shared form's bookkeeping (D283); its values stay masked.
      'form',
      'saveError',
      'refusals',
      'taxNoFiltered',
      'id',
    ],
  },
  entries: [
    {
      path: 'store',
      labelKey: 'nav.store',
      flag: null,
      ownerOnly: true,
      nested: true,
      menu: { section: 'businessInfo', order: 2 },
      route: lazyPage(() => import('./StoresRoute')),
    },
  ],
});
