import { invoiceList, invoiceListMachine } from '../../../src/machines/invoices/invoiceList.machine';
import type { InvoiceRow } from '../../../src/services/invoices/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { cancelled, emptyPage, paid, twoPages } from './fixtures';

const DEBOUNCE = 'xstate.after.searchDebounce.invoiceList.search.waiting';

describeListModel<InvoiceRow>({
  name: 'invoiceList',
  machine: invoiceListMachine,
  list: invoiceList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    loadError: serviceError('UNKNOWN_ERROR', 500),
    pageSize: { accepted: 25, refused: 7 },
    filter: { accepted: [{ q: 'HD5000' }, { q: '' }], refused: [{ q: ' HD ' }, { code: 'HD' }, { q: 5 }] },
  },
  promiseActors: ['cancelInvoice'],
  spyActions: ['notifyCancelled', 'notifyCancelFailed'],
  project: (c: { cancelling: InvoiceRow | null }) => ({ cancelling: c.cancelling?.invoice_id ?? null }),
  variants: [
    {
      variant: 'search box',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SEARCH.TYPE', field: 'q', value: ' HD5000123 ' },
        { type: 'SEARCH.TYPE', field: 'q', value: '' },
        { type: DEBOUNCE },
        { type: 'SEARCH.SUBMIT' },
      ],
    },
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25, q: 'HD50' } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10, q: '' } },
      ],
    },
    {
      variant: 'cancel',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'CANCEL.ASK', row: paid },
        { type: 'CANCEL.ASK', row: cancelled },
        { type: 'CANCEL.CONFIRM' },
        { type: 'CANCEL.DISMISS' },
        { type: 'xstate.done.actor.cancelInvoice', output: { invoice_id: paid.invoice_id, status: 2 } },
        { type: 'xstate.error.actor.cancelInvoice', error: networkError },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as { page: number; filter: { q: string }; cancelling: InvoiceRow | null } | undefined;
      const after = step.after.context as { page: number; filter: { q: string }; cancelling: InvoiceRow | null };
      const loaded = step.invoked.some((c) => c.id === 'loadPage');
      const type = step.event.type;
      if (type === 'SEARCH.TYPE' && loaded) throw new Error('a key press loaded the list before the debounce');
      if (type === 'CANCEL.ASK' && (step.event as unknown as { row: InvoiceRow }).row.status !== 1 && after.cancelling)
        throw new Error('a cancelled invoice was offered for cancelling again');
      if (type === 'xstate.done.actor.cancelInvoice' || type === 'xstate.error.actor.cancelInvoice') {
        if (!loaded) throw new Error('a cancel did not reload the list');
        if (before && after.page !== before.page) throw new Error('a cancel moved to another page (the row stays)');
      }
      const call = step.invoked.find((c) => c.id === 'cancelInvoice');
      if (call && (call.input as { invoiceId: number }).invoiceId !== before?.cancelling?.invoice_id)
        throw new Error('cancelled another invoice');
    }
  },
});
