import { defineArea } from '../../platform/area';
import { registerReportRoutes } from './routes';

/** The eight transaction reports, their export and bills, and the store dropdown their filter uses. */
export default defineArea({
  name: 'reports',
  routes: { portal: registerReportRoutes },
});
