import type { ServiceClient } from '../http/client';
import {
  attendanceDeletedSchema,
  attendancePageSchema,
  type AttendanceDeleted,
  type AttendanceListQuery,
  type AttendancePage,
} from './schemas';

/** The sale service's attendance calls (doc 2 §7 "Attendance"; docs/areas/attendance.md). Every answer is validated. */

export interface AttendanceApi {
  list(query: AttendanceListQuery, signal?: AbortSignal): Promise<AttendancePage>;
  remove(id: number, channelId: string, signal?: AbortSignal): Promise<AttendanceDeleted>;
}

export function createAttendanceApi(sale: ServiceClient): AttendanceApi {
  return {
    async list({ page, pageSize }, signal) {
      const data = await sale.data({
        name: 'attendance.list',
        path: '/attendance',
        query: { page, page_size: pageSize },
        schema: attendancePageSchema,
        signal,
      });
      return { rows: data.items, totalPage: data.total_page };
    },
    remove: (id, channelId, signal) =>
      sale.data({
        name: 'attendance.remove',
        method: 'DELETE',
        path: `/attendance/${encodeURIComponent(String(id))}`,
        body: { channel_id: channelId },
        schema: attendanceDeletedSchema,
        signal,
      }),
  };
}
