import { defineArea } from '../../platform/area';
import { registerDashboardRoutes } from './routes';

/** The dashboard's streamed figures, summed from the platform's transactions. */
export default defineArea({
  name: 'dashboard',
  routes: { portal: registerDashboardRoutes },
});
