import { assign, fromPromise, setup } from 'xstate';
import type { ProviderRoute } from '../../services/einvoice/core/types';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The consent page /login-merchant-account (doc 2 §2, §4 SSO link, §8, §9; D174, D199): the provider's
 * authorize step sends the popup here with `provider` and `tax_no`. The owner allows (500 ms
 * `consentDelay`, then the product backend links the account) or refuses (nothing is called); the
 * window closes either way, so the portal that opened it checks the link. A failure says why before
 * the window closes; a request the page cannot serve (no provider or tax code, a provider without
 * SSO, nobody signed in in this browser, a staff account) says so instead of failing silently.
 */

export const CONSENT_DELAY_MS = 500;

export interface SsoConsentRequest {
  provider: ProviderRoute;
  taxNo: string;
}

export interface SsoConsentInput {
  /** Null when the address does not name an SSO provider and a tax code. */
  request: SsoConsentRequest | null;
  /** This browser has a portal session (the popup shares the opener's storage). */
  signedIn: boolean;
  /** D87: linking is the owner's (the service answers PERMISSION_DENY to staff). */
  owner: boolean;
}

export interface SsoConsentContext extends SsoConsentInput {
  errorCode: string | null;
  /** How it ended: the window is closing after an allow, a refusal, or neither. */
  outcome: 'allowed' | 'refused' | null;
}

export type SsoConsentEvent = { type: 'ALLOW' } | { type: 'REFUSE' } | { type: 'CLOSE' };

export const ssoConsentMachine = setup({
  types: {
    context: {} as SsoConsentContext,
    events: {} as SsoConsentEvent,
    input: {} as SsoConsentInput,
    tags: {} as 'asking' | 'busy' | 'failed' | 'invalid' | 'signedOut' | 'notOwner' | 'closing',
  },
  actors: {
    signIn: fromPromise<void, SsoConsentRequest>(async () => {
      throw notProvided('signIn');
    }),
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignOutcome: assign((_, params: { outcome: 'allowed' | 'refused' }) => ({ outcome: params.outcome })),
    // The route closes the window (window.close(): allowed for a window a script opened).
    closeWindow: () => {},
  },
  guards: {
    noRequest: ({ context }) => context.request === null,
    signedOut: ({ context }) => !context.signedIn,
    notOwner: ({ context }) => !context.owner,
  },
  delays: {
    consentDelay: CONSENT_DELAY_MS,
  },
}).createMachine({
  id: 'ssoConsent',
  context: ({ input }) => ({ ...input, errorCode: null, outcome: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'What the page can do: ask for consent, or explain why it cannot.',
      always: [
        { guard: 'noRequest', target: 'invalid' },
        { guard: 'signedOut', target: 'signedOut' },
        { guard: 'notOwner', target: 'notOwner' },
        { target: 'asking' },
      ],
    },
    asking: {
      tags: ['asking'],
      description: 'The provider, the tax code, and Allow / Refuse.',
      on: {
        ALLOW: { target: 'allowing' },
        REFUSE: { target: 'closing', actions: { type: 'assignOutcome', params: { outcome: 'refused' } } },
      },
    },
    allowing: {
      tags: ['asking', 'busy'],
      description: '500 ms before the connection request is sent (doc 2 §9).',
      after: { consentDelay: { target: 'signingIn' } },
    },
    signingIn: {
      tags: ['asking', 'busy'],
      description: 'The product backend links the provider account to the merchant.',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.request!,
        onDone: { target: 'closing', actions: { type: 'assignOutcome', params: { outcome: 'allowed' } } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'Why the link failed, in the user’s language; closing the window lets the portal show its failure dialog.',
      on: { CLOSE: { target: 'closing' } },
    },
    invalid: {
      tags: ['invalid'],
      description: 'The address names no SSO provider or no tax code.',
      on: { CLOSE: { target: 'closing' } },
    },
    signedOut: {
      tags: ['signedOut'],
      description: 'No portal session in this window: sign in to the portal first, then link again.',
      on: { CLOSE: { target: 'closing' } },
    },
    notOwner: {
      tags: ['notOwner'],
      description: 'A staff account: only the owner may link the merchant account (D87).',
      on: { CLOSE: { target: 'closing' } },
    },
    closing: {
      tags: ['closing'],
      type: 'final',
      description: 'The window closes; if the browser keeps it open (not opened by the portal), it says it can be closed.',
      entry: 'closeWindow',
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: SsoConsentContext };
export const selectConsentAsking = (s: Snapshot) => s.hasTag('asking');
export const selectConsentBusy = (s: Snapshot) => s.hasTag('busy');
export const selectConsentFailed = (s: Snapshot) => s.hasTag('failed');
export const selectConsentInvalid = (s: Snapshot) => s.hasTag('invalid');
export const selectConsentSignedOut = (s: Snapshot) => s.hasTag('signedOut');
export const selectConsentNotOwner = (s: Snapshot) => s.hasTag('notOwner');
export const selectConsentClosing = (s: Snapshot) => s.hasTag('closing');
export const selectConsentOutcome = (s: Snapshot) => s.context.outcome;
export const selectConsentErrorCode = (s: Snapshot) => s.context.errorCode;
export const selectConsentRequest = (s: Snapshot) => s.context.request;
