import type { Attendance, AttendancePage } from '../../../src/services/attendance/schemas';

/** Sample check-ins for the attendance model tests. */

export const morning: Attendance = {
  id: 41,
  card_id: 'CARD0001',
  card_number: '970436******1024',
  created_at: 1_763_950_000,
  latitude: 21.0338,
  longitude: 105.8525,
  serial_number: '18501000000101',
  channel_id: 'POS-000101',
};
export const evening: Attendance = { ...morning, id: 42, card_id: 'CARD0002', card_number: '970415******2048', created_at: 1_763_990_000 };

export const twoPages: AttendancePage = { rows: [evening, morning], totalPage: 2 };
export const emptyPage: AttendancePage = { rows: [], totalPage: 0 };
/** Page 2's only row: deleting it steps back to page 1. */
export const lastRowPage: AttendancePage = { rows: [morning], totalPage: 2 };
