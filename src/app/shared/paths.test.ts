import { describe, expect, it } from 'vitest';
import { safeReturnPath, sessionEndTarget, SSO_RETURN_PATTERN } from './paths';

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

describe('sessionEndTarget (D12, D142)', () => {
  it('goes to /login remembering the page after an idle or expired end, without it after a sign-out', () => {
    expect(sessionEndTarget('/tx-card', '?page=2', 'idle', '/login')).toEqual({ to: '/login', state: { from: '/tx-card?page=2' } });
    expect(sessionEndTarget('/tx-card', '', 'user', '/login')).toEqual({ to: '/login', state: {} });
  });
  it('stays on /login, and a customer display stays on its page', () => {
    expect(sessionEndTarget('/login', '', 'idle', '/login')).toBeNull();
    for (const page of ['/ecr-slide', '/ecr-order-info', '/ecr-success-payment'])
      expect(sessionEndTarget(page, '', 'expired', '/login')).toBeNull();
  });
});
