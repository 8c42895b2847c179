import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { StoredTokens, UserInfo } from '../../services/shared/schemas/auth';
import { errorCode, notProvided } from '../../rules/serviceError';
import {
  heldTokens,
  SESSION_REJECTED_CODES,
  UNREACHABLE_CODES,
  DEFAULT_IDLE_LIMIT_MS,
  type SessionContext,
  type SessionEndReason,
  type SessionEvent,
  type SessionInput,
  type SessionTag,
} from './session.types';

export { DEFAULT_IDLE_LIMIT_MS } from './session.types';
export type { LogoutReason, SessionContext, SessionEndReason, SessionEvent, SessionInput, SessionTag } from './session.types';

/**
 * The browser's sign-in session (core §3, §4). The http layer and the router read its tags; the
 * screens send its events. Storage, navigation, the network and other tabs are reached only through
 * the named actions and actors below, which src/app provides.
 */

/** A session the service refused (core §4): it ends in every tab and the user goes to /login. */
const SESSION_EXPIRED = [
  { type: 'assignEndReason', params: { reason: 'expired' } },
  'forgetSession',
  'clearStoredSession',
  'announceSignOut',
  'goToLogin',
] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
    tags: {} as SessionTag,
  },
  actors: {
    restoreSession: fromPromise<StoredTokens | null>(async () => {
      throw notProvided('restoreSession');
    }),
    loadProfile: fromPromise<UserInfo, { tokens?: StoredTokens }>(async () => {
      throw notProvided('loadProfile');
    }),
    // D367: the profile kept from this user's last sign-in, or null (none, another user's, too old).
    readKeptProfile: fromPromise<UserInfo | null, { tokens: StoredTokens }>(async () => null),
    // Sends PROFILE.RELOAD when the service may answer again (the app: network back, any answer).
    watchServiceBack: fromCallback<EventObject>(() => undefined),
    refreshTokens: fromPromise<StoredTokens, { tokens: StoredTokens }>(async () => {
      throw notProvided('refreshTokens');
    }),
    logoutCall: fromPromise<void, { tokens: StoredTokens }>(async () => {
      throw notProvided('logoutCall');
    }),
    // A silent default: without the app's watcher a single tab still works.
    watchOtherTabs: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    persistTokens: (_, _params: { tokens: StoredTokens }) => undefined,
    clearStoredSession: () => undefined,
    keepProfile: (_, _params: { profile: UserInfo; tokens: StoredTokens }) => undefined,
    announceSignOut: () => undefined,
    goToLogin: () => undefined,
    assignTokens: assign((_, params: { tokens: StoredTokens }) => ({ tokens: params.tokens })),
    assignProfile: assign((_, params: { profile: UserInfo }) => ({ profile: params.profile, profileError: null, profileKept: false })),
    // The unanswered call's code stays in profileError: the shell can say why the profile is the kept one.
    assignKeptProfile: assign((_, params: { profile: UserInfo }) => ({ profile: params.profile, profileKept: true })),
    assignProfileError: assign((_, params: { code: string }) => ({ profileError: params.code })),
    assignEndReason: assign((_, params: { reason: SessionEndReason }) => ({ endReason: params.reason })),
    assignLogoutError: assign((_, params: { code: string }) => ({ lastLogoutError: params.code })),
    assignTabSyncError: assign((_, params: { code: string }) => ({ tabSyncError: params.code })),
    forgetSession: assign({ tokens: null, profile: null, profileError: null, profileKept: false }),
    startFresh: assign({ endReason: null, lastLogoutError: null }),
  },
  guards: {
    noStoredSession: (_, params: { stored: StoredTokens | null }) => params.stored === null,
    // Local expiry (ms) was computed at sign-in from the server's TTL against the local clock, so
    // comparing with the local clock is skew-tolerant.
    storedSessionExpired: (_, params: { stored: StoredTokens | null }) => params.stored !== null && params.stored.expiresAt <= Date.now(),
    sessionRejected: (_, params: { code: string }) => SESSION_REJECTED_CODES.has(params.code),
    unanswered: (_, params: { code: string }) => UNREACHABLE_CODES.has(params.code),
    profileFound: (_, params: { kept: UserInfo | null }) => params.kept !== null,
    idleLimitReached: ({ context }, params: { now: number; lastActive: number }) => params.now - params.lastActive >= context.idleLimitMs,
  },
}).createMachine({
  id: 'session',
  description: 'Sign-in session of this browser tab, kept in step with other tabs.',
  context: ({ input }) => ({
    tokens: null,
    profile: null,
    profileError: null,
    profileKept: false,
    endReason: null,
    lastLogoutError: null,
    tabSyncError: null,
    idleLimitMs: input?.idleLimitMs ?? DEFAULT_IDLE_LIMIT_MS,
  }),
  invoke: {
    id: 'watchOtherTabs',
    src: 'watchOtherTabs',
    onError: {
      description: 'Cross-tab sync lost: record it and carry on in this tab alone.',
      actions: { type: 'assignTabSyncError', params: ({ event }) => ({ code: errorCode(event.error) }) },
    },
  },
  initial: 'restoring',
  states: {
    restoring: {
      tags: 'restoring',
      description: 'Reads the stored session before the router decides where the user may go.',
      initial: 'readingStoredSession',
      states: {
        readingStoredSession: {
          invoke: {
            id: 'restoreSession',
            src: 'restoreSession',
            onDone: [
              {
                guard: { type: 'noStoredSession', params: ({ event }) => ({ stored: event.output }) },
                target: '#session.signedOut',
              },
              {
                guard: { type: 'storedSessionExpired', params: ({ event }) => ({ stored: event.output }) },
                target: 'refreshingStoredSession',
                actions: { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output! }) },
              },
              {
                target: '#session.signedIn',
                actions: { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output! }) },
              },
            ],
            onError: {
              description: 'Unreadable storage is treated as no session, and wiped.',
              target: '#session.signedOut',
              actions: 'clearStoredSession',
            },
          },
        },
        refreshingStoredSession: {
          tags: 'refreshing',
          description: 'The stored access token expired while the portal was closed: refresh before use.',
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ tokens: heldTokens(context) }),
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output }) },
                { type: 'persistTokens', params: ({ event }) => ({ tokens: event.output }) },
              ],
            },
            onError: [
              {
                description: 'No answer (offline, time-out): keep the stored session; the first request refreshes again.',
                guard: { type: 'unanswered', params: ({ event }) => ({ code: errorCode(event.error) }) },
                target: '#session.signedIn',
              },
              {
                description:
                  'The server refused the refresh token. No navigation here: the router sends protected pages to /login by the signedOut tag.',
                target: '#session.signedOut',
                actions: [{ type: 'assignEndReason', params: { reason: 'expired' } }, 'forgetSession', 'clearStoredSession'],
              },
            ],
          },
        },
      },
    },

    signedIn: {
      tags: 'signedIn',
      type: 'parallel',
      states: {
        profile: {
          initial: 'loadingProfile',
          states: {
            loadingProfile: {
              tags: 'profilePending',
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                input: {},
                onDone: {
                  target: 'profileReady',
                  actions: [
                    { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
                    { type: 'keepProfile', params: ({ context, event }) => ({ profile: event.output, tokens: heldTokens(context) }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'sessionRejected', params: ({ event }) => ({ code: errorCode(event.error) }) },
                    target: '#session.signedOut',
                    actions: SESSION_EXPIRED,
                  },
                  {
                    description: 'No answer (offline, time-out): open from the kept profile, if any (D367).',
                    guard: { type: 'unanswered', params: ({ event }) => ({ code: errorCode(event.error) }) },
                    target: 'readingKeptProfile',
                    actions: { type: 'assignProfileError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  },
                  {
                    description: 'A passing fault (5xx, a bad answer): keep the session, offer a retry.',
                    target: 'profileFailed',
                    actions: { type: 'assignProfileError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  },
                ],
              },
            },
            readingKeptProfile: {
              tags: 'profilePending',
              description: "This user's profile as last read, kept for a till (D367).",
              invoke: {
                id: 'readKeptProfile',
                src: 'readKeptProfile',
                input: ({ context }) => ({ tokens: heldTokens(context) }),
                onDone: [
                  {
                    guard: { type: 'profileFound', params: ({ event }) => ({ kept: event.output }) },
                    target: 'profileKept',
                    actions: { type: 'assignKeptProfile', params: ({ event }) => ({ profile: event.output! }) },
                  },
                  // Nothing kept for this user: the shell says the details could not be read.
                  { target: 'profileFailed' },
                ],
                // An unreadable store counts as nothing kept.
                onError: { target: 'profileFailed' },
              },
            },
            profileKept: {
              tags: ['profileReady', 'profileKept'],
              description: 'Offline on the kept profile; the real one is read once the service answers.',
              initial: 'waiting',
              states: {
                waiting: { invoke: { id: 'watchServiceBack', src: 'watchServiceBack' }, on: { 'PROFILE.RELOAD': 'checking' } },
                checking: {
                  invoke: {
                    id: 'loadProfile',
                    src: 'loadProfile',
                    input: {},
                    onDone: {
                      target: '#session.signedIn.profile.profileReady',
                      actions: [
                        { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
                        { type: 'keepProfile', params: ({ context, event }) => ({ profile: event.output, tokens: heldTokens(context) }) },
                      ],
                    },
                    onError: [
                      {
                        description: 'Refused: signed out as usual.',
                        guard: { type: 'sessionRejected', params: ({ event }) => ({ code: errorCode(event.error) }) },
                        target: '#session.signedOut',
                        actions: SESSION_EXPIRED,
                      },
                      {
                        description: 'Still no answer: wait again.',
                        target: 'waiting',
                        actions: { type: 'assignProfileError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                      },
                    ],
                  },
                },
              },
            },
            profileReady: { tags: 'profileReady' },
            profileFailed: { on: { 'PROFILE.RELOAD': 'loadingProfile' } },
          },
        },
        token: {
          initial: 'valid',
          states: {
            valid: {
              on: { TOKEN_EXPIRED: 'refreshing' },
            },
            refreshing: {
              tags: 'refreshing',
              description: 'One refresh for any number of requests: they wait for this tag to clear.',
              on: {
                TOKEN_EXPIRED: { description: 'Single flight: a refresh is already running.' },
              },
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                input: ({ context }) => ({ tokens: heldTokens(context) }),
                onDone: {
                  target: 'valid',
                  actions: [
                    { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output }) },
                    { type: 'persistTokens', params: ({ event }) => ({ tokens: event.output }) },
                  ],
                },
                onError: [
                  {
                    description:
                      'No answer (offline, time-out, the tab unloading mid-call): the refresh token was not refused, so the session stays; waiting requests fail with their own error and the next one refreshes again.',
                    guard: { type: 'unanswered', params: ({ event }) => ({ code: errorCode(event.error) }) },
                    target: 'valid',
                  },
                  {
                    description: 'core §4: the server refused the refresh: the session ends in every tab.',
                    target: '#session.signedOut',
                    actions: SESSION_EXPIRED,
                  },
                ],
              },
            },
          },
        },
      },
      on: {
        USER_LOCKED: {
          description: 'USER_LOCKED_USING from any call: the account is locked, end at once.',
          target: 'signedOut',
          actions: [
            { type: 'assignEndReason', params: { reason: 'locked' } },
            'forgetSession',
            'clearStoredSession',
            'announceSignOut',
            'goToLogin',
          ],
        },
        LOGOUT: {
          target: 'signingOut',
          actions: { type: 'assignEndReason', params: ({ event }) => ({ reason: event.reason }) },
        },
        WINDOW_FOCUSED: {
          guard: {
            type: 'idleLimitReached',
            params: ({ event }) => ({ now: event.now, lastActive: event.lastActive }),
          },
          target: 'signingOut',
          actions: { type: 'assignEndReason', params: { reason: 'idle' } },
        },
        OTHER_TAB_SIGNED_OUT: {
          description: 'Another tab already told the server and the other tabs; only tidy up here.',
          target: 'signedOut',
          actions: [{ type: 'assignEndReason', params: { reason: 'other-tab' } }, 'forgetSession', 'clearStoredSession', 'goToLogin'],
        },
        OTHER_TAB_TOKENS: {
          description: 'Another tab refreshed: use its tokens (writing the same values raises no storage event).',
          actions: [
            { type: 'assignTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            { type: 'persistTokens', params: ({ event }) => ({ tokens: event.tokens }) },
          ],
        },
      },
    },

    signingOut: {
      tags: 'signingOut',
      description: 'Tells the server; whatever it answers, this browser signs out.',
      invoke: {
        id: 'logoutCall',
        src: 'logoutCall',
        input: ({ context }) => ({ tokens: heldTokens(context) }),
        onDone: {
          target: 'signedOut',
          actions: ['forgetSession', 'clearStoredSession', 'announceSignOut', 'goToLogin'],
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'assignLogoutError', params: ({ event }) => ({ code: errorCode(event.error) }) },
            'forgetSession',
            'clearStoredSession',
            'announceSignOut',
            'goToLogin',
          ],
        },
      },
    },

    signedOut: {
      tags: 'signedOut',
      on: {
        SIGNED_IN: {
          target: 'signedIn',
          actions: [
            'startFresh',
            { type: 'assignTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            { type: 'persistTokens', params: ({ event }) => ({ tokens: event.tokens }) },
          ],
        },
        OTHER_TAB_TOKENS: {
          description: 'Signed in from another tab: follow it.',
          target: 'signedIn',
          actions: [
            'startFresh',
            { type: 'assignTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            { type: 'persistTokens', params: ({ event }) => ({ tokens: event.tokens }) },
          ],
        },
      },
    },
  },
});
