import type { SubMerchant } from '../../services/merchants/schemas';
import { defineList } from '../shared/list/pagedList';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /master-merchant (core §2 Shell "master merchant profile", D23, D100): the paged list of the
 * merchant's sub-merchants on the shared list (loading → loaded | empty | failed; paging and size).
 * Read only: records are added on /master-merchant/new, never deleted from the portal.
 */

export const subMerchantList = defineList({
  types: {
    row: {} as SubMerchant,
    loadInput: {} as { page: number; pageSize: number },
  },
  pageSizes: PAGE_SIZES,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize }),
});

export const subMerchantListMachine = subMerchantList.setup.createMachine({
  id: 'subMerchantList',
  type: 'parallel',
  context: subMerchantList.context({ pageSize: DEFAULT_PAGE_SIZE }, {}),
  states: {
    list: subMerchantList.listRegion(),
  },
});
