import { fromPromise } from 'xstate';
import type { AttendanceApi } from './api';
import type { AttendanceDeleted, AttendanceListQuery, AttendancePage } from './schemas';

/** The attendance machine's actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createAttendanceActors(api: AttendanceApi) {
  return {
    loadAttendance: fromPromise<AttendancePage, AttendanceListQuery>(({ input, signal }) => api.list(input, signal)),
    deleteAttendance: fromPromise<AttendanceDeleted, { id: number; channelId: string }>(({ input, signal }) =>
      api.remove(input.id, input.channelId, signal),
    ),
  };
}

export type AttendanceActors = ReturnType<typeof createAttendanceActors>;
