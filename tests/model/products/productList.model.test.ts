import { productList, productListMachine } from '../../../src/machines/products/productList.machine';
import type { Product } from '../../../src/services/products/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { closed, emptyPage, phoBo, twoPages } from './fixtures';

interface Extra {
  typed: { q: string };
  stopTarget: Product | null;
  filter: { q: string; status: number | null };
}

describeListModel<Product>({
  name: 'productList',
  machine: productListMachine,
  list: productList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    loadError: serviceError('AUTHEN_FAIL', 401),
    pageSize: { accepted: 25, refused: 7 },
    filter: {
      accepted: [{ status: 2 }, { q: 'pho' }, { status: null }],
      refused: [{ status: 5 }, { q: 7 }, { colour: 'red' }, { q: 'x'.repeat(101) }],
    },
  },
  promiseActors: ['stopSale'],
  spyActions: ['notifyStopped', 'notifyStopFailed'],
  project: (c: Extra) => ({ typed: c.typed, stop: c.stopTarget?.code ?? null }),
  variants: [
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25, filter: { q: 'pho', status: 0 } } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10, filter: { q: '', status: null } } },
      ],
    },
    {
      variant: 'search',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SEARCH.TYPE', field: 'q', value: 'ph' },
        { type: 'SEARCH.TYPE', field: 'q', value: 'pho' },
        { type: 'xstate.after.searchDebounce.productList.search.waiting' },
      ],
    },
    {
      variant: 'stop-sale',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'STOP.ASK', row: phoBo },
        { type: 'STOP.ASK', row: closed },
        { type: 'STOP.CONFIRM' },
        { type: 'STOP.CANCEL' },
        { type: 'xstate.done.actor.stopSale', output: { ...phoBo, status: 2 } },
        { type: 'xstate.error.actor.stopSale', error: serviceError('NOT_FOUND', 404) },
        { type: 'xstate.error.actor.stopSale', error: networkError },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const type = step.event.type;
      const before = step.before?.context as Extra | undefined;
      const after = step.after.context as Extra & { page: number };
      const loads = step.invoked.filter((c) => c.id === 'loadPage');
      // Typing alone never searches; the debounce's end searches what was typed, from page 1.
      if (type === 'SEARCH.TYPE' && loads.length > 0) throw new Error('a keystroke searched at once');
      if (type.startsWith('xstate.after.searchDebounce') && before) {
        if (after.filter.q !== before.typed.q) throw new Error('the search is not what was typed');
      }
      // A closed product is never stopped again.
      const stop = step.invoked.find((c) => c.id === 'stopSale');
      if (stop && (stop.input as { code: string }).code === closed.code) throw new Error('stopped a closed product');
      if (type === 'STOP.ASK' && (step.event as unknown as { row: Product }).row.status === 2 && after.stopTarget !== null)
        throw new Error('asked to stop a closed product');
      if ((type === 'xstate.done.actor.stopSale' || type === 'xstate.error.actor.stopSale') && loads.length === 0)
        throw new Error('the list did not reload after a stop-sale');
    }
  },
});
