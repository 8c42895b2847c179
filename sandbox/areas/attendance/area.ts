import { defineArea } from '../../platform/area';
import { registerAttendanceRoutes } from './routes';
import { seedAttendance } from './seed';

/** Staff check-ins by card on the merchant's terminals (doc 2 §2 attendance list, §7); the seed reads the edc area's terminals. */
export default defineArea({
  name: 'attendance',
  after: ['edc'],
  routes: { sale: registerAttendanceRoutes },
  seed: seedAttendance,
  sql: new URL('./sql/', import.meta.url),
});
