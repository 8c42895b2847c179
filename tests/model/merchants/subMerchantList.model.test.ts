import { subMerchantList, subMerchantListMachine } from '../../../src/machines/merchants/subMerchantList.machine';
import type { SubMerchant } from '../../../src/services/merchants/schemas';
import { networkError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { otherSubMerchant, subMerchant } from './fixtures';

describeListModel<SubMerchant>({
  name: 'subMerchantList',
  machine: subMerchantListMachine,
  list: subMerchantList,
  samples: {
    page: { rows: [subMerchant, otherSubMerchant], totalPage: 2 },
    emptyPage: { rows: [], totalPage: 0 },
    loadError: networkError,
    pageSize: { accepted: 25, refused: 7 },
  },
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        // D100: the list call carries paging only, nothing of a person.
        if (
          call.id === 'loadPage' &&
          Object.keys(call.input as object)
            .sort()
            .join() !== 'page,pageSize'
        )
          throw new Error('the list asked with more than page and size');
      }
    }
  },
});
