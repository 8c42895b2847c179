import { payLinkList, payLinkListMachine } from '../../../src/machines/paylink/payLinkList.machine';
import type { PaymentLink } from '../../../src/services/checkout';
import { describeListModel } from '../shared/list';
import { serviceError } from '../shared/fixtures/auth';
import { emptyPage, twoPages } from './fixtures';

const DEBOUNCE = 'xstate.after.searchDebounce.payLinkList.search.waiting';

describeListModel<PaymentLink>({
  name: 'payLinkList',
  machine: payLinkListMachine,
  list: payLinkList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    loadError: serviceError('UNKNOWN_ERROR', 500),
    pageSize: { accepted: 25, refused: 7 },
    filter: {
      accepted: [{ q: 'DH01' }, { status: 'PAID' }, { q: '', status: null }],
      refused: [{ q: ' DH ' }, { status: 'CANCELLED' }, { order: 'x' }, { q: 5 }, {}],
    },
  },
  callbackActors: ['watchPayments'],
  project: (c: { totalCount: number }) => ({ total: c.totalCount }),
  variants: [
    {
      variant: 'search box',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SEARCH.TYPE', field: 'q', value: ' DH01 ' },
        { type: 'SEARCH.TYPE', field: 'q', value: '' },
        { type: DEBOUNCE },
        { type: 'SEARCH.SUBMIT' },
        { type: 'STATUS.SELECT', status: 'EXPIRED' },
        { type: 'STATUS.SELECT', status: null },
      ],
    },
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25, q: 'DH', status: 'OPEN' } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10, q: '', status: null } },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as {
        page: number;
        pageSize: number;
        filter: { q: string; status: string | null };
        totalCount: number;
      };
      const type = step.event.type;
      const loaded = step.invoked.find((c) => c.id === 'loadPage');
      if (type === 'SEARCH.TYPE' && loaded) throw new Error('a key press loaded the list before the debounce');
      if (loaded) {
        const input = loaded.input as { page: number; pageSize: number; q: string; status: string | null };
        if (input.q !== after.filter.q || input.status !== after.filter.status) throw new Error('asked for another filter than shown');
      }
      if (type === 'xstate.done.actor.loadPage') {
        const output = (step.event as unknown as { output: { totalCount: number } }).output;
        if (step.after.hasTag('loaded') && after.totalCount !== output.totalCount) throw new Error('the total count was not kept');
      }
    }
  },
});
