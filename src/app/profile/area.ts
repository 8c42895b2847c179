import { defineArea } from '../shared/define-area';

/** /profile: the business profile the bank holds (core §2 Business info). Not built yet: its page says so. */
export default defineArea({
  name: 'profile',
  entries: [{ path: 'profile', labelKey: 'nav.profile', flag: null, menu: { section: 'businessInfo', order: 1 } }],
});
