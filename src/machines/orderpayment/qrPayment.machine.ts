import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';
import { errorField } from './rules';
import type { WayOutput } from './cashPayment.machine';

/**
 * The QR way (doc 2 §2 Order payment panel, §7 /payment/qr, §8): the order's VietQR (amount and order
 * code inside) from the service, shown for the guest to scan. BAD_REQUEST without a QR means the
 * merchant has no account to receive (not_setting_account_yet). The paid event itself is awaited by
 * the screen's machine (orderPayment), which hears it for every way; ORDER_PAID ends this way at once.
 *
 * The QR pays the order's own store (D297); while it is shown, the cashier may also send it to one of
 * that store's active Soundboxes (core §7 POST /payment/push-qr-terminal, D298): the store's Soundboxes
 * are looked up once (none: nothing is offered), the first is chosen, and a push may be repeated (the
 * service keeps one push per Soundbox, order and QR). A QR the service no longer takes as the order's
 * (QR_NOT_CURRENT) is fetched again, so what is on screen and what is pushed stay the same string.
 */

export interface QrPaymentInput {
  invoiceId: number;
  orderId: number;
}

/** The order's QR and the store it pays into (D297). */
export interface QrLoaded {
  qr: string;
  storeId: number | null;
}

/** An active Soundbox of the order's store (edc area, type 2, activated and ONLINE). */
export interface SoundboxChoice {
  serial: string;
}

export interface QrPaymentContext extends QrPaymentInput {
  qr: string | null;
  storeId: number | null;
  errorCode: string | null;
  soundboxes: SoundboxChoice[];
  chosen: string | null;
  /** The Soundbox the shown QR was last sent to. */
  pushedTo: string | null;
  pushError: string | null;
  /** The QR was fetched again because the service no longer took the old one (D298). */
  renewed: boolean;
}

export type QrPaymentEvent =
  { type: 'RETRY' } | { type: 'SOUNDBOX.CHOOSE'; serial: string } | { type: 'SOUNDBOX.PUSH' } | { type: 'SOUNDBOX.RELOAD' };

export interface PushQrInput {
  qr: string;
  serialNumber: string;
  orderId: number;
}

/** What the service answered for a push (D298): the Soundbox, and how many times this QR was sent to it. */
export interface PushedQr {
  serialNumber: string;
  times: number;
}

const chooseActions = {
  type: 'choose',
  params: ({ event }: { event: QrPaymentEvent }) => ({ serial: event.type === 'SOUNDBOX.CHOOSE' ? event.serial : '' }),
} as const;

export const qrPaymentMachine = setup({
  types: {
    context: {} as QrPaymentContext,
    events: {} as QrPaymentEvent,
    input: {} as QrPaymentInput,
    output: {} as WayOutput,
    tags: {} as 'loading' | 'error' | 'pushing',
  },
  actors: {
    loadQr: fromPromise<QrLoaded, { invoiceId: number }>(async () => {
      throw notProvided('loadQr');
    }),
    loadSoundboxes: fromPromise<SoundboxChoice[], { storeId: number | null }>(async () => {
      throw notProvided('loadSoundboxes');
    }),
    pushQr: fromPromise<PushedQr, PushQrInput>(async () => {
      throw notProvided('pushQr');
    }),
  },
  actions: {
    assignQr: assign((_, params: QrLoaded) => ({ qr: params.qr, storeId: params.storeId, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignSoundboxes: assign((_, params: { soundboxes: SoundboxChoice[] }) => ({
      soundboxes: params.soundboxes,
      chosen: params.soundboxes[0]?.serial ?? null,
    })),
    choose: assign(({ context }, params: { serial: string }) => ({
      chosen: context.soundboxes.some((box) => box.serial === params.serial) ? params.serial : context.chosen,
      pushError: null,
    })),
    assignPushed: assign(({ context }) => ({ pushedTo: context.chosen, pushError: null, renewed: false })),
    assignPushError: assign((_, params: { error: unknown }) => ({ pushError: errorCode(params.error), pushedTo: null })),
    markRenewed: assign({ renewed: true, pushedTo: null, pushError: null }),
  },
  guards: {
    // doc 2 §8: BAD_REQUEST "and no QR"; a BAD_REQUEST naming a field is a bad request of ours, not a missing account.
    noAccount: (_, params: { error: unknown }) => errorCode(params.error) === 'BAD_REQUEST' && errorField(params.error) === null,
    alreadyPaid: (_, params: { error: unknown }) => errorCode(params.error) === 'ORDER_PAID',
    qrNotCurrent: (_, params: { error: unknown }) => errorCode(params.error) === 'QR_NOT_CURRENT',
    none: (_, params: { soundboxes: SoundboxChoice[] }) => params.soundboxes.length === 0,
  },
}).createMachine({
  id: 'qrPayment',
  context: ({ input }) => ({
    ...input,
    qr: null,
    storeId: null,
    errorCode: null,
    soundboxes: [],
    chosen: null,
    pushedTo: null,
    pushError: null,
    renewed: false,
  }),
  initial: 'loading',
  output: () => ({ method: null }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadQr',
        src: 'loadQr',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: { target: 'shown', actions: { type: 'assignQr', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ error: event.error }) }, target: 'paid' },
          { guard: { type: 'noAccount', params: ({ event }) => ({ error: event.error }) }, target: 'noAccount' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {
      initial: 'findingSoundboxes',
      states: {
        findingSoundboxes: {
          invoke: {
            id: 'loadSoundboxes',
            src: 'loadSoundboxes',
            input: ({ context }) => ({ storeId: context.storeId }),
            onDone: [
              { guard: { type: 'none', params: ({ event }) => ({ soundboxes: event.output }) }, target: 'noSoundbox' },
              { target: 'ready', actions: { type: 'assignSoundboxes', params: ({ event }) => ({ soundboxes: event.output }) } },
            ],
            onError: 'soundboxesFailed',
          },
        },
        // The store has no active Soundbox: the QR tab offers nothing more.
        noSoundbox: {},
        soundboxesFailed: { on: { 'SOUNDBOX.RELOAD': 'findingSoundboxes' } },
        ready: { on: { 'SOUNDBOX.CHOOSE': { actions: chooseActions }, 'SOUNDBOX.PUSH': 'pushing' } },
        pushing: {
          tags: ['pushing'],
          invoke: {
            id: 'pushQr',
            src: 'pushQr',
            input: ({ context }) => ({ qr: context.qr ?? '', serialNumber: context.chosen ?? '', orderId: context.orderId }),
            onDone: { target: 'pushed', actions: 'assignPushed' },
            onError: [
              { guard: { type: 'alreadyPaid', params: ({ event }) => ({ error: event.error }) }, target: '#qrPayment.paid' },
              {
                guard: { type: 'qrNotCurrent', params: ({ event }) => ({ error: event.error }) },
                target: '#qrPayment.loading',
                actions: 'markRenewed',
              },
              { target: 'pushFailed', actions: { type: 'assignPushError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        pushed: { on: { 'SOUNDBOX.CHOOSE': { target: 'ready', actions: chooseActions }, 'SOUNDBOX.PUSH': 'pushing' } },
        pushFailed: { on: { 'SOUNDBOX.CHOOSE': { target: 'ready', actions: chooseActions }, 'SOUNDBOX.PUSH': 'pushing' } },
      },
    },
    noAccount: {},
    failed: {
      tags: ['error'],
      on: { RETRY: 'loading' },
    },
    paid: { type: 'final' },
  },
});
