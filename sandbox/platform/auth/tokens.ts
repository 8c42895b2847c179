import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { SandboxClock } from '../clock';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { findUserById, isLocked } from './users';

export const REFRESH_TTL_MS = 7 * 24 * 3600 * 1000;
/** Two tabs refreshing at once both present the same token; the later one gets the same new pair. */
export const ROTATION_GRACE_MS = 10_000;

export type TokenKind = 'access' | 'wesap';

export interface TokenClaims {
  sub: string;
  merchant_id: string;
  sid: string;
  typ: TokenKind;
  iat: number;
  exp: number;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface TokenService {
  startSession(user: { id: number; merchant_id: string }): Promise<TokenPair>;
  /** The SSO stand-in hands over only an access token (in a URL fragment), as the identity provider does. */
  startAccessOnlySession(user: { id: number; merchant_id: string }): Promise<string>;
  rotate(refreshToken: string, accessToken: string | undefined): Promise<TokenPair>;
  /** Throws 401 AUTHEN_FAIL / TOKEN_EXPIRED. Does not look at the database. */
  verify(token: string, accept: readonly TokenKind[]): Promise<TokenClaims>;
  signWesap(claims: TokenClaims): Promise<string>;
  revokeSession(sessionId: string): Promise<void>;
  revokeUserSessions(userId: number): Promise<void>;
  /** Ends the session a refresh token belongs to; false when the token is unknown. */
  revokeByRefreshToken(refreshToken: string): Promise<boolean>;
  isSessionActive(sessionId: string): Promise<boolean>;
  /**
   * Told after a session (or every session of a user) ended: sign-out, password reset, a refresh
   * refused for reuse. The realtime server cuts those sockets at once.
   */
  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void;
}

export type SessionsEnded = { sessionId: string } | { userId: number };

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

interface TokenDeps {
  db: Database;
  clock: SandboxClock;
  secret: Uint8Array;
  accessTtlSeconds: number;
}

type TokenKit = ReturnType<typeof tokenKit>;

/** Signing and checking tokens, and storing sessions and refresh tokens (hashes only). */
function tokenKit(deps: TokenDeps) {
  const { db, clock, secret, accessTtlSeconds } = deps;
  // Deterministic in its inputs, so re-signing with the same iat yields the very same string; that is
  // what lets the rotation grace hand out the same successor pair without storing tokens.
  const sign = (typ: TokenKind, userId: number, merchantId: string, sid: string, iat: number) =>
    new SignJWT({ merchant_id: merchantId, sid, typ })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + accessTtlSeconds)
      .sign(secret);

  // The successor of a refresh token is derived from it, so a repeat within the grace gets it again
  // while the database only ever holds hashes.
  const successorOf = (token: string) => createHmac('sha256', secret).update(`rotate:${token}`).digest('base64url');

  async function storeRefresh(token: string, sessionId: string) {
    const now = clock.now();
    await db.query(
      `INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (token_hash) DO NOTHING`,
      [sha256(token), sessionId, now, now + REFRESH_TTL_MS],
    );
  }

  async function newSession(userId: number): Promise<string> {
    const sessionId = randomBytes(16).toString('base64url');
    await db.query(`INSERT INTO sessions (id, user_id, created_at) VALUES ($1, $2, $3)`, [sessionId, userId, clock.now()]);
    return sessionId;
  }

  async function verify(token: string, accept: readonly TokenKind[]): Promise<TokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(clock.now()) }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, 'TOKEN_EXPIRED', 'Access token expired');
      throw new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');
    }
    const claims = payload as Partial<TokenClaims>;
    if (!claims.sub || !claims.merchant_id || !claims.sid || !claims.typ || !accept.includes(claims.typ)) {
      throw new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');
    }
    return claims as TokenClaims;
  }

  /** Signature check of the access token sent with a refresh, expired or not. */
  async function subjectOf(accessToken: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(accessToken, secret, { algorithms: ['HS256'], currentDate: new Date(0) });
      return payload.sub;
    } catch {
      return undefined;
    }
  }

  return { sign, successorOf, storeRefresh, newSession, verify, subjectOf };
}

/**
 * A refresh token traded for a new pair: the successor is derived from it, so a repeat within
 * ROTATION_GRACE_MS gets the same pair again; a rotated token presented after the grace was copied and
 * ends its whole session.
 */
