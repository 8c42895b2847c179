import type { ServiceError } from './errors';

/**
 * What the http layer needs from "the session" (docs/architecture.md: the http layer never imports
 * the session machine). `src/app/` implements it on the session actor (createSessionAuthPort).
 */
export interface AuthPort {
  /**
   * A token to send now, or null when there is no session. Waits for a refresh in flight, and starts
   * one when the local expiry has passed.
   */
  getAccessToken(): Promise<string | null>;
  /**
   * The server answered 401 TOKEN_EXPIRED for `rejectedToken`. Resolves with the token to retry with
   * once (after the single shared refresh), or null when the session could not be renewed.
   */
  tokenRejected(rejectedToken?: string): Promise<string | null>;
  /** The server answered USER_LOCKED_USING on an authenticated call: the session must end. */
  userLocked(): void;
}

/**
 * How one client obtains and renews the bearer it sends. Portal and checkout use the AuthPort as is;
 * the sale service may use an exchanged secondary token (core §6, decision D9).
 */
export interface TokenSource {
  getToken(): Promise<string | null>;
  /** A request sent with `rejected` got a 401 `error`. Resolve a token to retry once, or null. */
  onRejected(rejected: string, error: ServiceError): Promise<string | null>;
  onUserLocked(): void;
}

export function tokenSourceFromPort(port: AuthPort): TokenSource {
  return {
    getToken: () => port.getAccessToken(),
    // Only an expired token is worth a refresh; AUTHEN_FAIL / TOKEN_INCORRECT would fail again.
    onRejected: (rejected, error) => (error.code === 'TOKEN_EXPIRED' ? port.tokenRejected(rejected) : Promise.resolve(null)),
    onUserLocked: () => port.userLocked(),
  };
}
