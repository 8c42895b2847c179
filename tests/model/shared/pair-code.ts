import type { AnyStateMachine } from 'xstate';
import { pairCodeFormKit, type PairCodeContext } from '../../../src/machines/shared/pair/pairCode';
import { networkError, serviceError } from './fixtures/auth';
import { describeModel } from './harness';
import type { SampleEvent } from './paths';

/**
 * The generated paths of a device's pairing machine (createPairCodeMachine: the display D141, the
 * kitchen D325): the same events and checks for each device, with the answer its service gives.
 * Checked on every path: only a complete 6-digit code is claimed, a token is stored once per
 * successful claim and never otherwise, and a refused code keeps what was typed.
 */
export function describePairCodeModel(name: string, machine: AnyStateMachine, claimed: Record<string, unknown>): void {
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
  const codeOf = (snapshot: { context: unknown } | null | undefined) =>
    (snapshot?.context as PairCodeContext | undefined)?.form.values.code;

  describeModel({
    name,
    machine,
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
        const claimDone = step.event.type === 'xstate.done.actor.claimCode';
        if (claimDone && stored.length !== 1) throw new Error('claim done but no token stored');
        if (stored.length > 0 && !claimDone) throw new Error('stored a token without a claim');
        if (step.event.type === 'xstate.error.actor.claimCode' && codeOf(step.after) !== codeOf(step.before)) {
          throw new Error('a refused code was lost');
        }
      }
    },
  });
}
