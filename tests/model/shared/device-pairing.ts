import type { AnyStateMachine } from 'xstate';
import type { DevicePairingContext } from '../../../src/machines/shared/pair/devicePairing';
import { networkError, serviceError } from './fixtures/auth';
import { describeModel } from './harness';
import type { SampleEvent } from './paths';

/**
 * The generated paths of a cashier's device pairing machine (createDevicePairingMachine: the displays
 * D141–D143, the kitchen screens D325). `code` is the answer to a new code (pairing 7) with the
 * kind's own fields; `extra` adds them to each pairing. Checked on every path: only the listed device
 * is unpaired and leaves the list, a code is shown only with a code, "paired" only after one was shown.
 */
export function describeDevicePairingModel(
  name: string,
  machine: AnyStateMachine,
  fixtures: { code: Record<string, unknown>; extra?: Record<string, unknown>; limitCode: string },
): void {
  const pairing = (pairing_id: number, status: 'PENDING' | 'PAIRED') => ({
    pairing_id,
    status,
    created_at: 1_790_000_000,
    expires_at: status === 'PENDING' ? 1_790_000_300 : null,
    claimed_at: status === 'PAIRED' ? 1_790_000_010 : null,
    connected: status === 'PAIRED',
    ...fixtures.extra,
  });
  const other = pairing(3, 'PAIRED');
  const events: SampleEvent[] = [
    { type: 'PAIR' },
    { type: 'CLOSE' },
    { type: 'RETRY' },
    { type: 'UNPAIR', pairingId: other.pairing_id },
    { type: 'xstate.done.actor.loadPairings', output: [pairing(7, 'PENDING'), other] },
    { type: 'xstate.done.actor.loadPairings', output: [pairing(7, 'PAIRED'), other] },
    { type: 'xstate.done.actor.loadPairings', output: [other] },
    { type: 'xstate.error.actor.loadPairings', error: networkError },
    { type: 'xstate.done.actor.createPair', output: fixtures.code },
    { type: 'xstate.error.actor.createPair', error: serviceError(fixtures.limitCode, 409) },
    { type: 'xstate.done.actor.unpair', output: undefined },
    { type: 'xstate.error.actor.unpair', error: serviceError('NOT_FOUND', 404) },
    { type: `xstate.after.pollInterval.${name}.ready.showing.waiting` },
    { type: 'xstate.after.pollInterval.devicePairingIdle' },
  ];
  const project = ((c: DevicePairingContext) => ({
    n: c.pairings.length,
    code: c.code?.pairing_id ?? null,
    expired: c.expired,
    error: c.errorCode,
    unpairing: c.unpairing,
  })) as (context: never) => unknown;

  describeModel({
    name,
    machine,
    promiseActors: ['loadPairings', 'createPair', 'unpair'],
    spyActions: ['notifyPaired', 'notifyUnpaired', 'notifyFailed'],
    variants: [{ events, project, limit: 5000 }],
    check(outcome) {
      for (const step of outcome.steps) {
        const { before, after } = step;
        for (const call of step.invoked) {
          if (call.id === 'unpair' && (call.input as { pairingId: number }).pairingId !== other.pairing_id)
            throw new Error('unpaired another device');
        }
        if (after.hasTag('code') && !after.context.code) throw new Error('showing without a code');
        const notified = step.actions.map((a) => a.action);
        if (notified.includes('notifyPaired') && !before?.hasTag('code')) throw new Error('paired without a code shown');
        if (
          step.event.type === 'xstate.done.actor.unpair' &&
          after.context.pairings.some((p: { pairing_id: number }) => p.pairing_id === other.pairing_id)
        )
          throw new Error('an unpaired device stayed in the list');
      }
    },
  });
}
