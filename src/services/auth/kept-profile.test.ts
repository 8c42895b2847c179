import { describe, expect, it } from 'vitest';
import type { StoredTokens, UserInfo } from '../shared/schemas/auth';
import { freshDatabaseName, installFakeIndexedDB } from '../shared/outbox/testing';
import { makeJwt } from '../shared/testing/fake-server';
import { createKeptProfiles, keptUntil, REFRESH_TOKEN_LIFE_MS, tokenOwner } from './kept-profile';

installFakeIndexedDB();

const NOW = 1_700_000_000_000;
const DAY = 24 * 3600 * 1000;

const profile: UserInfo = {
  id: 7,
  username: 'phoco',
  email: 'phoco@example.vn',
  full_name: 'Nguyễn Văn A',
  role: 'Customer',
  account_type: 'business',
  phone: '0912345678',
  merchant_id: 'M7',
  merchant: { tax_no: '0101', name: 'Phở Cồ', ref_id: null, is_fnb: true, saleperson: null },
  sso_registered: false,
};

// A 15-minute access token received at NOW: local expiry NOW + 15 min − 30 s (D5).
const tokensOf = (claims: Record<string, unknown>, over: Partial<StoredTokens> = {}): StoredTokens => ({
  accessToken: makeJwt({ iat: 1000, exp: 1900, ...claims }),
  refreshToken: 'R1',
  expiresAt: NOW + 900_000 - 30_000,
  remember: true,
  method: 'original',
  ...over,
});
const tokens = tokensOf({ sub: '7', merchant_id: 'M7' });

function open(now: { at: number }) {
  return createKeptProfiles({ name: freshDatabaseName(), now: () => now.at });
}

describe('kept profile (D367, D368)', () => {
  it('names the owner from the access token, or none', () => {
    expect(tokenOwner(tokens.accessToken)).toBe('M7:7');
    expect(tokenOwner(makeJwt({ exp: 1 }))).toBeNull();
    expect(tokenOwner('not-a-jwt')).toBeNull();
  });

  it("lasts the refresh token's life counted from when the pair arrived; the access token's without one", () => {
    expect(keptUntil(tokens, NOW + DAY)).toBe(NOW + REFRESH_TOKEN_LIFE_MS);
    expect(keptUntil({ ...tokens, refreshToken: null }, NOW)).toBe(tokens.expiresAt);
  });

  it('reads back the profile of the same user only, through its schema', async () => {
    const clock = { at: NOW };
    const kept = open(clock);
    await kept.keep(profile, tokens);
    expect(await kept.read(tokens)).toEqual(profile);
    expect(await kept.read(tokensOf({ sub: '8', merchant_id: 'M7' }))).toBeNull();
    expect(await kept.read(tokensOf({ sub: '7', merchant_id: 'M8' }))).toBeNull();
  });

  it('keeps a till only, and never a profile the token does not name', async () => {
    const kept = open({ at: NOW });
    await kept.keep({ ...profile, merchant: { ...profile.merchant, is_fnb: false } }, tokens);
    expect(await kept.read(tokens)).toBeNull();
    await kept.keep({ ...profile, id: 8 }, tokens);
    expect(await kept.read(tokensOf({ sub: '8', merchant_id: 'M7' }))).toBeNull();
  });

  it('forgets a till that stopped being one', async () => {
    const kept = open({ at: NOW });
    await kept.keep(profile, tokens);
    await kept.keep({ ...profile, merchant: { ...profile.merchant, is_fnb: false } }, tokens);
    expect(await kept.read(tokens)).toBeNull();
  });

  it("never outlives the refresh token's life", async () => {
    const clock = { at: NOW };
    const kept = open(clock);
    await kept.keep(profile, tokens);
    clock.at = NOW + REFRESH_TOKEN_LIFE_MS - 1;
    expect(await kept.read(tokens)).toEqual(profile);
    clock.at = NOW + REFRESH_TOKEN_LIFE_MS;
    expect(await kept.read(tokens)).toBeNull();
  });

  it('is cleared at sign-out', async () => {
    const kept = open({ at: NOW });
    await kept.keep(profile, tokens);
    await kept.clear();
    expect(await kept.read(tokens)).toBeNull();
  });
});
