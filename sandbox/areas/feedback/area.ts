import { defineArea } from '../../platform/area';
import { registerFeedbackRoutes } from './routes';
import { seedFeedback } from './seed';

/** Feedback with images (core §2, §3, §5, §7); a report names a card machine, so the edc area comes first. */
export default defineArea({
  name: 'feedback',
  after: ['edc'],
  routes: { portal: registerFeedbackRoutes },
  seed: seedFeedback,
  sql: new URL('./sql/', import.meta.url),
});
