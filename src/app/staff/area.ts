import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /staff, /staff/add, /staff/update?id= (core §2 Business info): staff members and their sign-ins; owner only (D87). */
export default defineArea({
  name: 'staff',
  inspector: {
    machines: ['staffList', 'staffAdd', 'staffEdit'],
    // Context and event fields these machines may show (everything else is masked): no names,
    // phones, e-mails or passwords; the form itself stays masked.
    // The shared form's bookkeeping (D283) shows; its values stay masked.
    fields: [
      'showErrors',
      'submitError',
      'form',
      'saveError',
      'refusals',
      'field',
      'loadError',
      'deleting',
      'deleteError',
      'has_login',
      'store_id',
    ],
  },
  entries: [
    {
      path: 'staff',
      labelKey: 'nav.staff',
      flag: null,
      ownerOnly: true,
      nested: true,
      menu: { section: 'businessInfo', order: 3 },
      route: lazyPage(() => import('./StaffRoute')),
    },
  ],
});
