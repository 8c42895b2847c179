import { assign, fromPromise, setup } from 'xstate';
import type { CardInput, CardPaid, LinkParams, PayInfo } from '../../services/checkout/hosted-schemas';
import { outcomeUnknown } from '../../rules/idempotency';
import { errorCode, notProvided } from '../../rules/serviceError';

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
  // The form toolkit's field dialect (D283). The card is checked once, when Pay is pressed (the expiry
  // against the clock then), not on every key, so its values stay in the machine's own `card`.
  | { type: 'FIELD.CHANGE'; field: CardField; value: string }
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

export function formatField(field: CardField, value: string): string {
  if (field === 'number') return formatCardNumber(value);
  if (field === 'expiry') return formatExpiry(value);
  if (field === 'cvc') return formatCvc(value);
  return value.slice(0, HOLDER_MAX * 2);
}

export const EMPTY_CARD: CardDraft = { number: '', expiry: '', cvc: '', holder: '' };
/** The link can no longer take money, or never could: the page reads it again and shows why. */
export const LINK_GONE = new Set(['LINK_PAID', 'LINK_EXPIRED', 'LINK_INVALID']);

export function fieldOf(error: unknown): CardField | null {
  const data = (error as { data?: { field?: unknown } } | null)?.data;
  const field = typeof data?.field === 'string' ? data.field.replace(/^card\./, '') : '';
  return (['number', 'expiry', 'cvc', 'holder'] as const).find((f) => f === field) ?? null;
}

/** The hostedCheckout machine's setup: context, events, actors, actions, guards and delays (the flow is ./hostedCheckout.machine.ts). */
export const hostedCheckoutSetup = setup({
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
});
