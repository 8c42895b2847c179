import type { StaffPage, StaffRow } from '../../services/staff/schemas';

import { defineList } from '../shared/list/pagedList';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /staff (core §2 Business info, §7 GET and DELETE /staff): the merchant's staff, paged (the shared
 * list: ../shared/list), newest first; delete after a confirmation. A refusal (STAFF_LINK_VA: the
 * staff member has a ShopQR) closes the dialog, keeps the row and says why in a toast titled
 * "delete staff failed" (core §8); a row deleted meanwhile (USER_INCORRECT) reloads the list.
 */

export const staffList = defineList({
  types: {
    row: {} as StaffRow,
    page: {} as StaffPage,
    loadInput: {} as { page: number; pageSize: number },
    deleteInput: {} as { id: number },
  },
  pageSizes: PAGE_SIZES,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize }),
  deleteInput: (row) => ({ id: row.id }),
  deletion: 'close',
  goneCodes: ['USER_INCORRECT'],
});

export const staffListMachine = staffList.setup.createMachine({
  id: 'staffList',
  type: 'parallel',
  context: staffList.context({ pageSize: DEFAULT_PAGE_SIZE }, {}),
  states: {
    list: staffList.listRegion(),
    deletion: staffList.deletionRegion(),
  },
});
