// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokenPairSchema, userInfoSchema } from '../../platform/test/portal-schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.clock.reset());

const refresh = (refresh_token: string, access_token?: string) =>
  t.api('POST', '/api/portal/user/refresh-token', { body: { refresh_token, access_token } });

describe('authenticated calls', () => {
  it('GET /user/info parses with userInfoSchema and carries the merchant session (business, F&B)', async () => {
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    const res = await t.api('GET', '/api/portal/user/info', { token: access_token });
    expect(res.status).toBe(200);
    const info = userInfoSchema.parse(res.body.data);
    expect(info).toMatchObject({
      username: 'phoco',
      email: 'owner@phoco.example.vn',
      role: 'Customer',
      account_type: 'business',
      merchant_id: '10000001',
      sso_registered: false,
      merchant: { name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ', is_fnb: true, saleperson: { name: 'Trần Thu Hà', phone: '0987654321' } },
    });
  });

  it('core §8: the userInfo fault makes GET /user/info answer 500 for that username only, until disarmed', async () => {
    const user = await t.makeUser();
    const { access_token } = await t.login(user.username, user.password);
    const phoco = await t.login('phoco', 'Phoco@2026');
    const arm = (failing: boolean) => t.api('POST', '/sandbox/faults', { body: { userInfo: { username: user.username, failing } } });
    try {
      expect((await arm(true)).body.userInfoFailing).toContain(user.username);
      const failed = await t.api('GET', '/api/portal/user/info', { token: access_token });
      expect(failed.status).toBe(500);
      expect(failed.body.error_code).toBe('UNKNOWN_ERROR');
      // Still armed for a second try; another sign-in is untouched.
      expect((await t.api('GET', '/api/portal/user/info', { token: access_token })).status).toBe(500);
      expect((await t.api('GET', '/api/portal/user/info', { token: phoco.access_token })).status).toBe(200);
    } finally {
      await arm(false);
    }
    expect((await t.api('GET', '/api/portal/user/info', { token: access_token })).status).toBe(200);
    expect((await t.api('POST', '/sandbox/faults', { body: { userInfo: { username: '' } } })).status).toBe(400);
  });

  it('GET /user/info for staff and for the personal retail merchant', async () => {
    const staff = await t.login('phoco.staff', 'Staff@2026');
    const s = userInfoSchema.parse((await t.api('GET', '/api/portal/user/info', { token: staff.access_token })).body.data);
    expect(s).toMatchObject({ role: 'Staff', email: 'staff@phoco.example.vn', merchant_id: '10000001' });
    const colan = await t.login('colan', 'Colan@2026');
    const c = userInfoSchema.parse((await t.api('GET', '/api/portal/user/info', { token: colan.access_token })).body.data);
    expect(c).toMatchObject({ account_type: 'personal', merchant: { name: 'Tạp hoá Cô Lan', is_fnb: false } });
    expect(c.merchant.saleperson?.name).toBeTruthy();
  });

  it('401 AUTHEN_FAIL without a token, with a malformed one and with a forged one', async () => {
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    const forged = access_token.slice(0, -4) + (access_token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of [undefined, 'not-a-jwt', forged]) {
      const res = await t.api('GET', '/api/portal/user/info', { token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error_code: 'AUTHEN_FAIL' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('401 TOKEN_EXPIRED once the access token outlives 15 minutes of sandbox time', async () => {
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    t.sandbox.clock.advance(14 * 60);
    expect((await t.api('GET', '/api/portal/user/info', { token: access_token })).status).toBe(200);
    t.sandbox.clock.advance(61);
    const res = await t.api('GET', '/api/portal/user/info', { token: access_token });
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe('TOKEN_EXPIRED');
  });

  it('checkout and sale pings need a token; the sale service also takes the wesap token, the portal does not', async () => {
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    expect((await t.api('GET', '/api/checkout/ping')).body.error_code).toBe('AUTHEN_FAIL');
    expect((await t.api('GET', '/api/checkout/ping', { token: access_token })).body.data.merchant_id).toBe('10000001');
    expect((await t.api('GET', '/api/sale/ping', { token: access_token })).status).toBe(200);
    const wesap = (await t.api('GET', '/api/portal/user/wesap-token', { token: access_token })).body.data.token as string;
    expect(wesap).toBeTruthy();
    expect((await t.api('GET', '/api/sale/ping', { token: wesap })).status).toBe(200);
    expect((await t.api('GET', '/api/portal/user/info', { token: wesap })).status).toBe(401);
    expect((await t.api('GET', '/api/checkout/ping', { token: wesap })).status).toBe(401);
  });
});

describe('POST /user/refresh-token', () => {
  it('rotates: a new pair, the old refresh token retired', async () => {
    const first = await t.login('phoco', 'Phoco@2026');
    const res = await refresh(first.refresh_token, first.access_token);
    expect(res.status).toBe(200);
    const second = tokenPairSchema.parse(res.body.data);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.api('GET', '/api/portal/user/info', { token: second.access_token })).status).toBe(200);
    // Next rotation from the new token works too.
    expect((await refresh(second.refresh_token, second.access_token)).status).toBe(200);
  });

  it('gives the same successor pair to a repeat within 10 s (two tabs), then refuses it', async () => {
    const first = await t.login('phoco', 'Phoco@2026');
    const [a, b] = await Promise.all([refresh(first.refresh_token, first.access_token), refresh(first.refresh_token, first.access_token)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    t.sandbox.clock.advance(9);
    expect((await refresh(first.refresh_token)).body.data).toEqual(a.body.data);
    t.sandbox.clock.advance(2);
    const late = await refresh(first.refresh_token);
    expect(late.status).toBe(401);
    expect(late.body.error_code).toBe('TOKEN_INCORRECT');
    // A replay after the grace looks like theft: the whole session ends.
    expect((await refresh(a.body.data.refresh_token)).body.error_code).toBe('TOKEN_INCORRECT');
    expect((await t.api('GET', '/api/portal/user/info', { token: a.body.data.access_token })).status).toBe(401);
  });

  it('refreshes an expired access token', async () => {
    const first = await t.login('phoco', 'Phoco@2026');
    t.sandbox.clock.advance(16 * 60);
    const res = await refresh(first.refresh_token, first.access_token);
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/api/portal/user/info', { token: res.body.data.access_token })).status).toBe(200);
  });

  it('401 TOKEN_INCORRECT for an unknown token or an access token of another user; TOKEN_EXPIRED after 7 days', async () => {
    const phoco = await t.login('phoco', 'Phoco@2026');
    const colan = await t.login('colan', 'Colan@2026');
    expect((await refresh('nope')).body.error_code).toBe('TOKEN_INCORRECT');
    expect((await refresh(phoco.refresh_token, colan.access_token)).body.error_code).toBe('TOKEN_INCORRECT');
    expect((await t.api('POST', '/api/portal/user/refresh-token', { body: {} })).body.error_code).toBe('REQUIRED');
    t.sandbox.clock.advance(7 * 24 * 3600 + 1);
    const res = await refresh(phoco.refresh_token, phoco.access_token);
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe('TOKEN_EXPIRED');
  });
});

describe('POST /user/logout1', () => {
  it('ends the session: its access and refresh tokens stop working, other sessions go on', async () => {
    const one = await t.login('phoco', 'Phoco@2026');
    const two = await t.login('phoco', 'Phoco@2026');
    const res = await t.api('POST', '/api/portal/user/logout1', { token: one.access_token, body: { refresh_token: one.refresh_token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect((await t.api('GET', '/api/portal/user/info', { token: one.access_token })).body.error_code).toBe('AUTHEN_FAIL');
    expect((await refresh(one.refresh_token)).body.error_code).toBe('TOKEN_INCORRECT');
    expect((await t.api('GET', '/api/portal/user/info', { token: two.access_token })).status).toBe(200);
  });

  it('still signs out with an expired access token when the refresh token is given', async () => {
    const one = await t.login('phoco', 'Phoco@2026');
    t.sandbox.clock.advance(16 * 60);
    const res = await t.api('POST', '/api/portal/user/logout1', { token: one.access_token, body: { refresh_token: one.refresh_token } });
    expect(res.status).toBe(200);
    expect((await refresh(one.refresh_token)).body.error_code).toBe('TOKEN_INCORRECT');
  });
});

describe('envelope', () => {
  it('unknown /api routes and malformed JSON keep the error envelope and no-store', async () => {
    const missing = await t.api('GET', '/api/portal/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error_code: 'NOT_FOUND', data: {} });
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const res = await fetch(`${t.url}/api/portal/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error_code: 'BAD_REQUEST' });
  });
});
