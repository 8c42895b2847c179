// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.clock.reset());

interface MailJson {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: number;
}

const forgot = (email: string) => t.api('POST', '/api/portal/user/forgot-password', { body: { email } });
const reset = (token: string, new_password: string) => t.api('PUT', '/api/portal/user/forgot-password', { body: { token, new_password } });
const check = (body: unknown) => t.api('POST', '/api/portal/user/forgot-password/check', { body });
const mails = async (to: string) => (await t.api<MailJson[]>('GET', `/sandbox/mailbox/messages?to=${encodeURIComponent(to)}`)).body;
const tokenOf = (mail: MailJson) => new URL(mail.links[0]!).searchParams.get('token')!;

async function linkFor(email: string): Promise<{ mail: MailJson; token: string }> {
  expect((await forgot(email)).status).toBe(200);
  const [mail] = await mails(email);
  return { mail: mail!, token: tokenOf(mail!) };
}

describe('password reset', () => {
  it('forgot → mailbox → reset → sign in with the new password; the old one and old sessions stop working', async () => {
    const user = await t.makeUser();
    const before = await t.login(user.username, user.password);
    const res = await forgot(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });

    const [mail] = await mails(user.email);
    expect(mail!.to).toBe(user.email);
    expect(mail!.links).toHaveLength(1);
    const link = new URL(mail!.links[0]!);
    expect(link.origin).toBe(t.url);
    expect(link.pathname).toBe('/portal/reset-password');
    expect(mail!.text).toContain(mail!.links[0]);

    expect((await reset(tokenOf(mail!), 'NewPass@2026')).body).toEqual({ data: { success: true } });
    expect((await t.api('POST', '/api/portal/user/login', { body: { username: user.username, password: user.password } })).status).toBe(
      401,
    );
    expect((await t.login(user.username, 'NewPass@2026')).access_token).toBeTruthy();
    expect((await t.api('GET', '/api/portal/user/info', { token: before.access_token })).status).toBe(401);
    const refreshed = await t.api('POST', '/api/portal/user/refresh-token', { body: { refresh_token: before.refresh_token } });
    expect(refreshed.body.error_code).toBe('TOKEN_INCORRECT');
  });

  it('a link works once', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    expect((await reset(token, 'NewPass@2026')).status).toBe(200);
    const again = await reset(token, 'Other@Pass2026');
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('TOKEN_INCORRECT');
  });

  it('a link expires after 20 minutes of sandbox time (410 TOKEN_EXPIRED)', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    t.sandbox.clock.advance(20 * 60 + 1);
    const res = await reset(token, 'NewPass@2026');
    expect(res.status).toBe(410);
    expect(res.body.error_code).toBe('TOKEN_EXPIRED');
  });

  it('a link still works just before 20 minutes', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    t.sandbox.clock.advance(19 * 60 + 50);
    expect((await reset(token, 'NewPass@2026')).status).toBe(200);
  });

  it('unknown tokens answer 400 TOKEN_INCORRECT', async () => {
    expect((await reset('made-up', 'NewPass@2026')).body.error_code).toBe('TOKEN_INCORRECT');
    expect((await reset('', 'NewPass@2026')).body.error_code).toBe('TOKEN_INCORRECT');
  });

  it('checks the password rules on the server (400 REQUIRED) and keeps the link usable', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    const bad: Array<[string, string]> = [
      ['Sh0rt!', 'length'],
      ['A'.repeat(30) + 'bcd1234', 'length'],
      ['lowercase@2026', 'uppercase'],
      ['UPPERCASE@2026', 'lowercase'],
      ['NoDigits@here', 'digit'],
      ['Has Space1a', 'characters'],
      ['MậtKhẩu@2026', 'characters'],
    ];
    for (const [password, rule] of bad) {
      const res = await reset(token, password);
      expect(res.status, password).toBe(400);
      expect(res.body.error_code).toBe('REQUIRED');
      expect(res.body.data.rules).toContain(rule);
    }
    expect((await reset(token, 'Exactly8a')).status).toBe(200);
  });

  it('accepts 35 characters, refuses 36', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    expect((await reset(token, 'Aa1' + 'x'.repeat(33))).body.error_code).toBe('REQUIRED');
    expect((await reset(token, 'Aa1' + 'x'.repeat(32))).status).toBe(200);
  });

  it('400 PASSWORD_DUPLICATE when the new password equals the current one', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    const res = await reset(token, user.password);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('PASSWORD_DUPLICATE');
  });

  it('a reset lifts a lock (the lock modal offers it instead of waiting 24 hours)', async () => {
    const user = await t.makeUser();
    for (let i = 0; i < 5; i += 1) {
      await t.api('POST', '/api/portal/user/login', { body: { username: user.username, password: 'Wrong@Pass1' } });
    }
    const { token } = await linkFor(user.email);
    expect((await reset(token, 'NewPass@2026')).status).toBe(200);
    expect((await t.login(user.username, 'NewPass@2026')).access_token).toBeTruthy();
  });

  it('400 INVALID_EMAIL for a malformed address', async () => {
    for (const email of ['', 'not-an-email', 'a@b', 'a b@c.vn']) {
      const res = await forgot(email);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('INVALID_EMAIL');
    }
  });

  it('an unknown address answers success and sends nothing', async () => {
    const email = `nobody.${Date.now()}@example.vn`;
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect(await mails(email)).toEqual([]);
  });

  it('at most 5 mails per hour per address (429 SEND_EMAIL_ERROR), known or not', async () => {
    const user = await t.makeUser();
    for (let i = 0; i < 5; i += 1) expect((await forgot(user.email)).status).toBe(200);
    const sixth = await forgot(user.email);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error_code).toBe('SEND_EMAIL_ERROR');
    expect(await mails(user.email)).toHaveLength(5);

    const unknown = `nobody.${Date.now()}@example.vn`;
    for (let i = 0; i < 5; i += 1) await forgot(unknown);
    expect((await forgot(unknown)).status).toBe(429);

    t.sandbox.clock.advance(3601);
    expect((await forgot(user.email)).status).toBe(200);
  });

  it('keeps Vietnamese text intact in the mail', async () => {
    const user = await t.makeUser({ full_name: 'Nguyễn Thị Ánh' });
    const { mail } = await linkFor(user.email);
    expect(mail.subject).toContain('Đặt lại mật khẩu');
    expect(mail.text).toContain('Xin chào Nguyễn Thị Ánh');
  });
});

