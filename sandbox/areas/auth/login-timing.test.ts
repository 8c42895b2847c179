// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../platform/auth/passwords';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

// Counts the slow hash instead of timing it: a busy test machine makes timings meaningless.
vi.mock('../../platform/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../platform/auth/passwords')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.clock.reset());

const login = (username: string, password: string) => t.api('POST', '/api/portal/user/login', { body: { username, password } });
const hashesDuring = async (work: () => Promise<unknown>) => {
  const verify = vi.mocked(passwords.verifyPassword);
  verify.mockClear();
  await work();
  return verify.mock.calls.length;
};

describe('core §4/§9 sign-in: every path does the slow password hash once, so timing reveals nothing (issue 10)', () => {
  it('known account: right password, wrong password, locked with the wrong and with the right password', async () => {
    const user = await t.makeUser();
    expect(await hashesDuring(() => login(user.username, user.password))).toBe(1);
    expect(await hashesDuring(() => login(user.username, 'Wrong@Pass1'))).toBe(1);
    for (let i = 0; i < 4; i += 1) await login(user.username, 'Wrong@Pass1');
    const locked = await login(user.username, user.password);
    expect(locked.body.error_code).toBe('USER_LOCKED_USING');
    expect(await hashesDuring(() => login(user.username, 'Wrong@Pass1'))).toBe(1);
    expect(await hashesDuring(() => login(user.username, user.password))).toBe(1);
  });

  it('unknown name: counted and locked the same way, one hash each time', async () => {
    const name = `nobody.${Date.now()}`;
    expect(await hashesDuring(() => login(name, 'Wrong@Pass1'))).toBe(1);
    for (let i = 0; i < 4; i += 1) await login(name, 'Wrong@Pass1');
    expect((await login(name, 'Wrong@Pass1')).body.error_code).toBe('USER_LOCKED_USING');
    expect(await hashesDuring(() => login(name, 'Wrong@Pass1'))).toBe(1);
  });
});
