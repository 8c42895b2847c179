import { kitchenCodeMachine, type KitchenCodeContext } from '../../../src/machines/kitchen/kitchenCode.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const made = { pairing_id: 4, pair_code: '123456', expires_at: 1_790_000_300, store_id: 2 };

const events: SampleEvent[] = [
  { type: 'MAKE' },
  { type: 'EXPIRED' },
  { type: 'xstate.done.actor.makeCode', output: made },
  { type: 'xstate.error.actor.makeCode', error: serviceError('KITCHEN_LIMIT', 409) },
  { type: 'xstate.error.actor.makeCode', error: networkError },
];

const project = ((c: KitchenCodeContext) => ({ code: c.code?.pair_code ?? null, error: c.errorCode })) as (context: never) => unknown;

describeModel({
  name: 'kitchenCode',
  machine: kitchenCodeMachine,
  promiseActors: ['makeCode'],
  variants: [{ events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const c = step.after.context as KitchenCodeContext;
      // A code and a refusal are never shown together; a code is shown only in `shown`.
      if (c.code !== null && c.errorCode !== null) throw new Error('a code and an error at once');
      if ((c.code !== null) !== step.after.matches('shown')) throw new Error('a code outside `shown`, or `shown` without one');
    }
  },
});
