import { orderPaymentMachine, type CustomerView, type OrderPaymentContext } from '../../../src/machines/orderpayment/orderPayment.machine';
import { selectTab } from '../../../src/machines/orderpayment/selectors';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { openOrder, paidOrder } from './fixtures';

const QR = '00020101021238570010A000000727012700069704360113100000000100102';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadInvoice', output: openOrder },
  { type: 'xstate.done.actor.loadInvoice', output: paidOrder },
  { type: 'xstate.error.actor.loadInvoice', error: serviceError('NOT_FOUND', 404) },
  { type: 'RETRY' },
  { type: 'TAB.SELECT', tab: 'cash' },
  { type: 'TAB.SELECT', tab: 'qr' },
  { type: 'TAB.SELECT', tab: 'card' },
  { type: 'TAB.SELECT', tab: 'link' },
  { type: 'xstate.done.actor.cash', output: { method: 'CASH' } },
  { type: 'xstate.done.actor.cash', output: { method: null } },
  { type: 'xstate.error.actor.cash', error: new Error('child failed') },
  { type: 'xstate.done.actor.qr', output: { method: null } },
  { type: 'xstate.error.actor.qr', error: new Error('child failed') },
  // The QR way's snapshots: still loading (the guest keeps seeing the order), then its QR shown.
  { type: 'xstate.snapshot.qr', snapshot: { value: 'loading', context: { qr: null } } },
  { type: 'xstate.snapshot.qr', snapshot: { value: { shown: 'findingSoundboxes' }, context: { qr: QR } } },
  { type: 'xstate.done.actor.card', output: { method: 'CARD' } },
  { type: 'xstate.error.actor.card', error: new Error('child failed') },
  { type: 'xstate.done.actor.link', output: { method: null } },
  { type: 'xstate.error.actor.link', error: new Error('child failed') },
  { type: 'xstate.error.actor.watchPayment', error: new Error('socket gone') },
  { type: 'PAYMENT.SUCCEEDED', method: 'QR' },
  { type: 'PAYMENT.SUCCEEDED', method: 'LINK' },
  { type: 'REALTIME.RECONNECTED' },
  { type: 'xstate.done.actor.checkOrder', output: paidOrder },
  { type: 'xstate.done.actor.checkOrder', output: openOrder },
  { type: 'xstate.error.actor.checkOrder', error: networkError },
  { type: 'HOME' },
  { type: 'PRINT' },
  { type: 'xstate.done.actor.printReceipt', output: undefined },
  { type: 'xstate.error.actor.printReceipt', error: serviceError('PRINT_FAILED', 0) },
];

const project = ((c: OrderPaymentContext) => ({
  loaded: c.detail === null ? null : c.detail.invoice_data.status,
  method: c.method,
  error: c.errorCode,
  printed: Math.min(c.printed, 2),
})) as (context: never) => unknown;

const input = { orderId: 41, merchantId: '10000001', maxPolls: 2 };

describeModel({
  name: 'orderPayment',
  machine: orderPaymentMachine,
  promiseActors: ['loadInvoice', 'checkOrder', 'cashPayment', 'qrPayment', 'cardPayment', 'linkPayment', 'printReceipt'],
  callbackActors: ['watchPayment', 'customerDisplay'],
  spyActions: ['goHome', 'markSuccess', 'notifyPrintFailed', 'showOnDisplay'],
  variants: [
    { variant: 'cash first', input, events, project },
    { variant: 'qr first', input: { ...input, tab: 'qr' }, events: events.filter((e) => e.type !== 'TAB.SELECT'), project },
    { variant: 'card first', input: { ...input, tab: 'card' }, events: events.filter((e) => e.type !== 'TAB.SELECT'), project },
    { variant: 'link first', input: { ...input, tab: 'link' }, events: events.filter((e) => e.type !== 'TAB.SELECT'), project },
  ],
  check(outcome) {
    // What the guest's screen shows after each step: the last view the machine sent, across steps.
    let shown: CustomerView | undefined;
    for (const step of outcome.steps) {
      const context = step.after.context as OrderPaymentContext;
      // doc 2 §2: success only for an order known paid, with its method recorded; the address is marked once.
      if (step.after.hasTag('success') && context.method === null) throw new Error('success without a method');
      const marked = step.actions.filter((call) => call.action === 'markSuccess').length;
      if (marked > 0 && !step.after.hasTag('success')) throw new Error('success=true without success');
      if (step.before?.hasTag('success') && marked > 0) throw new Error('success marked twice');
      // Home goes to the order's table when it has one (doc 2 §2).
      for (const call of step.actions.filter((c) => c.action === 'goHome')) {
        if ((call.params as { tableId: number | null }).tableId !== 3) throw new Error('home without the table');
      }
      // D280: the guest's screen follows the machine — the way open, the QR only once shown, success once paid.
      const views = step.actions.filter((c) => c.action === 'showOnDisplay').map((c) => (c.params as { view: CustomerView }).view);
      const qrSeen = views.some((v) => v.kind === 'pay' && v.method === 'QR') || (shown?.kind === 'pay' && shown.method === 'QR');
      shown = views[views.length - 1] ?? shown;
      if (step.after.status === 'active' && context.detail !== null) {
        const tab = selectTab(step.after as never);
        const wanted = step.after.hasTag('success')
          ? 'success'
          : tab === 'cash'
            ? 'pay:CASH'
            : tab === 'card'
              ? 'pay:CARD'
              : tab === 'qr' && qrSeen
                ? 'pay:QR'
                : 'order';
        const got = shown === undefined ? 'nothing' : shown.kind === 'pay' ? `pay:${shown.method}` : shown.kind;
        if (got !== wanted) throw new Error(`display shows ${got}, expected ${wanted}`);
        if (shown?.kind === 'pay' && shown.method === 'QR' && shown.qr !== QR) throw new Error('display QR is not the way’s QR');
      }
      if (
        step.event.type === 'xstate.snapshot.qr' &&
        // `shown` is a compound state since the Soundbox push (D298): { shown: … }.
        (step.event as unknown as { snapshot: { value: unknown } }).snapshot.value === 'loading' &&
        views.length > 0
      )
        throw new Error('display changed before the QR was shown');
      // A reprint is a copy; the first print is not.
      for (const call of step.invoked.filter((c) => c.id === 'printReceipt')) {
        const copy = (call.input as { copy: boolean }).copy;
        if (copy !== context.printed > 0) throw new Error('copy flag wrong');
      }
    }
  },
});
