import { customerList, customerListMachine } from '../../../src/machines/customers/customerList.machine';
import type { Customer } from '../../../src/services/customers/schemas';
import { serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { emptyPage, twoPages } from './fixtures';

const DEBOUNCE = 'xstate.after.searchDebounce.customerList.search.waiting';

describeListModel<Customer>({
  name: 'customerList',
  machine: customerListMachine,
  list: customerList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    loadError: serviceError('UNKNOWN_ERROR', 500),
    pageSize: { accepted: 25, refused: 7 },
    filter: {
      accepted: [{ q: 'pho' }, { q: '' }],
      // Untidied text, another key, a wrong type: the box's raw text never reaches the service.
      refused: [{ q: '  pho  ' }, { name: 'pho' }, { q: 42 }],
    },
  },
  variants: [
    {
      variant: 'search box',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SEARCH.TYPE', field: 'q', value: 'Phở  ' },
        { type: 'SEARCH.TYPE', field: 'q', value: '' },
        { type: DEBOUNCE },
        { type: 'SEARCH.SUBMIT' },
      ],
    },
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SEARCH.TYPE', field: 'q', value: 'lan' },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25, q: 'hung' } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10, q: '' } },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as { page: number; pageSize: number; filter: { q: string }; typed: { q: string } } | undefined;
      const after = step.after.context as { page: number; pageSize: number; filter: { q: string }; typed: { q: string } };
      const loaded = step.invoked.some((c) => c.id === 'loadPage');
      // Typing alone never asks the service: only the debounce, Enter or the address bar do.
      if (step.event.type === 'SEARCH.TYPE' && loaded) throw new Error('a key press loaded the list before the debounce');
      if (step.event.type === DEBOUNCE || step.event.type === 'SEARCH.SUBMIT') {
        const changed = before && before.filter.q !== after.filter.q;
        if (changed && (!loaded || after.page !== 1)) throw new Error('a new search did not load page 1');
        if (!changed && loaded) throw new Error('the same search reloaded the list');
        if (after.filter.q !== after.filter.q.trim()) throw new Error('an untidied search was sent');
      }
      if (step.event.type === 'QUERY.REPLACE') {
        const query = (step.event as unknown as { query: { page: number; pageSize: number; q: string } }).query;
        const same =
          before &&
          JSON.stringify([before.page, before.pageSize, before.filter.q]) === JSON.stringify([query.page, query.pageSize, query.q]);
        if (same && loaded) throw new Error('the address the list already shows reloaded it');
        if (!same && (!loaded || after.typed.q !== query.q)) throw new Error('a new address did not load its page and show its search');
      }
    }
  },
});
