import type { StoredTokens, UserInfo } from '../../services/shared/schemas/auth';

/** The session machine's types and fixed rules (session.machine.ts), kept apart to keep it readable. */

export type LogoutReason = 'user' | 'idle' | 'login-page';
/** Why the last session ended, so the login screen can say so (e.g. "signed out after 30 minutes idle"). */
export type SessionEndReason = LogoutReason | 'expired' | 'locked' | 'other-tab';

export type SessionEvent =
  | { type: 'SIGNED_IN'; tokens: StoredTokens }
  | { type: 'TOKEN_EXPIRED' }
  | { type: 'USER_LOCKED' }
  | { type: 'LOGOUT'; reason: LogoutReason }
  | { type: 'WINDOW_FOCUSED'; now: number; lastActive: number }
  | { type: 'OTHER_TAB_SIGNED_OUT' }
  | { type: 'OTHER_TAB_TOKENS'; tokens: StoredTokens }
  | { type: 'PROFILE.RELOAD' };

export interface SessionContext {
  tokens: StoredTokens | null;
  profile: UserInfo | null;
  /** Error code of the last failed profile load; the shell offers PROFILE.RELOAD. */
  profileError: string | null;
  /**
   * True while `profile` is the one kept from the last sign-in (D367): the profile call got no answer
   * at start-up, so the till opens offline; the real one is read once the service answers again.
   */
  profileKept: boolean;
  endReason: SessionEndReason | null;
  /** A failed logout call is only recorded (core §4): the browser signs out regardless. */
  lastLogoutError: string | null;
  /** Set when the cross-tab watcher dies; this tab then carries on alone. */
  tabSyncError: string | null;
  idleLimitMs: number;
}

export interface SessionInput {
  idleLimitMs?: number;
}

export const DEFAULT_IDLE_LIMIT_MS = 30 * 60 * 1000;

export type SessionTag =
  'restoring' | 'signedOut' | 'signedIn' | 'refreshing' | 'profileReady' | 'profilePending' | 'profileKept' | 'signingOut';

/** Server answers meaning the session itself is no longer accepted (as opposed to a passing fault). */
export const SESSION_REJECTED_CODES = new Set(['AUTHEN_FAIL', 'TOKEN_EXPIRED']);
// No answer reached the tab (offline, time-out, or the tab itself unloading mid-call): the server has
// not refused the refresh token, so the session is kept and the next request tries again.
export const UNREACHABLE_CODES = new Set(['NETWORK_ERROR', 'TIMEOUT']);

export function heldTokens(context: SessionContext): StoredTokens {
  // Every state that calls the server with the session is entered only after tokens were assigned.
  if (!context.tokens) throw new Error('session invariant: signed-in states hold tokens');
  return context.tokens;
}
