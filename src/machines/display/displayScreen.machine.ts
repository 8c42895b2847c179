import { assign, fromCallback, setup, type AnyEventObject } from 'xstate';
import type { DisplayMessage } from '../../services/display/messages';

/**
 * The customer's display (doc 2 §2 customer display and order payment panel `customer`; core §2
 * /ecr-slide, /ecr-order-info, /ecr-success-payment). It only follows the cashier's screen: each
 * message comes through `listen` (the same browser's channel and, on a paired device, the relay) and
 * the newest `seq` wins, so a late or repeated message never takes the screen back. `idle` shows the
 * welcome carousel, `order` and `pay` the order summary (with the QR or the card instruction),
 * `success` the thanks, then the carousel again after `successPause`. After a (re)load `listen` asks
 * for the current state; with no answer within `recoverWait` the carousel shows. `keepAwake` holds a
 * screen wake lock for as long as the display is open.
 */

export const RECOVER_WAIT_MS = 2_000;
export const SUCCESS_PAUSE_MS = 10_000;

/** Where the relay to this device stands (a paired device only; `none` in the cashier's own browser). */
export type DisplayLinkState = 'none' | 'connected' | 'lost' | 'revoked';

export interface DisplayScreenContext {
  message: DisplayMessage | null;
  /** The newest seq seen; -1 before any. */
  lastSeq: number;
  link: DisplayLinkState;
}

export type DisplayScreenEvent = { type: 'MESSAGE'; message: DisplayMessage } | { type: 'LINK.STATE'; state: DisplayLinkState };

export type DisplayView = 'waiting' | 'slide' | 'orderInfo' | 'success';

export const displayScreenMachine = setup({
  types: {
    context: {} as DisplayScreenContext,
    events: {} as DisplayScreenEvent,
    tags: {} as 'waiting' | 'slide' | 'orderInfo' | 'success',
  },
  actors: {
    // Sends MESSAGE and LINK.STATE back; says hello to the cashier's side when it starts.
    listen: fromCallback<AnyEventObject>(() => () => {}),
    // Holds a screen wake lock, asks again when the page becomes visible; absent API: nothing to do.
    keepAwake: fromCallback<AnyEventObject>(() => () => {}),
  },
  actions: {
    assignMessage: assign((_, params: { message: DisplayMessage }) => ({ message: params.message, lastSeq: params.message.seq })),
    clearMessage: assign({ message: null }),
    assignLink: assign((_, params: { state: DisplayLinkState }) => ({ link: params.state })),
  },
  guards: {
    // Each guard first asks "newer than what is shown?": an older seq changes nothing.
    newerIdle: ({ context }, params: { message: DisplayMessage }) => params.message.seq > context.lastSeq && params.message.kind === 'idle',
    newerOrder: ({ context }, params: { message: DisplayMessage }) =>
      params.message.seq > context.lastSeq &&
      (params.message.kind === 'order' || params.message.kind === 'pay') &&
      params.message.order !== undefined,
    newerSuccess: ({ context }, params: { message: DisplayMessage }) =>
      params.message.seq > context.lastSeq && params.message.kind === 'success',
  },
  delays: {
    recoverWait: RECOVER_WAIT_MS,
    successPause: SUCCESS_PAUSE_MS,
  },
}).createMachine({
  id: 'displayScreen',
  context: { message: null, lastSeq: -1, link: 'none' },
  invoke: [
    { id: 'listen', src: 'listen' },
    { id: 'keepAwake', src: 'keepAwake' },
  ],
  initial: 'recovering',
  on: {
    MESSAGE: [
      {
        guard: { type: 'newerIdle', params: ({ event }) => ({ message: event.message }) },
        target: '.slide',
        actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.message }) },
      },
      {
        guard: { type: 'newerOrder', params: ({ event }) => ({ message: event.message }) },
        target: '.orderInfo',
        actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.message }) },
      },
      {
        guard: { type: 'newerSuccess', params: ({ event }) => ({ message: event.message }) },
        target: '.success',
        actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.message }) },
      },
    ],
    'LINK.STATE': { actions: { type: 'assignLink', params: ({ event }) => ({ state: event.state }) } },
  },
  states: {
    recovering: {
      tags: ['waiting'],
      description: 'Just (re)loaded: the cashier’s side was asked for the current state.',
      after: { recoverWait: { target: 'slide' } },
    },
    slide: {
      tags: ['slide'],
      description: 'The welcome carousel (/ecr-slide).',
    },
    orderInfo: {
      tags: ['orderInfo'],
      description: 'The order summary, with the QR or the card instruction while paying (/ecr-order-info).',
    },
    success: {
      tags: ['success'],
      description: 'Thanks for paying (/ecr-success-payment); the carousel follows after a pause.',
      after: { successPause: { target: 'slide', actions: 'clearMessage' } },
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: DisplayScreenContext };

export function selectDisplayView(snapshot: Snapshot): DisplayView {
  if (snapshot.hasTag('orderInfo')) return 'orderInfo';
  if (snapshot.hasTag('success')) return 'success';
  if (snapshot.hasTag('slide')) return 'slide';
  return 'waiting';
}
export const selectDisplayMessage = (snapshot: Snapshot) => snapshot.context.message;
export const selectDisplayLink = (snapshot: Snapshot) => snapshot.context.link;
