import { defineArea } from '../../platform/area';
import { registerNotificationRoutes } from './routes';
import { seedSale } from './seed';
import { notificationTriggers } from './triggers';

/** The bell's orders and notifications (sale service) and the realtime events the portal announces. */
export default defineArea({
  name: 'notifications',
  // Notifications point at the orders area's orders (002_order_link.sql, the seed, the triggers).
  after: ['orders'],
  routes: { sale: registerNotificationRoutes },
  seed: seedSale,
  triggers: notificationTriggers,
  sql: new URL('./sql/', import.meta.url),
});
