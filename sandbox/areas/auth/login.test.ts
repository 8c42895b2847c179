// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lockedDataSchema, loginFailDataSchema, tokenPairSchema } from '../../platform/test/portal-schemas';
import { jwtPayload, startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.clock.reset());

const login = (username: string, password: string) => t.api('POST', '/api/portal/user/login', { body: { username, password } });

describe('POST /api/portal/user/login', () => {
  it('signs in the seeded owner by username, in any letter case, with a JWT carrying sub/iat/exp/merchant_id', async () => {
    const res = await login('PhoCo', 'Phoco@2026');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const pair = tokenPairSchema.parse(res.body.data);
    const claims = jwtPayload(pair.access_token);
    expect(claims).toMatchObject({ sub: '1', merchant_id: '10000001' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });

  it('signs in by e-mail, case-insensitively, for staff and the personal merchant too', async () => {
    expect((await login('STAFF@phoco.example.vn', 'Staff@2026')).status).toBe(200);
    expect((await login('colan@example.vn', 'Colan@2026')).status).toBe(200);
    expect((await login('colan', 'Colan@2026')).status).toBe(200);
  });

  it('answers 400 REQUIRED when a field is missing', async () => {
    const res = await login('', 'x');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['username'] } });
    expect(typeof res.body.message).toBe('string');
  });

  it('counts wrong passwords 1..4, locks on the 5th for 24 hours, refuses the right password while locked', async () => {
    const user = await t.makeUser();
    for (let i = 1; i <= 4; i += 1) {
      const res = await login(user.username, 'Wrong@Pass1');
      expect(res.status).toBe(401);
      expect(res.body.error_code).toBe('LOGIN_FAIL');
      expect(loginFailDataSchema.parse(res.body.data)).toEqual({ failed_count: i, max_attempts: 5 });
    }
    const fifth = await login(user.username, 'Wrong@Pass1');
    expect(fifth.status).toBe(423);
    expect(fifth.body.error_code).toBe('USER_LOCKED_USING');
    const { locked_until } = lockedDataSchema.parse(fifth.body.data);
    expect(locked_until).toBeGreaterThanOrEqual(t.sandbox.clock.nowSeconds() + 24 * 3600 - 2);
    expect(locked_until).toBeLessThanOrEqual(t.sandbox.clock.nowSeconds() + 24 * 3600);

    const right = await login(user.username, user.password);
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({ error_code: 'USER_LOCKED_USING', data: { locked_until } });
    // The e-mail names the same account, so it is locked too.
    expect((await login(user.email, user.password)).body.error_code).toBe('USER_LOCKED_USING');

    t.sandbox.clock.advance(23 * 3600);
    expect((await login(user.username, user.password)).status).toBe(423);
    t.sandbox.clock.advance(3600 + 1);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('starts a fresh count after a lock runs out', async () => {
    const user = await t.makeUser();
    for (let i = 0; i < 5; i += 1) await login(user.username, 'Wrong@Pass1');
    t.sandbox.clock.advance(24 * 3600 + 1);
    const res = await login(user.username, 'Wrong@Pass1');
    expect(res.body).toMatchObject({ error_code: 'LOGIN_FAIL', data: { failed_count: 1 } });
  });

  it('resets the count after a successful sign-in', async () => {
    const user = await t.makeUser();
    await login(user.username, 'Wrong@Pass1');
    await login(user.username, 'Wrong@Pass1');
    expect((await login(user.username, user.password)).status).toBe(200);
    expect((await login(user.username, 'Wrong@Pass1')).body.data.failed_count).toBe(1);
  });

  it('answers an unknown username exactly like a wrong password, lock included', async () => {
    const name = `nobody.${Date.now()}`;
    for (let i = 1; i <= 4; i += 1) {
      const res = await login(name, 'Wrong@Pass1');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error_code: 'LOGIN_FAIL', data: { failed_count: i, max_attempts: 5 } });
    }
    expect((await login(name, 'Wrong@Pass1')).status).toBe(423);
  });

  it('ends the sessions of a user who gets locked: authenticated calls answer 403 USER_LOCKED_USING', async () => {
    const user = await t.makeUser();
    const { access_token } = await t.login(user.username, user.password);
    expect((await t.api('GET', '/api/portal/user/info', { token: access_token })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) await login(user.username, 'Wrong@Pass1');
    const res = await t.api('GET', '/api/portal/user/info', { token: access_token });
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('USER_LOCKED_USING');
  });
});
