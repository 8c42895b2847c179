import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /sale-customer, /sale-customer/create, /sale-customer/update?id= (doc 2 §2): customers with loyalty points, open to staff (D110). */
export default defineArea({
  name: 'customers',
  inspector: {
    machines: ['customerList', 'customerForm'],
    // Context and event fields these machines may show (everything else is masked: names, phones, addresses).
    fields: [
      'query',
      'searchDraft',
      'filter',
      'q',
      'id',
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
      'field',
      'loadError',
      'created',
      'code',
    ],
  },
  entries: [
    {
      path: 'sale-customer',
      labelKey: 'nav.saleCustomer',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 3 },
      route: lazyPage(() => import('./CustomersRoute')),
    },
  ],
});
