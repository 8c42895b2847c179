import { orderKitchenMachine, type OrderKitchenContext } from '../../../src/machines/kitchen/orderKitchen.machine';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const waiting = [{ product_id: 5, sent: 2, done: 0, state: 'WAITING' }];
const done = [{ product_id: 5, sent: 2, done: 2, state: 'DONE' }];

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadKitchen', output: waiting },
  { type: 'xstate.done.actor.loadKitchen', output: done },
  { type: 'xstate.error.actor.loadKitchen', error: networkError },
  { type: 'xstate.after.kitchenRefresh.orderKitchen.waiting' },
  { type: 'REFRESH' },
];

const project = ((c: OrderKitchenContext) => ({ states: c.lines.map((l) => l.state) })) as (context: never) => unknown;

describeModel({
  name: 'orderKitchen',
  machine: orderKitchenMachine,
  promiseActors: ['loadKitchen'],
  variants: [{ input: { orderId: 42 }, events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if ((call.input as { orderId: number }).orderId !== 42) throw new Error('read another order');
      }
      // A failed read keeps what was shown.
      if (step.event.type.startsWith('xstate.error') && JSON.stringify(step.after.context) !== JSON.stringify(step.before?.context)) {
        throw new Error('a failed read changed what is shown');
      }
    }
  },
});
