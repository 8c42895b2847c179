import { hostedCheckoutSetup, type HostedCheckoutContext, toCardInput, EMPTY_CARD } from './hostedCheckout.setup';

export * from './hostedCheckout.setup';

/**
 * The hosted checkout page (D149–D151; docs/areas/checkout.md "Hosted checkout page"): the
 * payer opens a payment link; its signed values are checked by the service, which answers the link's
 * state. An open link shows the merchant's methods: VietQR (the QR from the service, then the link is
 * read again every 2 s until paid; leaving the QR stops it), card (checked here first: Luhn, expiry,
 * CVC, holder; one Idempotency-Key per attempt, kept by the route until a definite outcome; a declined
 * card keeps what was typed but the CVC), or e-wallet (explained, not payable in the sandbox). The
 * link running out while open ends in expired; a link paid meanwhile (another tab, the QR) in paid.
 */
export const hostedCheckoutMachine = hostedCheckoutSetup.createMachine({
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
                'FIELD.CHANGE': {
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
