import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /sale-product, /sale-product/create, /sale-product/update?id={code} (doc 2 §2); open to staff-type users (D102). */
export default defineArea({
  name: 'products',
  inspector: {
    machines: ['productList', 'productForm'],
    // The catalogue is the merchant's, not personal data; still only the flow's state shows.
    fields: ['typed', 'showErrors', 'submitError', 'form', 'saveError', 'refusals', 'field', 'loadError', 'imageProblem', 'code'],
  },
  entries: [
    {
      path: 'sale-product',
      labelKey: 'nav.saleProduct',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 2 },
      route: lazyPage(() => import('./ProductsRoute')),
    },
  ],
});
