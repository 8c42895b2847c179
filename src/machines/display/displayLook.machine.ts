import { assign, fromPromise, setup } from 'xstate';
import type { DisplayLook, DisplayLookAnswer } from '../../services/display/schemas';

/**
 * What the customer display shows of the shop's own screen customisation (D296): its banners in the
 * carousel, its welcome and thank-you texts. `loadLook` reads it through the display's own route
 * (the display token on a paired device, the session in the cashier's browser) when the display
 * starts, then every `lookRefresh`, so a change saved on /sale-setting reaches an open display within
 * minutes and on its next load at once. A failed read keeps what is shown (a network blip must not
 * turn the shop's pictures back into the text slides) and tries again after `lookRetry`. `look` null:
 * the shop saved nothing, the display shows its own text slides (D144).
 */

export const LOOK_REFRESH_MS = 5 * 60_000;
export const LOOK_RETRY_MS = 30_000;

export interface DisplayLookContext {
  look: DisplayLook | null;
}

export const displayLookMachine = setup({
  types: {
    context: {} as DisplayLookContext,
    tags: {} as 'loading',
  },
  actors: {
    loadLook: fromPromise<DisplayLookAnswer>(() => Promise.reject(new Error('loadLook not provided'))),
  },
  actions: {
    assignLook: assign((_, params: { answer: DisplayLookAnswer }) => ({ look: params.answer.look })),
  },
  delays: { lookRefresh: LOOK_REFRESH_MS, lookRetry: LOOK_RETRY_MS },
}).createMachine({
  id: 'displayLook',
  context: { look: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'Reads the look; what was shown stays meanwhile.',
      invoke: {
        id: 'loadLook',
        src: 'loadLook',
        onDone: { target: 'shown', actions: { type: 'assignLook', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed' },
      },
    },
    shown: {
      description: 'The shop’s look, or none (the text slides); read again after a while.',
      after: { lookRefresh: { target: 'loading' } },
    },
    failed: {
      description: 'The read failed: the last look stays; tries again shortly.',
      after: { lookRetry: { target: 'loading' } },
    },
  },
});

export const selectDisplayLook = (snapshot: { context: DisplayLookContext }) => snapshot.context.look;
