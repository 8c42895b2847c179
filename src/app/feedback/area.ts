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
    // The shared form's bookkeeping (D283): form, saveError, refusals, field; its values stay masked.
    fields: ['type', 'id', 'showErrors', 'form', 'saveError', 'refusals', 'field', 'refused', 'loadError', 'detailError', 'filter'],
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
