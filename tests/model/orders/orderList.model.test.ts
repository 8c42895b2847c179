import { orderList, orderListMachine } from '../../../src/machines/orders/orderList.machine';
import type { Order, OrderDetail } from '../../../src/services/orders/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { completed, detailOf, emptyPage, handling, twoPages } from './fixtures';

// A paid order whose invoice at the moment of sale failed (D250).
const failedInvoice: Order = {
  ...completed,
  order_id: completed.order_id + 100,
  einvoice_job: { state: 'FAILED', serial: null, error_code: 'EINV_PROVIDER_DOWN', attempts: 10, next_at: null },
};
const withToday = { ...twoPages, today: { paid: 3, not_invoiced: 1 } };

interface Extra {
  typed: { q: string };
  detailOf: Order | null;
  detail: OrderDetail | null;
  filter: { q: string };
}

describeListModel<Order>({
  name: 'orderList',
  machine: orderListMachine,
  list: orderList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    loadError: serviceError('AUTHEN_FAIL', 401),
    pageSize: { accepted: 25, refused: 7 },
    filter: {
      accepted: [{ status: 0 }, { source: 'WEBSITE' }, { status: null }],
      refused: [{ status: 5 }, { exported: 'yes' }, { source: 'FAX' }, { q: 7 }, { q: 'x'.repeat(101) }, { colour: 'red' }],
    },
  },
  promiseActors: ['loadDetail', 'createOrder', 'printReceipt', 'retryEinvoice'],
  spyActions: ['openOrder', 'notifyCreateFailed', 'notifyPrintFailed', 'notifyEinvoiceRetried', 'notifyEinvoiceRetryFailed'],
  project: (c: Extra) => ({ typed: c.typed, detail: c.detailOf?.order_id ?? null, loaded: c.detail?.invoice_data.status ?? null }),
  variants: [
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'QUERY.REPLACE', query: { page: 2, pageSize: 25, filter: { q: 'lan', status: 1, exported: false, source: 'KIOSK' } } },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10, filter: { q: '', status: null, exported: null, source: null } } },
      ],
    },
    {
      variant: 'search',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SEARCH.TYPE', field: 'q', value: 'ba' },
        { type: 'SEARCH.TYPE', field: 'q', value: 'bàn 3' },
        { type: 'xstate.after.searchDebounce.orderList.search.waiting' },
      ],
    },
    {
      variant: 'detail',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'DETAIL.OPEN', row: handling },
        { type: 'DETAIL.OPEN', row: completed },
        { type: 'DETAIL.CLOSE' },
        { type: 'DETAIL.RETRY' },
        { type: 'xstate.done.actor.loadDetail', output: detailOf(handling, 2) },
        { type: 'xstate.error.actor.loadDetail', error: serviceError('NOT_FOUND', 404) },
      ],
    },
    {
      variant: 'print',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'DETAIL.OPEN', row: completed },
        { type: 'PRINT' },
        { type: 'xstate.done.actor.loadDetail', output: detailOf(completed, 2) },
        { type: 'xstate.done.actor.loadDetail', output: detailOf(handling, 2) },
        { type: 'xstate.done.actor.printReceipt', output: undefined },
        { type: 'xstate.error.actor.printReceipt', error: { code: 'PRINT_FAILED' } },
        { type: 'DETAIL.CLOSE' },
      ],
    },
    {
      variant: 'einvoice retry',
      events: [
        { type: 'xstate.done.actor.loadPage', output: withToday },
        { type: 'DETAIL.OPEN', row: failedInvoice },
        { type: 'DETAIL.OPEN', row: completed },
        { type: 'EINVOICE.RETRY' },
        { type: 'xstate.done.actor.retryEinvoice', output: undefined },
        { type: 'xstate.error.actor.retryEinvoice', error: serviceError('EINV_JOB_NOT_FAILED', 409) },
        { type: 'DETAIL.CLOSE' },
      ],
    },
    {
      variant: 'create',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'CREATE' },
        { type: 'xstate.done.actor.createOrder', output: { orderId: 77, existing: false } },
        { type: 'xstate.error.actor.createOrder', error: networkError },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const type = step.event.type;
      const before = step.before?.context as Extra | undefined;
      const after = step.after.context as Extra & { page: number };
      const loads = step.invoked.filter((c) => c.id === 'loadPage');
      const actions = step.actions.map((a) => a.action);
      if (type === 'SEARCH.TYPE' && loads.length > 0) throw new Error('a keystroke searched at once');
      if (type.startsWith('xstate.after.searchDebounce') && before && after.filter.q !== before.typed.q)
        throw new Error('the search is not what was typed');
      // The detail asked for is the row clicked.
      for (const call of step.invoked.filter((c) => c.id === 'loadDetail')) {
        if ((call.input as { orderId: number }).orderId !== after.detailOf?.order_id) throw new Error('loaded another order');
      }
      // A table-less order only: the create never names a table.
      for (const call of step.invoked.filter((c) => c.id === 'createOrder')) {
        if ((call.input as { tableId: unknown }).tableId !== null) throw new Error('created an order on a table');
      }
      if (type === 'CREATE' && step.before?.hasTag('creating') && step.invoked.some((c) => c.id === 'createOrder'))
        throw new Error('a second click created a second order');
      // D250: only a failed invoice is retried, once per click, and the outcome is told.
      for (const call of step.invoked.filter((c) => c.id === 'retryEinvoice')) {
        const shown = (before?.detail?.invoice_data ?? before?.detailOf) as Order | null | undefined;
        if (shown?.einvoice_job?.state !== 'FAILED' || (call.input as { orderId: number }).orderId !== shown.order_id)
          throw new Error('retried an invoice that had not failed, or another order');
      }
      if (type === 'EINVOICE.RETRY' && step.before?.hasTag('einvoiceRetrying') && step.invoked.some((c) => c.id === 'retryEinvoice'))
        throw new Error('a second click retried twice');
      if (type === 'xstate.done.actor.retryEinvoice' && !actions.includes('notifyEinvoiceRetried')) throw new Error('a retry said nothing');
      if (type === 'xstate.error.actor.retryEinvoice' && !actions.includes('notifyEinvoiceRetryFailed'))
        throw new Error('a failed retry said nothing');
      if (
        type === 'xstate.done.actor.loadPage' &&
        (step.event as unknown as { output: typeof withToday }).output.today &&
        !(after as { today?: unknown }).today
      )
        throw new Error("the day's count was dropped");
      if (type === 'xstate.done.actor.createOrder' && !actions.includes('openOrder')) throw new Error('the new order was not opened');
      if (type === 'xstate.error.actor.createOrder' && !actions.includes('notifyCreateFailed'))
        throw new Error('a failed create said nothing');
    }
  },
});
