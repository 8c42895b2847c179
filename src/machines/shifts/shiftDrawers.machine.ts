import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';
import { DRAWERS_REFRESH_MS } from '../../rules/shifts/drawer';
import type { Shift } from '../../services/shifts/schemas';

/**
 * The owner's every open drawer (D304): GET /shift/drawers, read again every DRAWERS_REFRESH_MS
 * while the page is open (a poll: the sale sockets carry no drawer events), and on "refresh". The
 * last list stays on screen while it is read again and after a failed read, which says so.
 */

export interface ShiftDrawersContext {
  drawers: Shift[] | null;
  loadError: string | null;
}

export type ShiftDrawersEvent = { type: 'REFRESH' };

export const shiftDrawersMachine = setup({
  types: { context: {} as ShiftDrawersContext, events: {} as ShiftDrawersEvent, tags: {} as 'loading' },
  actors: {
    loadDrawers: fromPromise<Shift[], void>(async () => {
      throw notProvided('loadDrawers');
    }),
  },
  actions: {
    assignDrawers: assign((_, p: { drawers: Shift[] }) => ({ drawers: p.drawers, loadError: null })),
    assignError: assign((_, p: { error: unknown }) => ({ loadError: errorCode(p.error) })),
  },
  delays: { refreshDelay: DRAWERS_REFRESH_MS },
}).createMachine({
  id: 'shiftDrawers',
  context: { drawers: null, loadError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /shift/drawers (owner only): every open shift with its expected cash now.',
      invoke: {
        id: 'loadDrawers',
        src: 'loadDrawers',
        onDone: { target: 'shown', actions: { type: 'assignDrawers', params: ({ event }) => ({ drawers: event.output }) } },
        onError: { target: 'shown', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      description: 'The list (or why it could not be read), read again after the refresh delay or on request.',
      after: { refreshDelay: 'loading' },
      on: { REFRESH: 'loading' },
    },
  },
});

type Snapshot = { context: ShiftDrawersContext; hasTag(tag: string): boolean };
export const selectDrawers = (s: Snapshot) => s.context.drawers;
export const selectDrawersError = (s: Snapshot) => s.context.loadError;
export const selectDrawersLoading = (s: Snapshot) => s.hasTag('loading');
