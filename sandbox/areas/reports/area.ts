import { defineArea } from '../../platform/area';
import { registerReportRoutes } from './routes';
import { reportTriggers } from './triggers';

/**
 * The eight transaction reports, their export and bills, and the store dropdown their filter uses;
 * the `transaction` trigger adds a row of any channel and status.
 */
export default defineArea({
  name: 'reports',
  routes: { portal: registerReportRoutes },
  triggers: reportTriggers,
});
