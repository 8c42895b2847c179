import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** /dashboard (core §2 Dashboard). */
export default defineArea({
  name: 'dashboard',
  // Context and event fields its machines may show in the inspector (everything else is masked).
  inspectorFields: ['date', 'today', 'day', 'month', 'year', 'recent', 'revenue', 'count', 'amount', 'previous', 'card', 'qr', 'other', 'created_at', 'transaction_status'],
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
