import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** /dashboard (core §2 Dashboard). */
export default defineArea({
  name: 'dashboard',
  entries: [
    {
      path: 'dashboard',
      labelKey: 'nav.overview',
      flag: 'overview',
      menu: { section: 'overview', order: 1 },
      route: lazy(() => import('./DashboardRoute')),
    },
  ],
});
