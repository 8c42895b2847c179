import { assign, fromPromise, setup } from 'xstate';
import type { OrderKitchenLine } from '../../services/kitchen/schemas';
import { notProvided } from '../../rules/serviceError';

/**
 * What the kitchen has of one order, for the cashier's order page (beyond the spec; D326): each
 * product's sent and done dishes, read when the page opens and again every 5 s while it is open (the
 * kitchen marks dishes done from another device). A failed read keeps what was shown and tries again
 * at the next turn: the badges are a help, never in the cashier's way.
 */

export interface OrderKitchenInput {
  orderId: number;
}

export interface OrderKitchenContext {
  orderId: number;
  lines: OrderKitchenLine[];
}

export const ORDER_KITCHEN_REFRESH_MS = 5_000;

export const orderKitchenMachine = setup({
  types: { context: {} as OrderKitchenContext, input: {} as OrderKitchenInput, events: {} as { type: 'REFRESH' } },
  actors: {
    loadKitchen: fromPromise<OrderKitchenLine[], { orderId: number }>(async () => {
      throw notProvided('loadKitchen');
    }),
  },
  actions: {
    assignLines: assign((_, params: { lines: OrderKitchenLine[] }) => ({ lines: params.lines })),
  },
  delays: { kitchenRefresh: ORDER_KITCHEN_REFRESH_MS },
}).createMachine({
  id: 'orderKitchen',
  context: ({ input }) => ({ orderId: input.orderId, lines: [] }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The order’s kitchen state is read.',
      invoke: {
        id: 'loadKitchen',
        src: 'loadKitchen',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'waiting', actions: { type: 'assignLines', params: ({ event }) => ({ lines: event.output }) } },
        onError: { target: 'waiting' },
      },
    },
    waiting: {
      description: 'Shown; read again after 5 s, or at once on REFRESH (the cashier sent dishes).',
      after: { kitchenRefresh: 'loading' },
      on: { REFRESH: 'loading' },
    },
  },
});

/** The kitchen's word on one product of the order: null when none of it was sent to the kitchen. */
export const selectKitchenState = (s: { context: OrderKitchenContext }, productId: number) =>
  s.context.lines.find((l) => l.product_id === productId)?.state ?? null;
