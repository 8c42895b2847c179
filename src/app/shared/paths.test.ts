import { describe, expect, it } from 'vitest';
import { safeReturnPath, SSO_RETURN_PATTERN } from './paths';

describe('safeReturnPath (D12)', () => {
  it('returns to an in-app page with its query', () => {
    expect(safeReturnPath('/tx-card?page=2')).toBe('/tx-card?page=2');
  });
  it.each([
    undefined,
    null,
    42,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil',
    '/login',
    '/reset-password?token=x',
    '/auth-sso-check',
    '/',
  ])('falls back to the dashboard for %j', (from) => {
    expect(safeReturnPath(from)).toBe('/dashboard');
  });
});

describe('SSO return route pattern (core §2)', () => {
  it('matches /auth-…-check only', () => {
    expect(SSO_RETURN_PATTERN.test('/auth-sso-check')).toBe(true);
    expect(SSO_RETURN_PATTERN.test('/auth-keycloak-check')).toBe(true);
    expect(SSO_RETURN_PATTERN.test('/auth-check')).toBe(false);
    expect(SSO_RETURN_PATTERN.test('/x/auth-sso-check')).toBe(false);
  });
});
