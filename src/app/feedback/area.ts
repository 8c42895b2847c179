import { defineArea } from '../shared/define-area';

/** /feedback: problem reports with photos (core §2 Feedback). Not built yet: its page says so. */
export default defineArea({
  name: 'feedback',
  entries: [{ path: 'feedback', labelKey: 'nav.feedback', flag: 'feedback', nested: true, menu: { section: 'feedback', order: 1 } }],
});
