import { describe, expect, it } from 'vitest';
import { ServiceError } from '../http/errors';
import { makeJwt } from './testing/fake-server';
import {
  decodeJwtPayload,
  EXPIRY_MARGIN_MS,
  isLocallyExpired,
  localExpiry,
  storedTokensFromAccessToken,
  storedTokensFromPair,
} from './tokens';

const received = 5_000_000;

describe('decodeJwtPayload', () => {
  it('reads exp and iat (base64url, unicode claims)', () => {
    const token = makeJwt({ sub: 'Nguyễn Văn Ä ?>?', iat: 100, exp: 1000 });
    expect(decodeJwtPayload(token)).toMatchObject({ iat: 100, exp: 1000 });
  });

  const malformed: Array<[string, string]> = [
    ['empty', ''],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['not base64url', 'a.###.c'],
    ['not JSON', `a.${btoa('hello').replace(/=/g, '')}.c`],
    ['JSON but not an object', `a.${btoa('42').replace(/=/g, '')}.c`],
    ['no exp', makeJwt({ iat: 1 })],
    ['exp as string', makeJwt({ exp: '1000' })],
    ['invalid utf-8', `a.${btoa('\xff\xfe{').replace(/=/g, '')}.c`],
  ];
  it.each(malformed)('%s → INVALID_RESPONSE without echoing the token', (_label, token) => {
    try {
      decodeJwtPayload(token);
      throw new Error('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('INVALID_RESPONSE');
      expect((error as ServiceError).kind).toBe('invalid-response');
      if (token.length > 3) expect((error as ServiceError).message).not.toContain(token);
    }
  });
});

describe('local expiry (decision D5)', () => {
  it('counts the lifetime from receipt, less 30 s, whatever the server clock says', () => {
    // exp/iat far in the past: a skewed clock must not make the token look expired.
    expect(localExpiry({ iat: 10, exp: 910 }, received)).toBe(received + 900_000 - EXPIRY_MARGIN_MS);
  });

  it('caps the margin at half a short lifetime', () => {
    expect(localExpiry({ iat: 0, exp: 20 }, received)).toBe(received + 10_000);
  });

  it('without iat falls back to the local clock', () => {
    expect(localExpiry({ exp: received / 1000 + 600 }, received)).toBe(received + 600_000 - EXPIRY_MARGIN_MS);
  });

  it('a non-positive lifetime is expired on arrival', () => {
    expect(localExpiry({ iat: 100, exp: 50 }, received)).toBe(received);
  });

  it('builds StoredTokens from a pair and from an access token alone', () => {
    const access = makeJwt({ iat: 1, exp: 901 });
    expect(
      storedTokensFromPair({ access_token: access, refresh_token: 'R' }, { remember: true, method: 'original', receivedAt: received }),
    ).toEqual({
      accessToken: access,
      refreshToken: 'R',
      expiresAt: received + 870_000,
      remember: true,
      method: 'original',
    });
    expect(storedTokensFromAccessToken(access, { remember: false, method: 'keycloak', receivedAt: received }).refreshToken).toBeNull();
    expect(() =>
      storedTokensFromPair({ access_token: 'opaque', refresh_token: 'R' }, { remember: true, method: 'original', receivedAt: 0 }),
    ).toThrow(ServiceError);
  });

  it('isLocallyExpired', () => {
    expect(isLocallyExpired({ expiresAt: 10 }, 9)).toBe(false);
    expect(isLocallyExpired({ expiresAt: 10 }, 10)).toBe(true);
  });
});
