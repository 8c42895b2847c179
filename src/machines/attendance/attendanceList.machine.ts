import type { Attendance, AttendanceListQuery, AttendancePage } from '../../services/attendance/schemas';
import { defineList } from '../shared/list/pagedList';
import type { AttendanceQuery } from './rules/attendanceUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * The check-in list (doc 2 §2 attendance list, §3 Attendance record, §7, §8, §9 paging): staff cards
 * tapped on the merchant's terminals, newest first, on the shared list (../shared/list), the page and
 * size mirrored in the address bar (QUERY.REPLACE when Back or an edited address changes them). Delete
 * after a confirmation, sending the record's channel; the success toast names the card id (doc 2 §8);
 * a record deleted meanwhile (NOT_FOUND) reloads the list.
 */

export type AttendanceListEvent = { type: 'QUERY.REPLACE'; query: AttendanceQuery };

export const attendanceList = defineList({
  types: {
    row: {} as Attendance,
    page: {} as AttendancePage,
    loadInput: {} as AttendanceListQuery,
    deleteInput: {} as { id: number; channelId: string },
    events: {} as AttendanceListEvent,
    input: {} as { query?: AttendanceQuery },
    query: {} as AttendanceQuery,
  },
  pageSizes: PAGE_SIZES,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize }),
  deleteInput: (row) => ({ id: row.id, channelId: row.channel_id }),
  deletion: 'close',
  goneCodes: ['NOT_FOUND'],
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize }),
  },
});

export const attendanceListMachine = attendanceList.setup.createMachine({
  id: 'attendanceList',
  type: 'parallel',
  context: ({ input }) => attendanceList.context(input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE }, {}),
  on: attendanceList.addressOn(),
  states: {
    list: attendanceList.listRegion(),
    deletion: attendanceList.deletionRegion(),
  },
});
