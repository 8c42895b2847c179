import { assign, fromPromise, setup } from 'xstate';
import type { CardInput, CardPaid, LinkParams, PayInfo } from '../../services/checkout/hosted-schemas';
import { outcomeUnknown } from '../../rules/idempotency';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The hosted checkout page (issue 14 contract §C; docs/areas/checkout.md "Hosted checkout page"): the
 * payer opens a payment link; its signed values are checked by the service, which answers the link's
 * state. An open link shows the merchant's methods: VietQR (the QR from the service, then the link is
 * read again every 2 s until paid; leaving the QR stops it), card (checked here first: Luhn, expiry,
 * CVC, holder; one Idempotency-Key per attempt, kept by the route until a definite outcome; a declined
 * card keeps what was typed but the CVC), or e-wallet (explained, not payable in the sandbox). The
 * link running out while open ends in expired; a link paid meanwhile (another tab, the QR) in paid.
 */

export const POLL_MS = 2_000;
export const HOLDER_MAX = 100;

export type CheckoutWay = 'qr_code' | 'credit_card' | 'ewallet';
export type CardField = 'number' | 'expiry' | 'cvc' | 'holder';
/** Text keys under hosted.card.errors (checkout namespace). */
export type CardProblem = 'required' | 'number' | 'expiry' | 'expired' | 'cvc' | 'holder' | 'declined';

export interface CardDraft {
  /** As shown: digits in groups of 4. */
  number: string;
  /** As shown: MM/YY. */
  expiry: string;
  cvc: string;
  holder: string;
}

export interface HostedCheckoutInput {
  /** null: the address lacks a value (the page says the link is not valid without asking). */
  params: LinkParams | null;
}

export interface HostedCheckoutContext extends HostedCheckoutInput {
  info: PayInfo | null;
  /** Unix ms on this device when the link was last read: the countdown's and the expiry timer's origin. */
  readAt: number;
  method: CheckoutWay | null;
  qr: string | null;
  card: CardDraft;
  cardErrors: Partial<Record<CardField, CardProblem>>;
  errorCode: string | null;
}

export type HostedCheckoutEvent =
  | { type: 'SELECT'; method: CheckoutWay }
  | { type: 'CARD.CHANGE'; field: CardField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

// ---- card rules (pure) ----

export const cardDigits = (value: string) => value.replace(/\D/g, '').slice(0, 19);
/** "4111111111111111" → "4111 1111 1111 1111". */
export const formatCardNumber = (value: string) => cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
/** "1239" → "12/39"; a typed slash is kept out of the digits. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
export const formatCvc = (value: string) => value.replace(/\D/g, '').slice(0, 3);

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** What is wrong with the card, field by field (empty when it may be sent). `now` in unix ms. */
export function cardProblems(card: CardDraft, now: number): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const digits = cardDigits(card.number);
  if (digits === '') problems.number = 'required';
  else if (digits.length < 12 || !luhn(digits)) problems.number = 'number';
  const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
  if (card.expiry === '') problems.expiry = 'required';
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) problems.expiry = 'expiry';
  else {
    const today = new Date(now);
    const year = 2000 + Number(expiry[2]);
    const month = Number(expiry[1]);
    if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) problems.expiry = 'expired';
  }
  if (card.cvc === '') problems.cvc = 'required';
  else if (!/^\d{3}$/.test(card.cvc)) problems.cvc = 'cvc';
  const holder = card.holder.trim();
  if (holder === '') problems.holder = 'required';
  else if ([...holder].length > HOLDER_MAX) problems.holder = 'holder';
  return problems;
}

export const toCardInput = (card: CardDraft): CardInput => ({
  number: cardDigits(card.number),
  expiry: card.expiry,
  cvc: card.cvc,
  holder: card.holder.trim(),
});

function formatField(field: CardField, value: string): string {
  if (field === 'number') return formatCardNumber(value);
  if (field === 'expiry') return formatExpiry(value);
  if (field === 'cvc') return formatCvc(value);
  return value.slice(0, HOLDER_MAX * 2);
}

