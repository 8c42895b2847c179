import { cashPaymentMachine, type CashPaymentContext } from '../../../src/machines/orderpayment/cashPayment.machine';
import { changeFor } from '../../../src/machines/orderpayment/rules';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { cashPayment, declinedCard, openOrder } from './fixtures';

const total = openOrder.invoice_data.total_price;

const events: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'received', value: '100.000' },
  { type: 'FIELD.CHANGE', field: 'received', value: '200.000' },
  { type: 'PAY' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.payCash', output: cashPayment },
  { type: 'xstate.error.actor.payCash', error: serviceError('BAD_REQUEST', 400, { field: 'receive_amount' }) },
  { type: 'xstate.error.actor.payCash', error: serviceError('ORDER_PAID', 409, { payment: cashPayment }) },
  { type: 'xstate.error.actor.payCash', error: networkError },
  { type: 'xstate.error.actor.payCash', error: serviceError('SYSTEM_FAIL', 502) },
  { type: 'xstate.done.actor.findPayments', output: [cashPayment] },
  { type: 'xstate.done.actor.findPayments', output: [declinedCard] },
  { type: 'xstate.error.actor.findPayments', error: networkError },
];

const project = ((c: CashPaymentContext) => ({ received: c.form.values.received, error: c.form.saveError, paid: c.payment !== null })) as (
  context: never,
) => unknown;

describeModel({
  name: 'cashPayment',
  machine: cashPaymentMachine,
  promiseActors: ['payCash', 'findPayments'],
  spyActions: ['forgetIntent'],
  variants: [
    {
      input: { orderId: 41, invoiceId: 9041, total, merchantId: '10000001' },
      events,
      project,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const context = step.after.context as CashPaymentContext;
      // doc 2 §4: completion only when received ≥ total, and the change sent is received − total.
      for (const call of step.invoked) {
        if (call.id !== 'payCash') continue;
        const input = call.input as { receiveAmount: number; returnAmount: number; invoiceId: number };
        if (input.receiveAmount < total) throw new Error('paid with less than the total');
        if (input.returnAmount !== changeFor(String(input.receiveAmount), total)) throw new Error('wrong change sent');
        if (input.invoiceId !== 9041) throw new Error('paid another invoice');
      }
      // The key is kept while the outcome is unknown: forgetting it there would charge twice on retry.
      const forgot = step.actions.some((call) => call.action === 'forgetIntent');
      if (forgot && (step.after.hasTag('uncertain') || step.after.matches('checking')))
        throw new Error('key forgotten while the outcome is unknown');
      if (step.event.type === 'xstate.error.actor.payCash' && (step.event as SampleEvent).error === networkError && forgot)
        throw new Error('key forgotten after a lost answer');
      if (step.after.status === 'done' && context.payment === null) throw new Error('done without a payment');
    }
  },
});
