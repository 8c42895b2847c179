import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { ServiceError } from '../http/errors';
import type { PortalApi } from '../shared/portal';
import type { StoredTokens, UserInfo } from '../shared/schemas/auth';
import { watchOtherTabs as watchStorage, type AppStorage } from '../shared/storage';
import { storedTokensFromPair } from '../shared/tokens';
import type { KeptProfiles } from './kept-profile';

/**
 * Implementations of the actors and actions named in docs/architecture.md ("Actor and action
 * signatures"). Machines declare them by the same names; src/app/ passes these to `provide`.
 */
export interface AuthActorDeps {
  portal: PortalApi;
  storage: AppStorage;
  now?: () => number;
  /** Where cross-tab 'storage' events arrive; window by default. */
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The till's kept profile for reopening offline (D367); without it nothing is kept. */
  keptProfiles?: KeptProfiles;
}

export type OtherTabEvent = { type: 'OTHER_TAB_SIGNED_OUT' } | { type: 'OTHER_TAB_TOKENS'; tokens: StoredTokens };

export function createAuthActors(deps: AuthActorDeps) {
  const now = deps.now ?? Date.now;

  return {
    restoreSession: fromPromise<StoredTokens | null>(async () => deps.storage.readTokens()),

    loadProfile: fromPromise<UserInfo, { tokens?: StoredTokens } | undefined>(async ({ input }) =>
      deps.portal.userInfo(input?.tokens ? { token: input.tokens.accessToken } : true),
    ),

    readKeptProfile: fromPromise<UserInfo | null, { tokens: StoredTokens }>(async ({ input }) =>
      deps.keptProfiles ? deps.keptProfiles.read(input.tokens) : null,
    ),

    refreshTokens: fromPromise<StoredTokens, { tokens: StoredTokens }>(async ({ input }) => {
      const { tokens } = input;
      if (!tokens.refreshToken) {
        // A single-sign-on session has no refresh token (decision D7): it simply expires.
        throw new ServiceError({ code: 'TOKEN_EXPIRED', status: 401, kind: 'server', message: 'refreshTokens: no refresh token' });
      }
      const pair = await deps.portal.refreshToken({ refresh_token: tokens.refreshToken, access_token: tokens.accessToken });
      return storedTokensFromPair(pair, { remember: tokens.remember, method: tokens.method, receivedAt: now() });
    }),

    logoutCall: fromPromise<void, { tokens: StoredTokens }>(async ({ input }) => {
      await deps.portal.logout(input.tokens);
    }),

    watchOtherTabs: fromCallback<EventObject>(({ sendBack }) =>
      watchStorage(
        {
          onSignedOut: () => sendBack({ type: 'OTHER_TAB_SIGNED_OUT' } satisfies OtherTabEvent),
          onTokens: (tokens) => sendBack({ type: 'OTHER_TAB_TOKENS', tokens } satisfies OtherTabEvent),
        },
        { storage: deps.storage, ...(deps.eventTarget ? { target: deps.eventTarget } : {}) },
      ),
    ),

    login: fromPromise<StoredTokens, { username: string; password: string; remember: boolean }>(async ({ input }) => {
      const pair = await deps.portal.login({ username: input.username, password: input.password });
      return storedTokensFromPair(pair, { remember: input.remember, method: 'original', receivedAt: now() });
    }),

    requestPasswordReset: fromPromise<void, { email: string }>(async ({ input }) => {
      await deps.portal.forgotPassword({ email: input.email });
    }),

    // The answer's shape is checked by the call's zod schema; a dead link rejects with its code.
    checkResetLink: fromPromise<void, { token: string }>(async ({ input, signal }) => {
      await deps.portal.checkResetLink({ token: input.token }, signal);
    }),

    resetPassword: fromPromise<void, { token: string; newPassword: string }>(async ({ input }) => {
      await deps.portal.resetPassword({ token: input.token, new_password: input.newPassword });
    }),
  };
}

export type AuthActors = ReturnType<typeof createAuthActors>;

export interface SessionActionDeps {
  storage: AppStorage;
  now?: () => number;
  /** Extra sign-out clean-up, e.g. HttpClients.resetExchangedToken. */
  onSessionCleared?: () => void;
  /** The till's kept profile (D367): kept at each profile read, deleted at every sign-out. */
  keptProfiles?: KeptProfiles;
}

/** The session machine's storage actions; goToLogin / redirectToSso are the router's (src/app/). */
export function createSessionActions(deps: SessionActionDeps) {
  const now = deps.now ?? Date.now;
  return {
    persistTokens: (_: unknown, params: { tokens: StoredTokens }) => {
      deps.storage.writeTokens(params.tokens);
    },
    clearStoredSession: () => {
      deps.storage.clearTokens();
      // Fire and forget: a store that cannot be opened holds nothing to delete.
      deps.keptProfiles?.clear().catch(() => undefined);
      deps.onSessionCleared?.();
    },
    keepProfile: (_: unknown, params: { profile: UserInfo; tokens: StoredTokens }) => {
      deps.keptProfiles?.keep(params.profile, params.tokens).catch(() => undefined);
    },
    announceSignOut: () => {
      deps.storage.writeSessionEnded(now());
    },
  };
}

export type SessionActions = ReturnType<typeof createSessionActions>;
