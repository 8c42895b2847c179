import { cardPaymentMachine, type CardPaymentContext } from '../../../src/machines/orderpayment/cardPayment.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { cardSuccess, declinedCard, pendingCard, terminals } from './fixtures';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadTerminals', output: terminals },
  { type: 'xstate.error.actor.loadTerminals', error: networkError },
  { type: 'TERMINAL.SELECT', serial: 'PB0100000101' },
  { type: 'TERMINAL.SELECT', serial: 'SOMEONE-ELSES' },
  { type: 'xstate.done.actor.checkConnection', output: 'ONLINE' },
  { type: 'xstate.done.actor.checkConnection', output: 'OFFLINE' },
  { type: 'xstate.error.actor.checkConnection', error: serviceError('NOT_FOUND', 404) },
  { type: 'xstate.after.pollInterval.cardPayment.choosing.resting' },
  { type: 'CHECK.AGAIN' },
  { type: 'PAY' },
  { type: 'xstate.done.actor.payCard', output: pendingCard },
  { type: 'xstate.error.actor.payCard', error: serviceError('ORDER_PAID', 409, { payment: cardSuccess }) },
  { type: 'xstate.error.actor.payCard', error: networkError },
  { type: 'xstate.error.actor.payCard', error: serviceError('TERMINAL_OFFLINE', 409) },
  { type: 'xstate.error.actor.payCard', error: serviceError('TERMINAL_BUSY', 409) },
  { type: 'xstate.done.actor.findPayments', output: [cardSuccess] },
  { type: 'xstate.done.actor.findPayments', output: [pendingCard] },
  { type: 'xstate.done.actor.findPayments', output: [declinedCard] },
  { type: 'xstate.error.actor.findPayments', error: networkError },
  { type: 'xstate.error.actor.watchCardResult', error: new Error('socket gone') },
  { type: 'CARD.FAILED', reason: 'DECLINED' },
  { type: 'CARD.FAILED', reason: 'TERMINAL_OFFLINE' },
  // An approval refused for its amount (D215), a payment cancelled by the merchant (D216).
  { type: 'CARD.FAILED', reason: 'AMOUNT_MISMATCH' },
  { type: 'CARD.FAILED', reason: 'CANCELLED' },
  { type: 'RETRY' },
  { type: 'CLOSE' },
];

const project = ((c: CardPaymentContext) => ({
  serial: c.serial,
  connection: c.connection,
  polls: c.polls,
  connectionError: c.connectionError,
  error: c.errorCode,
  failure: c.failure,
  terminals: c.terminals.length,
})) as (context: never) => unknown;

describeModel({
  name: 'cardPayment',
  machine: cardPaymentMachine,
  promiseActors: ['loadTerminals', 'checkConnection', 'payCard', 'findPayments'],
  callbackActors: ['watchCardResult'],
  spyActions: ['forgetIntent'],
  variants: [{ input: { orderId: 41, invoiceId: 9041, orderCode: 'PHO0041', maxPolls: 2 }, events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as CardPaymentContext | undefined;
      const context = step.after.context as CardPaymentContext;
      // doc 2 §4: pay only when the chosen terminal says ONLINE.
      if (step.event.type === 'PAY' && step.after.matches('paying') && before?.connection !== 'ONLINE')
        throw new Error('paid on a terminal not ONLINE');
      // doc 2 §9: never more polls than allowed before the cashier asks again.
      if (context.polls > context.maxPolls) throw new Error('polled past the limit');
      for (const call of step.invoked) {
        if (call.id === 'payCard' && (call.input as { serialNumber: string }).serialNumber !== context.serial)
          throw new Error('paid on another terminal');
      }
      if (step.event.type === 'CARD.FAILED') {
        const reason = (step.event as unknown as { reason: string }).reason;
        const shown =
          reason === 'TERMINAL_OFFLINE' ? step.after.matches('disconnected') : step.after.matches('declined') && context.failure === reason;
        if (!shown) throw new Error(`issue 24 §1: a card payment ended (${reason}) without saying why`);
      }
      const forgot = step.actions.some((call) => call.action === 'forgetIntent');
      if (forgot && (step.after.hasTag('uncertain') || step.after.hasTag('waiting')))
        throw new Error('key forgotten while the outcome is unknown');
    }
  },
});
