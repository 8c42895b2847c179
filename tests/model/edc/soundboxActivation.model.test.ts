import { soundboxActivationMachine } from '../../../src/machines/edc/soundboxActivation.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { soundboxActivated, soundboxReady, soundboxUnprovisioned, soundboxUnselected } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'ACTIVATE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.activateSoundbox', output: soundboxActivated },
  { type: 'xstate.error.actor.activateSoundbox', error: networkError },
  { type: 'xstate.error.actor.activateSoundbox', error: serviceError('PERMISSION_DENY', 403, { reason: 'NOT_SELECTED' }) },
  // D87: the owner rule's refusal carries no reason; it is a failure with the catalogue's text, not "contact the bank".
  { type: 'xstate.error.actor.activateSoundbox', error: serviceError('PERMISSION_DENY', 403) },
];

describeModel({
  name: 'soundboxActivation',
  machine: soundboxActivationMachine,
  promiseActors: ['activateSoundbox'],
  spyActions: ['notifyActivated', 'notifyActivationFailed'],
  variants: [
    { variant: 'ready', input: { device: soundboxReady }, events },
    { variant: 'not provisioned', input: { device: soundboxUnprovisioned }, events },
    { variant: 'not selected', input: { device: soundboxUnselected }, events },
    { variant: 'already activated', input: { device: soundboxActivated }, events },
  ],
  check(outcome, path) {
    const device = (path.input as { device: typeof soundboxReady }).device;
    const allowed = device.status !== null && device.is_selected;
    for (const step of outcome.steps) {
      // core §4: never ask the server to activate a machine that may not be activated.
      if (!allowed && step.invoked.length > 0) throw new Error('activation called for a Soundbox without status or selection');
      if (step.invoked.some((call) => (call.input as { serialNumber: string }).serialNumber !== device.serial_number))
        throw new Error('activated another machine');
      const toasts = step.actions.map((a) => a.action);
      const entered = (state: string) => step.after.matches(state) && !step.before?.matches(state);
      if (entered('failed') && !toasts.includes('notifyActivationFailed')) throw new Error('no "POS activation failed" toast');
      if (entered('activated') && step.before?.matches('activating') && !toasts.includes('notifyActivated'))
        throw new Error('no success notice');
      if (entered('contactBank') && toasts.length) throw new Error('a toast on top of the contact-the-bank notice');
      const error =
        step.event.type === 'xstate.error.actor.activateSoundbox'
          ? (step.event as unknown as { error: { data?: { reason?: string } } }).error
          : null;
      if (error && error.data?.reason === undefined && step.after.matches('contactBank'))
        throw new Error('a refusal without a bank reason sent the user to the bank');
    }
  },
});
