import { kitchenPairMachine } from '../../../src/machines/kitchen/kitchenPair.machine';
import { pairCodeFormKit, type PairCodeContext } from '../../../src/machines/shared/pair/pairCode';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const claimed = { kitchen_token: 'kit_' + 'a'.repeat(43), pairing_id: 7, shop_name: 'Phở Cổ', store_id: 2, store_name: 'Quận 1' };

const events: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'code', value: '12 34' },
  { type: 'FIELD.CHANGE', field: 'code', value: '123-456' },
  { type: 'FIELD.BLUR', field: 'code' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.claimCode', output: claimed },
  { type: 'xstate.error.actor.claimCode', error: serviceError('PAIR_CODE_INVALID', 404) },
  { type: 'xstate.error.actor.claimCode', error: networkError },
];

const project = ((c: PairCodeContext) => ({
  code: c.form.values.code,
  error: c.form.saveError,
  incomplete: pairCodeFormKit.shown(c.form).code !== undefined,
})) as (context: never) => unknown;

describeModel({
  name: 'kitchenPair',
  machine: kitchenPairMachine,
  promiseActors: ['claimCode'],
  spyActions: ['storeToken'],
  variants: [
    { variant: 'typed', input: {}, events, project },
    { variant: 'from the QR', input: { code: '654321' }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if (!/^\d{6}$/.test((call.input as { code: string }).code)) throw new Error('claimed an incomplete code');
      }
      const stored = step.actions.filter((a) => a.action === 'storeToken');
      if (step.event.type === 'xstate.done.actor.claimCode' && stored.length !== 1) throw new Error('claim done but no token stored');
      if (stored.length > 0 && step.event.type !== 'xstate.done.actor.claimCode') throw new Error('stored a token without a claim');
    }
  },
});
