import { orderPaymentMachine, type OrderPaymentContext } from '../../../src/machines/orderpayment/orderPayment.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { openOrder, paidOrder } from './fixtures';

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
  callbackActors: ['watchPayment'],
  spyActions: ['goHome', 'markSuccess', 'notifyPrintFailed'],
  variants: [
    { variant: 'cash first', input, events, project },
    { variant: 'qr first', input: { ...input, tab: 'qr' }, events: events.filter((e) => e.type !== 'TAB.SELECT'), project },
    { variant: 'card first', input: { ...input, tab: 'card' }, events: events.filter((e) => e.type !== 'TAB.SELECT'), project },
    { variant: 'link first', input: { ...input, tab: 'link' }, events: events.filter((e) => e.type !== 'TAB.SELECT'), project },
  ],
  check(outcome) {
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
      // A reprint is a copy; the first print is not.
      for (const call of step.invoked.filter((c) => c.id === 'printReceipt')) {
        const copy = (call.input as { copy: boolean }).copy;
        if (copy !== context.printed > 0) throw new Error('copy flag wrong');
      }
    }
  },
});
