import { assign, fromPromise, setup } from 'xstate';
import type { ProviderRoute } from '../../services/einvoice/core/types';
import type { PopupHandle } from '../../services/einvoice/sso/popup';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * Linking the merchant account with an SSO provider (doc 2 §4 SSO link, §8, §9; D174, D198): the
 * provider's authorize page opens in a 460×600 popup, which ends on the portal's consent page
 * (/login-merchant-account). The popup is looked at every 500 ms (`pollPopup`); 400 ms after it has
 * closed (`checkDelay`) the product backend is asked whether the link now exists. Success and failure
 * each have their dialog (failure: retry and back); a popup the browser blocked is explained, with retry.
 * Invoked by the setup machine as `ssoLink`; its output says whether the link exists.
 */

export const SSO_POLL_MS = 500;
export const SSO_CHECK_DELAY_MS = 400;

export interface SsoLinkInput {
  provider: ProviderRoute;
  taxNo: string;
}

export interface SsoLinkOutput {
  linked: boolean;
}

export interface SsoLinkContext {
  provider: ProviderRoute;
  taxNo: string;
  /** The open popup; null when none is open (or the browser blocked it). */
  popup: PopupHandle | null;
  linked: boolean;
  /** Why the last check failed (a service error), or null: the check answered "not linked". */
  errorCode: string | null;
}

export type SsoLinkEvent =
  /** Failure or blocked dialog: open the popup again. */
  | { type: 'RETRY' }
  /** Failure or blocked dialog: give up (output linked: false). */
  | { type: 'BACK' }
  /** While waiting: stop waiting and close the popup. */
  | { type: 'CANCEL' }
  /** While waiting: bring the popup to the front. */
  | { type: 'FOCUS' }
  /** Success dialog: done. */
  | { type: 'CONFIRM' };

export const ssoLinkMachine = setup({
  types: {
    context: {} as SsoLinkContext,
    events: {} as SsoLinkEvent,
    input: {} as SsoLinkInput,
    output: {} as SsoLinkOutput,
    tags: {} as 'waiting' | 'checking' | 'blocked' | 'failed' | 'linked',
  },
  actors: {
    /** Opens the authorize page in the popup; null when the browser blocked it. */
    openPopup: fromPromise<PopupHandle | null, { provider: ProviderRoute; taxNo: string }>(async () => {
      throw notProvided('openPopup');
    }),
    /** True once the popup is closed. */
    checkPopup: fromPromise<boolean, { popup: PopupHandle | null }>(async () => {
      throw notProvided('checkPopup');
    }),
    /** The product backend's SSO check: whether the link exists. */
    checkLink: fromPromise<boolean, { provider: ProviderRoute }>(async () => {
      throw notProvided('checkLink');
    }),
  },
  actions: {
    assignPopup: assign((_, params: { popup: PopupHandle | null }) => ({ popup: params.popup })),
    forgetPopup: assign({ popup: null }),
    assignLinked: assign((_, params: { linked: boolean }) => ({ linked: params.linked })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    clearError: assign({ errorCode: null }),
    // The route closes and focuses the window (no I/O in the machine).
    closePopup: (_, _params: { popup: PopupHandle | null }) => {},
    focusPopup: (_, _params: { popup: PopupHandle | null }) => {},
  },
  guards: {
    popupBlocked: (_, params: { popup: PopupHandle | null }) => params.popup === null,
    isTrue: (_, params: { value: boolean }) => params.value === true,
  },
  delays: {
    pollPopup: SSO_POLL_MS,
    checkDelay: SSO_CHECK_DELAY_MS,
  },
}).createMachine({
  id: 'ssoLink',
  context: ({ input }) => ({ provider: input.provider, taxNo: input.taxNo, popup: null, linked: false, errorCode: null }),
  initial: 'opening',
  output: ({ context }) => ({ linked: context.linked }),
  states: {
    opening: {
      tags: ['waiting'],
      description: 'The provider’s authorize page opens in a 460×600 popup; a browser that blocks it answers no window.',
      entry: 'clearError',
      invoke: {
        id: 'openPopup',
        src: 'openPopup',
        input: ({ context }) => ({ provider: context.provider, taxNo: context.taxNo }),
        onDone: [
          { guard: { type: 'popupBlocked', params: ({ event }) => ({ popup: event.output }) }, target: 'blocked' },
          { target: 'watching', actions: { type: 'assignPopup', params: ({ event }) => ({ popup: event.output }) } },
        ],
        onError: { target: 'blocked' },
      },
    },
    watching: {
      tags: ['waiting'],
      description: 'The merchant signs in and answers the consent page in the popup; the portal looks every 500 ms whether it has closed.',
      initial: 'waiting',
      // However the wait ends (closed, cancelled, the parent gone), no popup is left behind.
      exit: [{ type: 'closePopup', params: ({ context }) => ({ popup: context.popup }) }, 'forgetPopup'],
      on: {
        CANCEL: { target: 'done' },
        FOCUS: { actions: { type: 'focusPopup', params: ({ context }) => ({ popup: context.popup }) } },
      },
      states: {
        waiting: {
          after: { pollPopup: { target: 'polling' } },
        },
        polling: {
          invoke: {
            id: 'checkPopup',
            src: 'checkPopup',
            input: ({ context }) => ({ popup: context.popup }),
            onDone: [
              { guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) }, target: '#ssoLink.settling' },
              { target: 'waiting' },
            ],
            // A window the portal can no longer read is as good as closed: the check decides.
            onError: { target: '#ssoLink.settling' },
          },
        },
      },
    },
    settling: {
      tags: ['checking'],
      description: 'The popup has closed: 400 ms for the consent page’s sign-in to land before asking.',
      after: { checkDelay: { target: 'checking' } },
    },
    checking: {
      tags: ['checking'],
      description: 'The product backend says whether the merchant account is now linked.',
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: [
          {
            guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) },
            target: 'linked',
            actions: { type: 'assignLinked', params: { linked: true } },
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    linked: {
      tags: ['linked'],
      description: 'Dialog “Merchant account linked successfully”.',
      on: { CONFIRM: { target: 'done' } },
    },
    failed: {
      tags: ['failed'],
      description: 'Dialog “Failed to link Merchant account” with retry and back (doc 2 §8).',
      on: { RETRY: { target: 'opening' }, BACK: { target: 'done' } },
    },
    blocked: {
      tags: ['blocked'],
      description: 'The browser blocked the popup: what happened and how to allow it, with retry and back.',
      on: { RETRY: { target: 'opening' }, BACK: { target: 'done' } },
    },
    done: {
      type: 'final',
      description: 'Ends with whether the link exists.',
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: SsoLinkContext; status: string };
export const selectSsoWaiting = (s: Snapshot) => s.hasTag('waiting');
export const selectSsoChecking = (s: Snapshot) => s.hasTag('checking');
export const selectSsoBlocked = (s: Snapshot) => s.hasTag('blocked');
export const selectSsoFailed = (s: Snapshot) => s.hasTag('failed');
export const selectSsoLinked = (s: Snapshot) => s.hasTag('linked');
export const selectSsoErrorCode = (s: Snapshot) => s.context.errorCode;
export const selectSsoProvider = (s: Snapshot) => s.context.provider;
export const selectSsoDone = (s: Snapshot) => s.status === 'done';