describe('core §5 reset link check (POST /user/forgot-password/check)', () => {
  it('a live link answers {valid: true}, names nobody, and stays usable', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    const res = await check({ token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { valid: true } });
    expect(JSON.stringify(res.body)).not.toContain(user.email);
    expect((await check({ token })).status).toBe(200);
    expect((await reset(token, 'NewPass@2026')).status).toBe(200);
  });

  it('a used link answers 400 TOKEN_INCORRECT, as the set call does', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    expect((await reset(token, 'NewPass@2026')).status).toBe(200);
    const res = await check({ token });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('TOKEN_INCORRECT');
  });

  it('an expired link answers 410 TOKEN_EXPIRED, as the set call does', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    t.sandbox.clock.advance(20 * 60 + 1);
    const res = await check({ token });
    expect(res.status).toBe(410);
    expect(res.body.error_code).toBe('TOKEN_EXPIRED');
  });

  it('unknown, empty or missing tokens answer 400 TOKEN_INCORRECT; a token in the query is not read', async () => {
    const user = await t.makeUser();
    const { token } = await linkFor(user.email);
    for (const body of [{ token: 'made-up' }, { token: '' }, {}]) {
      expect((await check(body)).body.error_code).toBe('TOKEN_INCORRECT');
    }
    const viaQuery = await t.api('POST', `/api/portal/user/forgot-password/check?token=${token}`, { body: {} });
    expect(viaQuery.body.error_code).toBe('TOKEN_INCORRECT');
  });
});
