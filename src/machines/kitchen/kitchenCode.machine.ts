import { assign, fromPromise, setup } from 'xstate';
import type { KitchenPairCreated } from '../../services/kitchen/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The cashier's kitchen code (beyond the spec; D325), beside the display's on /sale-display: MAKE asks
 * for a 6-digit code for a kitchen device of the cashier's store and shows it until it runs out
 * (`expires_at`, 5 minutes; EXPIRED from the screen's countdown) or a new one is asked for. A refusal
 * (the live limit KITCHEN_LIMIT, too many wrong guesses) is shown by its code.
 */

export interface KitchenCodeContext {
  code: KitchenPairCreated | null;
  errorCode: string | null;
}

export type KitchenCodeEvent = { type: 'MAKE' } | { type: 'EXPIRED' };

export const kitchenCodeMachine = setup({
  types: { context: {} as KitchenCodeContext, events: {} as KitchenCodeEvent, tags: {} as 'busy' },
  actors: {
    makeCode: fromPromise<KitchenPairCreated>(async () => {
      throw notProvided('makeCode');
    }),
  },
  actions: {
    assignCode: assign((_, params: { code: KitchenPairCreated }) => ({ code: params.code, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ code: null, errorCode: errorCode(params.error) })),
    clearCode: assign({ code: null, errorCode: null }),
  },
}).createMachine({
  id: 'kitchenCode',
  context: { code: null, errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No code shown; the cashier may make one.',
      on: { MAKE: 'making' },
    },
    making: {
      tags: ['busy'],
      description: 'The code is asked for; a code shown before is gone (a new one replaces it).',
      entry: 'clearCode',
      invoke: {
        id: 'makeCode',
        src: 'makeCode',
        onDone: { target: 'shown', actions: { type: 'assignCode', params: ({ event }) => ({ code: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      description: 'The code is shown with its countdown, until it runs out or a new one is made.',
      on: { MAKE: 'making', EXPIRED: { target: 'idle', actions: 'clearCode' } },
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: KitchenCodeContext };
export const selectKitchenCodeBusy = (s: Snapshot) => s.hasTag('busy');
