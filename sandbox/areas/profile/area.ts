import { defineArea } from '../../platform/area';
import { registerBusinessRoutes } from './business';

/** The merchant's business profile (read only so far). */
export default defineArea({
  name: 'profile',
  routes: { portal: registerBusinessRoutes },
});
