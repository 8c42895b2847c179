import { storeList, storeListMachine } from '../../../src/machines/stores/storeList.machine';
import type { Store } from '../../../src/services/stores/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { emptyPage, hangBac, lastRowPage, twoPages } from './fixtures';

describeListModel<Store>({
  name: 'storeList',
  machine: storeListMachine,
  list: storeList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    lastRowPage,
    loadError: serviceError('PERMISSION_DENY', 403),
    pageSize: { accepted: 25, refused: 7 },
    sort: {
      accepted: [{ field: 'name', order: 'asc' }, { field: 'code', order: 'desc' }, null],
      refused: [{ field: 'tax_no', order: 'asc' }, { field: 'name', order: 'sideways' }, 'name'],
    },
    delete: {
      row: hangBac,
      errors: [serviceError('STORE_LINK_VA', 400), serviceError('STORE_NOT_EXIST', 404), networkError],
    },
  },
  variants: [
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25, sort: { field: 'code', order: 'asc' } } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10, sort: null } },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      // An address equal to what is shown changes nothing (no request loop between the bar and the list).
      if (step.event.type === 'QUERY.REPLACE') {
        const before = step.before?.context as { page: number; pageSize: number; sort: unknown } | undefined;
        const query = (step.event as unknown as { query: { page: number; pageSize: number; sort: unknown } }).query;
        const same =
          before &&
          JSON.stringify([before.page, before.pageSize, before.sort]) === JSON.stringify([query.page, query.pageSize, query.sort]);
        const loaded = step.invoked.some((c) => c.id === 'loadPage');
        if (same && loaded) throw new Error('the address the list already shows reloaded it');
        if (!same && !loaded) throw new Error('a new address did not load its page');
      }
    }
  },
});
