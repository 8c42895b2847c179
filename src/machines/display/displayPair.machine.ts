import { assign, fromPromise, setup } from 'xstate';
import type { PairClaimed } from '../../services/display/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * Pairing a display device (beyond the spec; docs/areas/display.md "Pairing", D141): the device
 * opens /ecr-slide?pair (or ?pair=123456 from the cashier's QR) and sends the 6-digit code the
 * cashier's screen shows; the service answers a display token, which the route keeps (`storeToken`)
 * before the display starts following the relay. A wrong, used or expired code says so and keeps
 * what was typed.
 */

export const PAIR_CODE_DIGITS = 6;

export interface DisplayPairInput {
  /** From the address (?pair=123456): claimed at once when complete. */
  code?: string | null;
}

export interface DisplayPairContext {
  code: string;
  errorCode: string | null;
  /** The last submit found the code incomplete. */
  incomplete: boolean;
}

export type DisplayPairEvent = { type: 'CODE.CHANGE'; value: string } | { type: 'SUBMIT' };

const digitsOf = (value: string) => value.replace(/\D/g, '').slice(0, PAIR_CODE_DIGITS);

export const displayPairMachine = setup({
  types: {
    context: {} as DisplayPairContext,
    events: {} as DisplayPairEvent,
    input: {} as DisplayPairInput,
    tags: {} as 'busy' | 'form' | 'paired',
  },
  actors: {
    claimCode: fromPromise<PairClaimed, { code: string }>(async () => {
      throw notProvided('claimCode');
    }),
  },
  actions: {
    assignCode: assign((_, params: { value: string }) => ({ code: digitsOf(params.value), incomplete: false })),
    markIncomplete: assign({ incomplete: true }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    clearError: assign({ errorCode: null, incomplete: false }),
    // The route keeps the token (device storage) and moves the display on.
    storeToken: (_, _params: { claimed: PairClaimed }) => {},
  },
  guards: {
    codeComplete: ({ context }) => context.code.length === PAIR_CODE_DIGITS,
  },
}).createMachine({
  id: 'displayPair',
  context: ({ input }) => ({ code: digitsOf(input.code ?? ''), errorCode: null, incomplete: false }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A full code in the address (the cashier’s QR) is claimed at once; otherwise the form.',
      always: [{ guard: 'codeComplete', target: 'claiming' }, { target: 'form' }],
    },
    form: {
      tags: ['form'],
      description: 'Six digits; Enter submits. An incomplete code is pointed out, nothing typed is lost.',
      on: {
        'CODE.CHANGE': { actions: { type: 'assignCode', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: [{ guard: 'codeComplete', target: 'claiming' }, { actions: 'markIncomplete' }],
      },
    },
    claiming: {
      tags: ['busy', 'form'],
      description: 'The code is sent; the service answers a display token or that the code is wrong, used or expired.',
      entry: 'clearError',
      invoke: {
        id: 'claimCode',
        src: 'claimCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'paired', actions: { type: 'storeToken', params: ({ event }) => ({ claimed: event.output }) } },
        onError: { target: 'form', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    paired: {
      tags: ['paired'],
      type: 'final',
      description: 'Paired: the display follows the cashier’s screen through the relay.',
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: DisplayPairContext };
export const selectPairBusy = (s: Snapshot) => s.hasTag('busy');
export const selectPairPaired = (s: Snapshot) => s.hasTag('paired');
