import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /dashboard (core §2 Dashboard). */
export default defineArea({
  name: 'dashboard',
  inspector: {
    machines: ['dashboard'],
    // Context and event fields these machines may show (everything else is masked).
    fields: [
      'date',
      'today',
      'day',
      'month',
      'year',
      'recent',
      'revenue',
      'count',
      'amount',
      'previous',
      'previous_span',
      'from',
      'to',
      'created_at',
      'transaction_status',
    ],
  },
  entries: [
    {
      path: 'dashboard',
      labelKey: 'nav.overview',
      flag: 'overview',
      menu: { section: 'overview', order: 1 },
      route: lazyPage(() => import('./DashboardRoute')),
    },
  ],
});