async function rotate(
  deps: TokenDeps,
  kit: TokenKit,
  ended: (what: SessionsEnded) => void,
  refreshToken: string,
  accessToken: string | undefined,
): Promise<TokenPair> {
  const { db, clock } = deps;
  const { sign, successorOf, storeRefresh, subjectOf } = kit;
  const incorrect = () => new ApiError(401, 'TOKEN_INCORRECT', 'Refresh token is not valid');
  const [row] = await db.query<{
    session_id: string;
    expires_at: number;
    rotated_at: number | null;
    successor_access_iat: number | null;
    user_id: number;
    revoked_at: number | null;
  }>(
    `SELECT rt.session_id, rt.expires_at, rt.rotated_at, rt.successor_access_iat, s.user_id, s.revoked_at
   FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id WHERE rt.token_hash = $1`,
    [sha256(refreshToken)],
  );
  if (!row || row.revoked_at !== null) throw incorrect();
  if (accessToken && (await subjectOf(accessToken)) !== String(row.user_id)) throw incorrect();
  const now = clock.now();
  if (row.expires_at <= now) throw new ApiError(401, 'TOKEN_EXPIRED', 'Refresh token expired');
  const user = await findUserById(db, row.user_id);
  if (!user) throw incorrect();
  if (isLocked(user, now)) {
    throw new ApiError(403, 'USER_LOCKED_USING', 'User is locked', { locked_until: Math.floor(user.locked_until! / 1000) });
  }

  let rotatedAt = row.rotated_at;
  let iat = row.successor_access_iat;
  if (rotatedAt === null) {
    const claimed = await db.query<{ rotated_at: number; successor_access_iat: number }>(
      `UPDATE refresh_tokens SET rotated_at = $2, successor_access_iat = $3
     WHERE token_hash = $1 AND rotated_at IS NULL RETURNING rotated_at, successor_access_iat`,
      [sha256(refreshToken), now, clock.nowSeconds()],
    );
    if (claimed[0]) {
      const successor = successorOf(refreshToken);
      await storeRefresh(successor, row.session_id);
      return {
        access_token: await sign('access', user.id, user.merchant_id, row.session_id, claimed[0].successor_access_iat),
        refresh_token: successor,
      };
    }
    // Another request rotated it between our read and our update: answer as a repeat.
    const [again] = await db.query<{ rotated_at: number; successor_access_iat: number }>(
      `SELECT rotated_at, successor_access_iat FROM refresh_tokens WHERE token_hash = $1`,
      [sha256(refreshToken)],
    );
    rotatedAt = again?.rotated_at ?? null;
    iat = again?.successor_access_iat ?? null;
  }
  if (rotatedAt !== null && iat !== null && now - rotatedAt <= ROTATION_GRACE_MS) {
    return {
      access_token: await sign('access', user.id, user.merchant_id, row.session_id, iat),
      refresh_token: successorOf(refreshToken),
    };
  }
  // A rotated token presented after the grace means it was copied: end the whole session.
  await db.query(`UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, [row.session_id, now]);
  ended({ sessionId: row.session_id });
  throw incorrect();
}

export function createTokenService(deps: TokenDeps): TokenService {
  const { db, clock } = deps;
  const kit = tokenKit(deps);
  const { sign, storeRefresh, newSession, verify } = kit;
  const endedListeners = new Set<(ended: SessionsEnded) => void>();
  const ended = (what: SessionsEnded) => {
    for (const listener of endedListeners) listener(what);
  };

  return {
    async startSession(user) {
      const sessionId = await newSession(user.id);
      const refresh = randomBytes(32).toString('base64url');
      await storeRefresh(refresh, sessionId);
      return { access_token: await sign('access', user.id, user.merchant_id, sessionId, clock.nowSeconds()), refresh_token: refresh };
    },

    async startAccessOnlySession(user) {
      const sessionId = await newSession(user.id);
      return sign('access', user.id, user.merchant_id, sessionId, clock.nowSeconds());
    },

    rotate: (refreshToken, accessToken) => rotate(deps, kit, ended, refreshToken, accessToken),

    verify,

    signWesap: (claims) => sign('wesap', Number(claims.sub), claims.merchant_id, claims.sid, clock.nowSeconds()),

    async revokeSession(sessionId) {
      await db.query(`UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, [sessionId, clock.now()]);
      ended({ sessionId });
    },

    async revokeUserSessions(userId) {
      await db.query(`UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, clock.now()]);
      ended({ userId });
    },

    async revokeByRefreshToken(refreshToken) {
      const [row] = await db.query<{ session_id: string }>(`SELECT session_id FROM refresh_tokens WHERE token_hash = $1`, [
        sha256(refreshToken),
      ]);
      if (!row) return false;
      await db.query(`UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, [row.session_id, clock.now()]);
      ended({ sessionId: row.session_id });
      return true;
    },

    async isSessionActive(sessionId) {
      const [row] = await db.query<{ revoked_at: number | null }>(`SELECT revoked_at FROM sessions WHERE id = $1`, [sessionId]);
      return row !== undefined && row.revoked_at === null;
    },

    onSessionsEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
  };
}
