import type { OrderEditEvent } from './orderEdit.setup';

/**
 * The order editor's parts for taking an order by touch and keyboard (D333, D335, D336), kept beside ./orderEdit.machine.ts so that file stays readable: the search key, the line edits the basket
 * takes while it is editable, and the quantity entry a long press on a dish opens.
 */

type Ev<T extends OrderEditEvent['type']> = Extract<OrderEditEvent, { type: T }>;

/** A key in the search: the catalogue waits for the pause (D125). */
export const TYPE_SEARCH = {
  target: 'typing',
  actions: { type: 'setTyped', params: ({ event }: { event: Ev<'SEARCH.TYPE'> }) => ({ q: event.value }) },
} as const;

/** What changes a basket line beside adding and setting (D335, D336): the same while editing and while a payment holds the order. */
export const LINE_EDITS = {
  'BASKET.STEP': {
    actions: {
      type: 'stepAmount',
      params: ({ event }: { event: Ev<'BASKET.STEP'> }) => ({ productId: event.productId, by: event.by }),
    },
  },
  'BASKET.PUT': {
    actions: {
      type: 'putAmount',
      params: ({ event }: { event: Ev<'BASKET.PUT'> }) => ({ product: event.product, amount: event.amount }),
    },
  },
  'BASKET.NOTE': {
    actions: {
      type: 'setNote',
      params: ({ event }: { event: Ev<'BASKET.NOTE'> }) => ({
        productId: event.productId,
        note: event.note,
      }),
    },
  },
} as const;

/** The quantity entry a long press on a dish opens (D335). */
export const QUANTITY_REGION = {
  initial: 'closed',
  description:
    'The quantity entry a long press on a dish opens (D335): the amount typed replaces the line’s (0 takes it out), within the basket’s 1–999.',
  states: {
    closed: {
      on: {
        'QUANTITY.OPEN': {
          target: 'open',
          actions: { type: 'openQuantity', params: ({ event }: { event: Ev<'QUANTITY.OPEN'> }) => ({ product: event.product }) },
        },
      },
    },
    open: {
      tags: ['quantityOpen'],
      on: {
        'QUANTITY.TYPE': {
          actions: { type: 'typeQuantity', params: ({ event }: { event: Ev<'QUANTITY.TYPE'> }) => ({ amount: event.amount }) },
        },
        'QUANTITY.SAVE': { guard: 'quantityValid', target: 'closed', actions: ['saveQuantity', 'closeQuantity'] },
        'QUANTITY.CLOSE': { target: 'closed', actions: 'closeQuantity' },
      },
    },
  },
} as const;