const EMPTY_CARD: CardDraft = { number: '', expiry: '', cvc: '', holder: '' };
/** The link can no longer take money, or never could: the page reads it again and shows why. */
const LINK_GONE = new Set(['LINK_PAID', 'LINK_EXPIRED', 'LINK_INVALID']);

function fieldOf(error: unknown): CardField | null {
  const data = (error as { data?: { field?: unknown } } | null)?.data;
  const field = typeof data?.field === 'string' ? data.field.replace(/^card\./, '') : '';
  return (['number', 'expiry', 'cvc', 'holder'] as const).find((f) => f === field) ?? null;
}

export const hostedCheckoutMachine = setup({
  types: {
    context: {} as HostedCheckoutContext,
    events: {} as HostedCheckoutEvent,
    input: {} as HostedCheckoutInput,
    tags: {} as 'busy' | 'open' | 'paying',
  },
  actors: {
    loadLink: fromPromise<PayInfo, { params: LinkParams | null }>(async () => {
      throw notProvided('loadLink');
    }),
    fetchQr: fromPromise<string, { params: LinkParams }>(async () => {
      throw notProvided('fetchQr');
    }),
    payCard: fromPromise<CardPaid, { params: LinkParams; linkId: string; card: CardInput }>(async () => {
      throw notProvided('payCard');
    }),
  },
  actions: {
    assignInfo: assign((_, params: { info: PayInfo }) => ({ info: params.info, readAt: Date.now(), errorCode: null })),
    assignPaid: assign(({ context }, params: { paid: CardPaid }) => ({
      info: context.info ? { ...context.info, status: 'PAID' as const, paid_at: params.paid.paid_at, method: 'CARD' as const } : null,
      errorCode: null,
    })),
    assignMethod: assign((_, params: { method: CheckoutWay }) => ({ method: params.method, errorCode: null })),
    assignQr: assign((_, params: { qr: string }) => ({ qr: params.qr, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignCardField: assign(({ context }, params: { field: CardField; value: string }) => ({
      card: { ...context.card, [params.field]: formatField(params.field, params.value) },
      cardErrors: { ...context.cardErrors, [params.field]: undefined },
      errorCode: null,
    })),
    showCardProblems: assign(({ context }) => ({ cardErrors: cardProblems(context.card, Date.now()) })),
    clearCardProblems: assign({ cardErrors: {}, errorCode: null }),
    // Declined: a definite outcome; everything typed stays except the CVC, which is typed again.
    markDeclined: assign(({ context }) => ({
      card: { ...context.card, cvc: '' },
      cardErrors: { cvc: 'declined' as const },
      errorCode: 'CARD_DECLINED',
    })),
    assignCardRefusal: assign((_, params: { error: unknown }) => {
      const field = fieldOf(params.error);
      return field ? { cardErrors: { [field]: field }, errorCode: null } : { errorCode: errorCode(params.error) };
    }),
    /** The route drops this link's Idempotency-Key: the next Pay is a new attempt. */
    forgetIntent: (_, _params: { linkId: string }) => {},
    /** The route tells a framing page (embed.js) the link is paid. */
    announcePaid: (_, _params: { linkId: string | null }) => {},
  },
  guards: {
    hasParams: ({ context }) => context.params !== null,
    isPaid: (_, params: { info: PayInfo }) => params.info.status === 'PAID',
    isExpired: (_, params: { info: PayInfo }) => params.info.status === 'EXPIRED',
    isInvalid: (_, params: { error: unknown }) => errorCode(params.error) === 'LINK_INVALID',
    offered: ({ context }, params: { method: CheckoutWay }) => context.info?.methods.includes(params.method) ?? false,
    isQr: (_, params: { method: CheckoutWay }) => params.method === 'qr_code',
    isCard: (_, params: { method: CheckoutWay }) => params.method === 'credit_card',
    cardValid: ({ context }) => Object.keys(cardProblems(context.card, Date.now())).length === 0,
    declined: (_, params: { error: unknown }) => errorCode(params.error) === 'CARD_DECLINED',
    linkGone: (_, params: { error: unknown }) => LINK_GONE.has(errorCode(params.error)),
    answerLost: (_, params: { error: unknown }) => outcomeUnknown(params.error),
  },
  delays: {
    POLL: POLL_MS,
    // From the last read to the link's expiry by this device's clock; at least 0 (already due).
    untilExpiry: ({ context }) => Math.max(0, (context.info?.expires_at ?? 0) * 1000 - context.readAt),
  },
}).createMachine({
  id: 'hostedCheckout',
  context: ({ input }) => ({
    params: input.params,
    info: null,
    readAt: 0,
    method: null,
    qr: null,
    card: EMPTY_CARD,
    cardErrors: {},
    errorCode: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'An address without every signed value is not a link; otherwise the link is read.',
      always: [{ guard: 'hasParams', target: 'loading' }, { target: 'invalid' }],
    },
    loading: {
      tags: ['busy'],
      description: 'The service checks the signature and answers the link: open, paid or expired.',
      invoke: {
        id: 'loadLink',
        src: 'loadLink',
        input: ({ context }) => ({ params: context.params }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ info: event.output }) },
            target: 'paid',
            actions: { type: 'assignInfo', params: ({ event }) => ({ info: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ info: event.output }) },
            target: 'expired',
            actions: { type: 'assignInfo', params: ({ event }) => ({ info: event.output }) },
          },
          { target: 'open', actions: { type: 'assignInfo', params: ({ event }) => ({ info: event.output }) } },
        ],
        onError: [
          { guard: { type: 'isInvalid', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: 'The link could not be read (network, service): retry.',
      on: { RETRY: 'loading' },
    },
    invalid: {
      type: 'final',
      description: 'A changed, incomplete or unknown link: nothing can be paid.',
    },
    expired: {
      type: 'final',
      description: 'The link ran out before it was paid.',
    },
    paid: {
      type: 'final',
      description: 'Paid (here, in another tab, or its order at the counter): the amount, the time and the way back to the shop.',
      entry: { type: 'announcePaid', params: ({ context }) => ({ linkId: context.info?.link_id ?? null }) },
    },
    open: {
      tags: ['open'],
      description: 'The merchant’s methods; the countdown runs to the link’s expiry.',
      after: { untilExpiry: { target: 'expired' } },
      on: {
        SELECT: [
          {
            guard: { type: 'offered', params: ({ event }) => ({ method: event.method }) },
            target: '.route',
            actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.method }) },
          },
        ],
      },
      initial: 'choosing',
      states: {
        choosing: {
          description: 'No method chosen yet.',
        },
        route: {
          always: [
            { guard: ({ context }) => context.method === 'qr_code', target: 'qr' },
            { guard: ({ context }) => context.method === 'credit_card', target: 'card' },
            { target: 'wallet' },
          ],
        },
        qr: {
          initial: 'fetching',
          states: {
            fetching: {
              tags: ['busy'],
              invoke: {
                id: 'fetchQr',
                src: 'fetchQr',
                input: ({ context }) => ({ params: context.params! }),
                onDone: { target: 'showing', actions: { type: 'assignQr', params: ({ event }) => ({ qr: event.output }) } },
                onError: [
                  { guard: { type: 'linkGone', params: ({ event }) => ({ error: event.error }) }, target: '#hostedCheckout.loading' },
                  { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            failed: {
              description: 'No QR: the shop has no receiving account, or the call failed; retry or choose another method.',
              on: { RETRY: 'fetching' },
            },
            showing: {
              description: 'The QR is shown; every 2 s the link is read again to see it paid.',
              after: { POLL: 'polling' },
            },
            polling: {
              invoke: {
                id: 'checkLink',
                src: 'loadLink',
                input: ({ context }) => ({ params: context.params }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => ({ info: event.output }) },
                    target: '#hostedCheckout.paid',
                    actions: { type: 'assignInfo', params: ({ event }) => ({ info: event.output }) },
                  },
                  {
                    guard: { type: 'isExpired', params: ({ event }) => ({ info: event.output }) },
                    target: '#hostedCheckout.expired',
                    actions: { type: 'assignInfo', params: ({ event }) => ({ info: event.output }) },
                  },
                  { target: 'showing' },
                ],
                // A dropped poll is not a failure: the QR stays and the next poll asks again.
                onError: { target: 'showing' },
              },
            },
          },
        },
        card: {
          initial: 'editing',
          states: {
            editing: {
              description: 'Number in groups of 4, expiry MM/YY, CVC, holder; checked before anything is sent.',
              on: {
                'CARD.CHANGE': {
                  actions: { type: 'assignCardField', params: ({ event }) => ({ field: event.field, value: event.value }) },
                },
                SUBMIT: [{ guard: 'cardValid', target: 'paying', actions: 'clearCardProblems' }, { actions: 'showCardProblems' }],
              },
            },
            paying: {
              tags: ['busy', 'paying'],
              description: 'One attempt in flight; another method cannot be chosen meanwhile.',
              on: { SELECT: {} },
              invoke: {
                id: 'payCard',
                src: 'payCard',
                input: ({ context }) => ({ params: context.params!, linkId: context.info!.link_id, card: toCardInput(context.card) }),
                onDone: {
                  target: '#hostedCheckout.paid',
                  actions: [
                    { type: 'assignPaid', params: ({ event }) => ({ paid: event.output }) },
                    { type: 'forgetIntent', params: ({ context }) => ({ linkId: context.info!.link_id }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'declined', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: ['markDeclined', { type: 'forgetIntent', params: ({ context }) => ({ linkId: context.info!.link_id }) }],
                  },
                  {
                    guard: { type: 'linkGone', params: ({ event }) => ({ error: event.error }) },
                    target: '#hostedCheckout.loading',
                    actions: { type: 'forgetIntent', params: ({ context }) => ({ linkId: context.info!.link_id }) },
                  },
                  { guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) }, target: 'checking' },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'assignCardRefusal', params: ({ event }) => ({ error: event.error }) },
                      { type: 'forgetIntent', params: ({ context }) => ({ linkId: context.info!.link_id }) },
                    ],
                  },
                ],
              },
            },
            checking: {
              tags: ['busy', 'paying'],
              description: 'No answer came: the link is read to learn whether the card was charged before anything else.',
              on: { SELECT: {} },
              invoke: {
                id: 'checkPaid',
                src: 'loadLink',
                input: ({ context }) => ({ params: context.params }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => ({ info: event.output }) },
                    target: '#hostedCheckout.paid',
                    actions: [
                      { type: 'assignInfo', params: ({ event }) => ({ info: event.output }) },
                      { type: 'forgetIntent', params: ({ context }) => ({ linkId: context.info!.link_id }) },
                    ],
                  },
                  { target: 'uncertain' },
                ],
                onError: { target: 'uncertain' },
              },
            },
            uncertain: {
              tags: ['paying'],
              description: 'Still unknown: the same attempt (same card, same key) can be sent again; the card cannot be edited.',
              on: { RETRY: 'paying', SUBMIT: 'paying', SELECT: {} },
            },
          },
        },
        wallet: {
          description: 'E-wallet: explained; this test checkout takes QR and card.',
        },
      },
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; matches(value: unknown): boolean; context: HostedCheckoutContext };
export const selectStatus = (s: Snapshot): 'loading' | 'failed' | 'invalid' | 'open' | 'paid' | 'expired' =>
  s.matches('paid')
    ? 'paid'
    : s.matches('expired')
      ? 'expired'
      : s.matches('invalid')
        ? 'invalid'
        : s.matches('failed')
          ? 'failed'
          : s.hasTag('open')
            ? 'open'
            : 'loading';
