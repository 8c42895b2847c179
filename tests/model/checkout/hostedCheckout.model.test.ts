import {
  cardProblems,
  hostedCheckoutMachine,
  type CardField,
  type HostedCheckoutContext,
} from '../../../src/machines/checkout/hostedCheckout.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { errorOf } from '../shared/replay';
import type { SampleEvent } from '../shared/paths';
import { expired, now, open, paid, params } from './hostedCheckout.fixtures';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadLink', output: open },
  { type: 'xstate.done.actor.loadLink', output: paid },
  { type: 'xstate.done.actor.loadLink', output: expired },
  { type: 'xstate.error.actor.loadLink', error: serviceError('LINK_INVALID') },
  { type: 'xstate.error.actor.loadLink', error: networkError },
  { type: 'RETRY' },
  { type: 'SELECT', method: 'qr_code' },
  { type: 'SELECT', method: 'credit_card' },
  { type: 'SELECT', method: 'ewallet' },
  { type: 'xstate.done.actor.fetchQr', output: '00020101021238570010A000000727' },
  { type: 'xstate.error.actor.fetchQr', error: serviceError('LINK_PAID', 409) },
  { type: 'xstate.error.actor.fetchQr', error: serviceError('BAD_REQUEST', 400, { qr: null }) },
  { type: 'xstate.done.actor.checkLink', output: open },
  { type: 'xstate.done.actor.checkLink', output: paid },
  { type: 'xstate.done.actor.checkLink', output: expired },
  { type: 'xstate.error.actor.checkLink', error: networkError },
  { type: 'FIELD.CHANGE', field: 'number', value: '4111111111111111' },
  { type: 'FIELD.CHANGE', field: 'number', value: '4111 1111 1111 1112' },
  { type: 'FIELD.CHANGE', field: 'expiry', value: '1239' },
  { type: 'FIELD.CHANGE', field: 'cvc', value: '123' },
  { type: 'FIELD.CHANGE', field: 'holder', value: 'Nguyễn Văn A' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.payCard', output: { status: 'PAID', paid_at: now } },
  { type: 'xstate.error.actor.payCard', error: serviceError('CARD_DECLINED', 402) },
  { type: 'xstate.error.actor.payCard', error: serviceError('LINK_EXPIRED', 410) },
  { type: 'xstate.error.actor.payCard', error: serviceError('BAD_REQUEST', 400, { field: 'card.number' }) },
  { type: 'xstate.error.actor.payCard', error: networkError },
  { type: 'xstate.done.actor.checkPaid', output: { ...paid, method: 'CARD' } },
  { type: 'xstate.done.actor.checkPaid', output: open },
  { type: 'xstate.error.actor.checkPaid', error: networkError },
];

const codeOf = (event: Parameters<typeof errorOf>[0]) => (errorOf(event) as { code?: string } | undefined)?.code;

const FIELDS: CardField[] = ['number', 'expiry', 'cvc', 'holder'];
// Only the card's readiness decides where the machine can go (cardValid); the method is in the state value.
// How many fields are right, not which: from any mix the remaining samples complete the card.
const project = ((c: HostedCheckoutContext) => {
  const problems = cardProblems(c.card, Date.now());
  return { okFields: FIELDS.filter((f) => problems[f] === undefined).length };
}) as (context: never) => unknown;

describeModel({
  name: 'hostedCheckout',
  machine: hostedCheckoutMachine,
  promiseActors: ['loadLink', 'fetchQr', 'payCard'],
  spyActions: ['forgetIntent', 'announcePaid'],
  variants: [
    { variant: 'link', input: { params }, events, project },
    { variant: 'no values', input: { params: null }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if (call.id === 'payCard') {
          const card = (call.input as { card: { number: string; expiry: string; cvc: string } }).card;
          // Nothing reaches the service that the page knows is wrong.
          if (!/^\d{12,19}$/.test(card.number) || !/^\d{2}\/\d{2}$/.test(card.expiry) || !/^\d{3}$/.test(card.cvc))
            throw new Error(`sent an unchecked card ${JSON.stringify(card)}`);
        }
      }
      const ctx = step.after.context as HostedCheckoutContext;
      if (step.event.type === 'xstate.error.actor.payCard' && codeOf(step.event) === 'CARD_DECLINED') {
        const before = step.before!.context as HostedCheckoutContext;
        if (ctx.card.cvc !== '' || ctx.card.number !== before.card.number || ctx.card.holder !== before.card.holder)
          throw new Error('a declined card must keep what was typed except the CVC');
        if (!step.actions.some((a) => a.action === 'forgetIntent')) throw new Error('declined is definite: the key must be dropped');
      }
      if (step.event.type === 'xstate.error.actor.payCard' && codeOf(step.event) === 'NETWORK_ERROR') {
        if (step.actions.some((a) => a.action === 'forgetIntent')) throw new Error('an unknown outcome must keep the key');
      }
      if (step.after.matches('paid') && !step.before?.matches('paid') && !step.actions.some((a) => a.action === 'announcePaid'))
        throw new Error('paid without telling the framing page');
    }
  },
});
