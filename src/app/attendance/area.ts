import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /attendance (doc 2 §2 "attendance list", route not given: D137): staff check-ins by card, flag `ecom`, open to staff. */
export default defineArea({
  name: 'attendance',
  inspector: {
    machines: ['attendanceList'],
    // Paging and status fields are always shown; card ids, card numbers and places are masked.
    fields: [],
  },
  entries: [
    {
      path: 'attendance',
      labelKey: 'nav.attendance',
      flag: 'ecom',
      nested: true,
      menu: { section: 'sales', order: 8 },
      route: lazyPage(() => import('./AttendanceRoute')),
    },
  ],
});
