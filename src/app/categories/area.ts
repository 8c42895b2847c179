import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /category (doc 2 §2): the product categories; open to staff-type users as to the owner (D102). */
export default defineArea({
  name: 'categories',
  inspector: {
    machines: ['categoryList'],
    // Category names and descriptions are the merchant's catalogue, not personal data, but the form
    // stays masked like every form; only the dialog's state shows.
    // The shared form's bookkeeping is named (D283, D284); `values` is not.
    fields: ['form', 'showErrors', 'saveError', 'refusals', 'field'],
  },
  entries: [
    {
      path: 'category',
      labelKey: 'nav.category',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 4 },
      route: lazyPage(() => import('./CategoriesRoute')),
    },
  ],
});
