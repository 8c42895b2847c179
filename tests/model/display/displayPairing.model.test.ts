import { displayPairingMachine, type DisplayPairingContext } from '../../../src/machines/display/displayPairing.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { claimedList, code, expiredList, otherDisplay, pendingList } from './fixtures';

const events: SampleEvent[] = [
  { type: 'PAIR' },
  { type: 'CLOSE' },
  { type: 'RETRY' },
  { type: 'UNPAIR', pairingId: otherDisplay.pairing_id },
  { type: 'xstate.done.actor.loadPairings', output: pendingList },
  { type: 'xstate.done.actor.loadPairings', output: claimedList },
  { type: 'xstate.done.actor.loadPairings', output: expiredList },
  { type: 'xstate.error.actor.loadPairings', error: networkError },
  { type: 'xstate.done.actor.createPair', output: code },
  { type: 'xstate.error.actor.createPair', error: serviceError('DISPLAY_LIMIT', 409) },
  { type: 'xstate.done.actor.unpair', output: undefined },
  { type: 'xstate.error.actor.unpair', error: serviceError('NOT_FOUND', 404) },
  { type: 'xstate.after.pollInterval.displayPairing.ready.showing.waiting' },
  { type: 'xstate.after.pollInterval.displayPairing.ready.idle' },
];

const project = ((c: DisplayPairingContext) => ({
  n: c.pairings.length,
  code: c.code?.pairing_id ?? null,
  expired: c.expired,
  error: c.errorCode,
  unpairing: c.unpairing,
})) as (context: never) => unknown;

describeModel({
  name: 'displayPairing',
  machine: displayPairingMachine,
  promiseActors: ['loadPairings', 'createPair', 'unpair'],
  spyActions: ['notifyPaired', 'notifyUnpaired', 'notifyFailed'],
  variants: [{ events, project, limit: 5000 }],
  check(outcome) {
    for (const step of outcome.steps) {
      const { before, after } = step;
      for (const call of step.invoked) {
        if (call.id === 'unpair' && (call.input as { pairingId: number }).pairingId !== otherDisplay.pairing_id)
          throw new Error('unpaired another display');
      }
      if (after.hasTag('code') && !after.context.code) throw new Error('showing without a code');
      const notified = step.actions.map((a) => a.action);
      if (notified.includes('notifyPaired') && !before?.hasTag('code')) throw new Error('paired without a code shown');
      if (
        step.event.type === 'xstate.done.actor.unpair' &&
        after.context.pairings.some((p: { pairing_id: number }) => p.pairing_id === otherDisplay.pairing_id)
      )
        throw new Error('an unpaired display stayed in the list');
    }
  },
});
