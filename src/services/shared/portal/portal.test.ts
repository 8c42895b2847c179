import { describe, expect, it } from 'vitest';
import { fakePortalClient } from '../testing/fake-server';
import { createPortalApi } from '.';

const profile = {
  name: 'Công ty TNHH Cà Phê',
  trademark: null,
  business: 'F&B',
  tax_no: '0101234567',
  address: null,
  phone: null,
  mobile: '0912345678',
  email: 'owner@example.vn',
  website: null,
  merchant_code: 'MC01',
  representative_name: 'Nguyễn Văn A',
  position: null,
  indentification_no: null,
};

function api() {
  const { server, client } = fakePortalClient();
  return { server, portal: createPortalApi(client) };
}

describe('portal calls', () => {
  it('business and wesapToken are authenticated GETs with unwrapped data', async () => {
    const { server, portal } = api();
    server.on('GET', '/api/portal/business', () => ({ body: { data: profile } }));
    server.on('GET', '/api/portal/user/wesap-token', () => ({ body: { data: { token: 'S' } } }));
    await expect(portal.business()).resolves.toEqual(profile);
    await expect(portal.wesapToken()).resolves.toEqual({ token: 'S' });
    expect(server.requests.map((r) => r.authorization)).toEqual(['Bearer T', 'Bearer T']);
  });

  it('a business profile missing merchant_code is INVALID_RESPONSE', async () => {
    const { server, portal } = api();
    const { merchant_code: _omit, ...broken } = profile;
    server.on('GET', '/api/portal/business', () => ({ body: { data: broken } }));
    const error = await portal.business().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect((error as Error).message).toContain('portal.business');
    expect((error as Error).message).toContain('data.merchant_code');
    expect((error as Error).message).not.toContain('0912345678');
  });

  it('forgot and reset password are unauthenticated and resolve void', async () => {
    const { server, portal } = api();
    server.on('POST', '/api/portal/user/forgot-password', () => ({ body: { data: { success: true } } }));
    server.on('PUT', '/api/portal/user/forgot-password', () => ({ body: { data: { success: true } } }));
    await expect(portal.forgotPassword({ email: 'a@b.vn' })).resolves.toBeUndefined();
    await expect(portal.resetPassword({ token: 't', new_password: 'Abcdefg1' })).resolves.toBeUndefined();
    expect(server.requests.map((r) => r.authorization)).toEqual([null, null]);
    expect(server.requests.every((r) => !r.url.includes('?'))).toBe(true);
  });

  it('core §5: the reset link check posts the token in the body (never the query) and validates the answer', async () => {
    const { server, portal } = api();
    server.on('POST', '/api/portal/user/forgot-password/check', () => ({ body: { data: { valid: true } } }));
    await expect(portal.checkResetLink({ token: 'secret-token' })).resolves.toBeUndefined();
    expect(server.requests[0]).toMatchObject({ authorization: null, body: { token: 'secret-token' } });
    expect(server.requests[0]!.url).not.toContain('secret-token');

    server.on('POST', '/api/portal/user/forgot-password/check', () => ({ body: { data: { valid: false } } }));
    await expect(portal.checkResetLink({ token: 't' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    server.on('POST', '/api/portal/user/forgot-password/check', () => ({ status: 410, body: { error_code: 'TOKEN_EXPIRED' } }));
    await expect(portal.checkResetLink({ token: 't' })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', status: 410 });
  });

  it('logout without a refresh token sends an empty body', async () => {
    const { server, portal } = api();
    server.on('POST', '/api/portal/user/logout1', () => ({ body: { data: { success: true } } }));
    await portal.logout({ accessToken: 'SSO', refreshToken: null });
    expect(server.requests[0]).toMatchObject({ authorization: 'Bearer SSO', body: {} });
  });
});
