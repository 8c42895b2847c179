import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /profile: the business profile the bank holds (core §2 Business info, §3), read only. */
export default defineArea({
  name: 'profile',
  inspector: {
    machines: ['businessProfile'],
    // None: every field of the profile is a name, phone, e-mail, tax code, address or ID number (masked).
    fields: [],
  },
  entries: [
    {
      path: 'profile',
      labelKey: 'nav.profile',
      flag: null,
      menu: { section: 'businessInfo', order: 1 },
      route: lazyPage(() => import('./ProfileRoute')),
    },
  ],
});
