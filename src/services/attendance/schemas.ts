import { z } from '../../config/zod-classic';

/** The sale service's check-ins (doc 2 §3 Attendance record, §7 Attendance; CONTRACT13). */

export const attendanceSchema = z.object({
  id: z.number().int().positive(),
  card_id: z.string(),
  /** Masked by the service: 6 first and 4 last digits. */
  card_number: z.string(),
  /** unix seconds */
  created_at: z.number().int().nonnegative(),
  latitude: z.number(),
  longitude: z.number(),
  serial_number: z.string(),
  channel_id: z.string(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** GET /attendance: `{data: {items, total_page, total_count}}` (the spec's shape). */
export const attendancePageSchema = z.object({
  items: z.array(attendanceSchema),
  total_page: z.number().int().nonnegative(),
  total_count: z.number().int().nonnegative().optional(),
});

export const attendanceDeletedSchema = z.object({ id: z.number().int().positive(), card_id: z.string() });
export type AttendanceDeleted = z.infer<typeof attendanceDeletedSchema>;

export interface AttendancePage {
  rows: Attendance[];
  totalPage: number;
}

export interface AttendanceListQuery {
  page: number;
  pageSize: number;
}
