import { createAttendanceActors, createAttendanceApi } from '../../services/attendance';
import type { AppScope } from '../shared/composition';

/** The attendance area's wiring for one runtime (D279): the sale client's attendance calls. */
export const attendanceActorsOf = ({ runtime }: AppScope) => createAttendanceActors(createAttendanceApi(runtime.clients.sale));
