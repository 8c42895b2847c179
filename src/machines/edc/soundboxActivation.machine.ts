import { assign, fromPromise, setup } from 'xstate';
import type { EdcDevice } from '../../services/edc/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * Soundbox activation (core §4, §7 PUT /metadata/edc/active, §8 toast "POS activation failed").
 * Allowed only when the device has a status and is selected; otherwise the user is told to contact
 * the bank (the POS hotline). The server has the last word: its PERMISSION_DENY with a reason (not
 * provisioned, not selected) also leads there; one without (the owner rule, D87) is a failure with the
 * catalogue's message, since the bank has nothing to do with it.
 * Activating twice is answered with the same device, so retrying a failure is safe.
 */

/** The reasons the bank gives when a Soundbox cannot be activated here (contact the bank). */
const BANK_REFUSALS = ['NOT_PROVISIONED', 'NOT_SELECTED'];

function errorDataString(error: unknown, field: string): string | null {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : null;
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : null;
  return typeof value === 'string' ? value : null;
}

export type ActivationDevice = Pick<EdcDevice, 'serial_number' | 'status' | 'is_selected' | 'activated_at'>;

export interface SoundboxActivationInput {
  device: ActivationDevice;
}

export interface SoundboxActivationContext {
  device: ActivationDevice;
  errorCode: string | null;
}

export type SoundboxActivationEvent = { type: 'ACTIVATE' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

export const soundboxActivationMachine = setup({
  types: {
    context: {} as SoundboxActivationContext,
    events: {} as SoundboxActivationEvent,
    input: {} as SoundboxActivationInput,
    tags: {} as 'ready' | 'confirming' | 'busy' | 'failed' | 'activated' | 'contactBank',
  },
  actors: {
    activateSoundbox: fromPromise<EdcDevice, { serialNumber: string }>(async () => {
      throw notProvided('activateSoundbox');
    }),
  },
  actions: {
    assignDevice: assign((_, params: { device: EdcDevice }) => ({ device: params.device, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    // Provided by the app: a success toast and a list refresh; the §8 failure toast.
    notifyActivated: (_, _params: { device: EdcDevice }) => {},
    notifyActivationFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    alreadyActivated: ({ context }) => context.device.activated_at !== null,
    canActivate: ({ context }) => context.device.status !== null && context.device.is_selected,
    permissionDenied: (_, params: { error: unknown }) =>
      errorCode(params.error) === 'PERMISSION_DENY' && BANK_REFUSALS.includes(errorDataString(params.error, 'reason') ?? ''),
  },
}).createMachine({
  id: 'soundboxActivation',
  context: ({ input }) => ({ device: input.device, errorCode: null }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'core §4: a status and selected → may activate; otherwise contact the bank.',
      always: [{ guard: 'alreadyActivated', target: 'activated' }, { guard: 'canActivate', target: 'ready' }, { target: 'contactBank' }],
    },
    ready: {
      tags: ['ready'],
      description: 'An "activate" button.',
      on: { ACTIVATE: { target: 'confirming' } },
    },
    confirming: {
      tags: ['confirming'],
      description: 'A confirmation dialog naming the serial number.',
      on: { CONFIRM: { target: 'activating' }, CANCEL: { target: 'ready' } },
    },
    activating: {
      // Still the confirmation, its buttons busy.
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'activateSoundbox',
        src: 'activateSoundbox',
        input: ({ context }) => ({ serialNumber: context.device.serial_number }),
        onDone: {
          target: 'activated',
          actions: [
            { type: 'assignDevice', params: ({ event }) => ({ device: event.output }) },
            { type: 'notifyActivated', params: ({ event }) => ({ device: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'permissionDenied', params: ({ event }) => ({ error: event.error }) },
            target: 'contactBank',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notifyActivationFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
            ],
          },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      description: '"POS activation failed" toast; the mapped error inline with a retry.',
      on: { RETRY: { target: 'activating' }, CANCEL: { target: 'ready' } },
    },
    activated: { tags: ['activated'], description: 'Activated: the date is shown, no button.' },
    contactBank: { tags: ['contactBank'], description: 'Not provisioned or not selected: contact the bank, with the POS hotline.' },
  },
});
