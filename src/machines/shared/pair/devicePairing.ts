import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../../rules/serviceError';
import type { z } from '../../../config/zod-classic';
import type { devicePairingSchema, pairCodeCreatedSchema } from '../../../services/shared/pairing/schemas';

/**
 * The cashier's side of pairing a device (the customer display D141–D143, the kitchen screen D325):
 * the merchant's pairings, read again every `pollInterval` (whether each device is on screen now), a
 * new 6-digit code (the cashier sees the device join, or the code expire after 5 minutes), and
 * unpairing, which the service enforces at once. Leaving the page stops every read. Each device kind
 * makes its own machine (its id) with `createDevicePairingMachine`.
 */

export const PAIRING_POLL_MS = 3_000;

/** What the machine and the screens read of a pairing and of a new code; a kind's service may answer more. */
export type DevicePairing = z.infer<typeof devicePairingSchema>;
export type DevicePairCreated = z.infer<typeof pairCodeCreatedSchema>;

export interface DevicePairingContext {
  pairings: DevicePairing[];
  code: DevicePairCreated | null;
  /** The code shown last ran out unused (the screen says so until a new one is asked for). */
  expired: boolean;
  errorCode: string | null;
  unpairing: number | null;
}

export type DevicePairingEvent = { type: 'PAIR' } | { type: 'CLOSE' } | { type: 'UNPAIR'; pairingId: number } | { type: 'RETRY' };

const devicePairingSetup = setup({
  types: {
    context: {} as DevicePairingContext,
    events: {} as DevicePairingEvent,
    tags: {} as 'loading' | 'failed' | 'busy' | 'code',
  },
  actors: {
    loadPairings: fromPromise<DevicePairing[]>(async () => {
      throw notProvided('loadPairings');
    }),
    createPair: fromPromise<DevicePairCreated>(async () => {
      throw notProvided('createPair');
    }),
    unpair: fromPromise<void, { pairingId: number }>(async () => {
      throw notProvided('unpair');
    }),
  },
  actions: {
    assignPairings: assign((_, params: { pairings: DevicePairing[] }) => ({ pairings: params.pairings })),
    assignCode: assign((_, params: { code: DevicePairCreated }) => ({ code: params.code, expired: false, errorCode: null })),
    clearCode: assign({ code: null }),
    markExpired: assign({ code: null, expired: true }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    clearError: assign({ errorCode: null }),
    assignUnpairing: assign((_, params: { pairingId: number }) => ({ unpairing: params.pairingId })),
    removeUnpaired: assign(({ context }) => ({
      pairings: context.pairings.filter((p) => p.pairing_id !== context.unpairing),
      unpairing: null,
    })),
    clearUnpairing: assign({ unpairing: null }),
    notifyPaired: () => {},
    notifyUnpaired: () => {},
    notifyFailed: (_, _params: { error: unknown }) => {},
  },
  guards: {
    codeClaimed: ({ context }, params: { pairings: DevicePairing[] }) =>
      params.pairings.some((p) => p.pairing_id === context.code?.pairing_id && p.status === 'PAIRED'),
    codeGone: ({ context }, params: { pairings: DevicePairing[] }) =>
      !params.pairings.some((p) => p.pairing_id === context.code?.pairing_id),
  },
  delays: { pollInterval: PAIRING_POLL_MS },
});

/** The flow each kind's machine is made of (`createDevicePairingMachine`); the idle list has its own state id for the code's way back. */
const devicePairingConfig = {
  context: { pairings: [], code: null, expired: false, errorCode: null, unpairing: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPairings',
        src: 'loadPairings',
        onDone: {
          target: 'ready',
          actions: [{ type: 'assignPairings', params: ({ event }) => ({ pairings: event.output }) }, 'clearError'],
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'The list could not be read: the reason and a retry.',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          id: 'devicePairingIdle',
          description: 'The paired devices, a button for a new code and one to unpair each; read again every few seconds.',
          after: { pollInterval: { target: 'refreshing' } },
          on: {
            PAIR: { target: 'creating' },
            UNPAIR: {
              target: 'unpairing',
              actions: { type: 'assignUnpairing', params: ({ event }) => ({ pairingId: event.pairingId }) },
            },
          },
        },
        refreshing: {
          description: 'The list read again, so "on screen now" follows the devices; a missed read waits for the next.',
          invoke: {
            id: 'loadPairings',
            src: 'loadPairings',
            onDone: { target: 'idle', actions: { type: 'assignPairings', params: ({ event }) => ({ pairings: event.output }) } },
            onError: { target: 'idle' },
          },
          on: {
            PAIR: { target: 'creating' },
            UNPAIR: {
              target: 'unpairing',
              actions: { type: 'assignUnpairing', params: ({ event }) => ({ pairingId: event.pairingId }) },
            },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createPair',
            src: 'createPair',
            onDone: { target: 'showing', actions: { type: 'assignCode', params: ({ event }) => ({ code: event.output }) } },
            onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        showing: {
          tags: ['code'],
          description: 'The code and its QR with the time left; the list is read again until the device joins or the code runs out.',
          initial: 'waiting',
          on: { CLOSE: { target: 'idle', actions: 'clearCode' }, PAIR: { target: 'creating' } },
          states: {
            waiting: { after: { pollInterval: { target: 'polling' } } },
            polling: {
              invoke: {
                id: 'loadPairings',
                src: 'loadPairings',
                onDone: [
                  {
                    guard: { type: 'codeClaimed', params: ({ event }) => ({ pairings: event.output }) },
                    target: '#devicePairingIdle',
                    actions: [{ type: 'assignPairings', params: ({ event }) => ({ pairings: event.output }) }, 'clearCode', 'notifyPaired'],
                  },
                  {
                    guard: { type: 'codeGone', params: ({ event }) => ({ pairings: event.output }) },
                    target: '#devicePairingIdle',
                    actions: [{ type: 'assignPairings', params: ({ event }) => ({ pairings: event.output }) }, 'markExpired'],
                  },
                  { target: 'waiting', actions: { type: 'assignPairings', params: ({ event }) => ({ pairings: event.output }) } },
                ],
                // A missed poll is not worth a message: the next one comes in a few seconds.
                onError: { target: 'waiting' },
              },
            },
          },
        },
        unpairing: {
          tags: ['busy'],
          invoke: {
            id: 'unpair',
            src: 'unpair',
            input: ({ context }) => ({ pairingId: context.unpairing ?? 0 }),
            onDone: { target: 'idle', actions: ['removeUnpaired', 'notifyUnpaired'] },
            onError: {
              target: 'idle',
              actions: ['clearUnpairing', { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
} satisfies Parameters<typeof devicePairingSetup.createMachine>[0];

/** `id`: the machine's id (the inspector's and the diagrams' name for the kind's machine). */
export function createDevicePairingMachine(id: string) {
  return devicePairingSetup.createMachine({ ...devicePairingConfig, id });
}

type Snapshot = { hasTag(tag: string): boolean; context: DevicePairingContext };
export const selectPairingLoading = (s: Snapshot) => s.hasTag('loading');
export const selectPairingFailed = (s: Snapshot) => s.hasTag('failed');
export const selectPairingBusy = (s: Snapshot) => s.hasTag('busy');
export const selectPairingCode = (s: Snapshot) => s.context.code;
