import { defineArea } from '../shared/define-area';

/** /staff: staff members and their sign-ins (core §2 Business info). Not built yet: its page says so. */
export default defineArea({
  name: 'staff',
  entries: [
    { path: 'staff', labelKey: 'nav.staff', flag: null, ownerOnly: true, nested: true, menu: { section: 'businessInfo', order: 3 } },
  ],
});
