// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../test/portal-schemas';
import { startTestSandbox, type TestSandbox } from '../test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ features: { unifiedLogin: true } });
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.clock.reset());

describe('clock', () => {
  it('GET shows now in unix ms; advance moves it; reset returns to real time', async () => {
    const before = (await t.api('GET', '/sandbox/clock')).body;
    expect(Math.abs(before.now - Date.now())).toBeLessThan(5000);
    const advanced = await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 86400 } });
    expect(advanced.body.now - Date.now()).toBeGreaterThan(86400_000 - 5000);
    expect(advanced.body.offset_seconds).toBe(86400);
    const reset = await t.api('POST', '/sandbox/clock/reset', { body: {} });
    expect(reset.body.offset_seconds).toBe(0);
    expect((await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 'x' } })).status).toBe(400);
  });
});

describe('mailbox page', () => {
  it('escapes every mail field and makes the reset link clickable', async () => {
    const user = await t.makeUser({ full_name: '<script>alert(1)</script> Ánh & "Co"' });
    await t.api('POST', '/api/portal/user/forgot-password', { body: { email: user.email } });
    const res = await t.api('GET', '/sandbox/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ánh &amp; &quot;Co&quot;');
    expect(res.body).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/portal\/reset-password\?token=[\w-]+">/);
  });

  it('messages?to= lists newest first and matches the address in any case', async () => {
    const user = await t.makeUser();
    await t.api('POST', '/api/portal/user/forgot-password', { body: { email: user.email } });
    t.sandbox.clock.advance(5);
    await t.api('POST', '/api/portal/user/forgot-password', { body: { email: user.email } });
    const list = (await t.api('GET', `/sandbox/mailbox/messages?to=${encodeURIComponent(user.email.toUpperCase())}`)).body;
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]).sort()).toEqual(['id', 'links', 'sent_at', 'subject', 'text', 'to']);
    expect(list[0].id).toBeGreaterThan(list[1].id);
  });
});

describe('users and reset', () => {
  it('POST /sandbox/users makes a sign-in on a seeded merchant; duplicates answer 409', async () => {
    const body = { username: 'temp.user', password: 'Temp@2026', email: 'temp.user@example.vn', merchant: 'colan' };
    const made = await t.api('POST', '/sandbox/users', { body });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ username: 'temp.user', merchant_id: '10000002' });
    const { access_token } = await t.login('temp.user', 'Temp@2026');
    const info = userInfoSchema.parse((await t.api('GET', '/api/portal/user/info', { token: access_token })).body.data);
    expect(info.merchant.name).toBe('Tạp hoá Cô Lan');
    expect((await t.api('POST', '/sandbox/users', { body })).status).toBe(409);
    expect((await t.api('POST', '/sandbox/users', { body: { ...body, username: 'x2', email: 'x2@e.vn', merchant: 'nope' } })).status).toBe(
      404,
    );
  });

  it('POST /sandbox/reset reseeds (throwaway users and mail gone, demo users back) and resets the clock', async () => {
    const user = await t.makeUser();
    await t.api('POST', '/api/portal/user/forgot-password', { body: { email: user.email } });
    t.sandbox.clock.advance(3600);
    const res = await t.api('POST', '/sandbox/reset', { body: {} });
    expect(res.status).toBe(200);
    expect(t.sandbox.clock.offsetMs()).toBe(0);
    expect((await t.api('POST', '/api/portal/user/login', { body: { username: user.username, password: user.password } })).status).toBe(
      401,
    );
    expect((await t.api('GET', `/sandbox/mailbox/messages?to=${user.email}`)).body).toEqual([]);
    expect((await t.login('phoco', 'Phoco@2026')).access_token).toBeTruthy();
  });

  it("issue 10: reset starts the numbering of a new world again: copies from 20000001, the seed's ShopQR numbers from 000001", async () => {
    await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } });
    expect((await t.api('POST', '/sandbox/reset', { body: {} })).status).toBe(200);
    const copy = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
    expect(copy.body.merchant_id).toBe('20000001');
    const numbers = await t.sandbox.db.query<{ va_account_no: string }>(
      `SELECT va_account_no FROM virtual_accounts WHERE merchant_id IN ('10000001', '20000001') ORDER BY va_account_no`,
    );
    expect(numbers.map((r) => r.va_account_no)).toEqual([
      '969910000001000001',
      '969910000001000002',
      '969910000001000003',
      '969920000001000001',
      '969920000001000002',
      '969920000001000003',
    ]);
  });

  it('refuses state-changing controls from another site', async () => {
    const res = await t.api('POST', '/sandbox/reset', { body: {}, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await t.api('POST', '/sandbox/clock/reset', { body: {}, headers: { origin: t.url } })).status).toBe(200);
  });
});

describe('stand-in identity provider', () => {
  const returnPath = '/portal/auth-sso-check';

  it('lists the demo accounts and redirects with a real access token in the fragment', async () => {
    const page = await t.api('GET', `/sandbox/sso/authorize?redirect_uri=${encodeURIComponent(t.url + returnPath)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBeTruthy();
    expect(page.body).toContain('phoco');
    expect(page.body).toContain('colan');
    const href = /href="(\/sandbox\/sso\/authorize\/choose\?user=\d+&amp;redirect_uri=[^"]+)"/.exec(page.body)?.[1];
    expect(href).toBeTruthy();
    const chosen = await t.api('GET', href!.replace(/&amp;/g, '&'));
    expect(chosen.status).toBe(302);
    const location = new URL(chosen.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(t.url + returnPath);
    const token = new URLSearchParams(location.hash.slice(1)).get('access_token')!;
    const info = await t.api('GET', '/api/portal/user/info', { token });
    expect(info.status).toBe(200);
    expect(userInfoSchema.parse(info.body.data).sso_registered).toBe(false);
  });

  it('accepts a relative return path too', async () => {
    const res = await t.api('GET', `/sandbox/sso/authorize/choose?user=1&redirect_uri=${encodeURIComponent(returnPath)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${t.url}/portal/auth-sso-check#access_token=`));
  });

  it('refuses any other redirect_uri', async () => {
    for (const bad of [
      'https://evil.example/portal/auth-sso-check',
      `${t.url}/portal/dashboard`,
      `${t.url}/portal/auth-sso-check/../../sandbox`,
      '//evil.example/portal/auth-x-check',
      'javascript:alert(1)',
      '',
    ]) {
      const page = await t.api('GET', `/sandbox/sso/authorize?redirect_uri=${encodeURIComponent(bad)}`);
      expect(page.status, bad).toBe(400);
      const choose = await t.api('GET', `/sandbox/sso/authorize/choose?user=1&redirect_uri=${encodeURIComponent(bad)}`);
      expect(choose.status, bad).toBe(400);
    }
  });
});

describe('flags', () => {
  // Starts a second sandbox inside the test: the start gets the time a hook starting one gets.
  it('the identity provider is off unless unifiedLogin is on', { timeout: 120_000 }, async () => {
    const other = await startTestSandbox();
    try {
      const res = await other.api('GET', `/sandbox/sso/authorize?redirect_uri=${encodeURIComponent('/portal/auth-sso-check')}`);
      expect(res.status).toBe(404);
      expect((await other.api('GET', '/portal/config.json')).body.features.unifiedLogin).toBe(false);
    } finally {
      await other.close();
    }
  });
});
