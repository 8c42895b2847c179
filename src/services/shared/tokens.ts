import { z } from '../../config/zod-mini';
import { ServiceError } from '../http/errors';
import type { LoginMethod, StoredTokens, TokenPair } from './schemas/auth';

/** Local expiry is this much before the token's own lifetime runs out (decision D5). */
export const EXPIRY_MARGIN_MS = 30_000;

const jwtPayloadSchema = z.looseObject({
  exp: z.number(),
  iat: z.optional(z.number()),
});
export type JwtTimes = z.infer<typeof jwtPayloadSchema>;

function malformed(what: string): ServiceError {
  // The token itself is never put in the message.
  return new ServiceError({ code: 'INVALID_RESPONSE', status: 200, kind: 'invalid-response', message: `access token: ${what}` });
}

function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw malformed('payload is not base64url');
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads a JWT's payload without verifying it: the client only needs exp/iat to plan a refresh; the
 * server is the one that trusts or rejects the token.
 */
export function decodeJwtPayload(token: string): JwtTimes {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw malformed('not a JWT');
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(parts[1]));
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw malformed('payload is not JSON');
  }
  const parsed = jwtPayloadSchema.safeParse(json);
  if (!parsed.success) throw malformed('payload lacks a numeric exp');
  return parsed.data;
}

/**
 * Local expiry in ms: receivedAt + (exp − iat)·1000 − margin, so the browser's clock never has to
 * agree with the server's. For short-lived tokens (tests set short TTLs) the margin is capped at half
 * the lifetime, or every token would look expired on arrival and each request would refresh.
 */
export function localExpiry(times: JwtTimes, receivedAt: number): number {
  const lifetimeMs = times.iat !== undefined ? (times.exp - times.iat) * 1000 : times.exp * 1000 - receivedAt;
  if (lifetimeMs <= 0) return receivedAt;
  return receivedAt + lifetimeMs - Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2);
}

export interface TokenContext {
  remember: boolean;
  method: LoginMethod;
  receivedAt: number;
}

export function storedTokensFromPair(pair: TokenPair, context: TokenContext): StoredTokens {
  return {
    accessToken: pair.access_token,
    refreshToken: pair.refresh_token,
    expiresAt: localExpiry(decodeJwtPayload(pair.access_token), context.receivedAt),
    remember: context.remember,
    method: context.method,
  };
}

/** A session from an access token alone (single-sign-on return route, decision D7). */
export function storedTokensFromAccessToken(accessToken: string, context: TokenContext): StoredTokens {
  return {
    accessToken,
    refreshToken: null,
    expiresAt: localExpiry(decodeJwtPayload(accessToken), context.receivedAt),
    remember: context.remember,
    method: context.method,
  };
}

export function isLocallyExpired(tokens: Pick<StoredTokens, 'expiresAt'>, now: number): boolean {
  return now >= tokens.expiresAt;
}
