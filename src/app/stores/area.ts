import { defineArea } from '../shared/define-area';

/** /store: the merchant's stores (core §2 Business info). Not built yet: its page says so. */
export default defineArea({
  name: 'stores',
  entries: [
    { path: 'store', labelKey: 'nav.store', flag: null, ownerOnly: true, nested: true, menu: { section: 'businessInfo', order: 2 } },
  ],
});
