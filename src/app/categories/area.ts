import { defineArea } from '../shared/define-area';

/** /category (doc 2 §2). Not built yet: its page says so. */
export default defineArea({
  name: 'categories',
  entries: [{ path: 'category', labelKey: 'nav.category', flag: 'ecom', nested: true, menu: { section: 'sales', order: 4 } }],
});
