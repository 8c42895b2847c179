import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /feedback/{tab}, /feedback/create/{tab}, /feedback/update/{tab}/{id} (core §2 Feedback). The flag
 * `feedbackComingSoon` replaces it with a coming-soon page (AreaPage).
 */
export default defineArea({
  name: 'feedback',
  inspector: {
    machines: ['feedbackList', 'feedbackForm'],
    // Context and event fields these machines may show (everything else is masked): no description text or images.
    fields: ['type', 'id', 'showErrors', 'errors', 'refused', 'loadError', 'submitError', 'detailError', 'filter'],
  },
  entries: [
    {
      path: 'feedback',
      labelKey: 'nav.feedback',
      flag: 'feedback',
      nested: true,
      menu: { section: 'feedback', order: 1 },
      route: lazyPage(() => import('./FeedbackRoute')),
    },
  ],
});
