import { defineArea } from '../shared/define-area';

/** /sale-setting (doc 2 §2). Not built yet: its page says so. */
export default defineArea({
  name: 'settings',
  entries: [{ path: 'sale-setting', labelKey: 'nav.saleSetting', flag: 'ecom', nested: true, menu: { section: 'sales', order: 6 } }],
});
