// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTROLS_OFF, runCli } from '../cli';
import { createHostCheck, isLoopbackHost } from '../http/host-check';
import { checkStartable, optionsFromEnv, resolveOptions } from '../options';
import { createSandbox } from '../server';
import { rawRequest } from '../test/raw-http';
import { startTestSandbox, type TestSandbox } from '../test/harness';

/** Controls that cannot be turned against anyone. */

let on: TestSandbox;
let off: TestSandbox;
beforeAll(async () => {
  [on, off] = await Promise.all([startTestSandbox(), startTestSandbox({ controls: false })]);
});
afterAll(async () => {
  await Promise.all([on.close(), off.close()]);
});

const CONTROL_CALLS: Array<[string, string, unknown?]> = [
  ['GET', '/sandbox/clock'],
  ['POST', '/sandbox/clock/advance', { seconds: 60 }],
  ['POST', '/sandbox/clock/reset', {}],
  ['GET', '/sandbox/mailbox'],
  ['GET', '/sandbox/mailbox/messages'],
  ['POST', '/sandbox/reset', {}],
  ['POST', '/sandbox/users', { username: 'x.off', password: 'Xx@12345', email: 'x.off@example.vn', merchant: 'phoco' }],
  ['POST', '/sandbox/merchants', { template: 'colan' }],
  ['GET', '/sandbox/faults'],
  ['POST', '/sandbox/faults', { dashboardBreakAfter: 1 }],
  ['GET', '/sandbox/triggers'],
  ['POST', '/sandbox/triggers/qr-payment', { amount: '1000' }],
  ['GET', '/sandbox/sso/authorize?redirect_uri=%2Fportal%2Fauth-sso-check'],
  ['GET', '/sandbox/sso/authorize/choose?user=1&redirect_uri=%2Fportal%2Fauth-sso-check'],
];

describe('one setting turns every control off (SANDBOX_CONTROLS=off)', () => {
  it('every /sandbox/* call answers 404 in the envelope; the bank APIs still answer', async () => {
    for (const [method, path, body] of CONTROL_CALLS) {
      const res = await off.api(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ error_code: 'NOT_FOUND', data: {} });
    }
    expect(off.sandbox.clock.offsetMs()).toBe(0);
    const { access_token } = await off.login('phoco', 'Phoco@2026');
    expect((await off.api('GET', '/api/portal/user/info', { token: access_token })).status).toBe(200);
  });

  it('the same calls work with the default (on)', async () => {
    expect((await on.api('GET', '/sandbox/clock')).status).toBe(200);
    expect((await on.api('GET', '/sandbox/triggers')).status).toBe(200);
  });

  it('is read from SANDBOX_CONTROLS (on | off; anything else stops the start)', () => {
    expect(optionsFromEnv({ SANDBOX_CONTROLS: 'off' }).controls).toBe(false);
    expect(optionsFromEnv({ SANDBOX_CONTROLS: 'on' }).controls).toBe(true);
    expect(resolveOptions(optionsFromEnv({})).controls).toBe(true);
    expect(() => optionsFromEnv({ SANDBOX_CONTROLS: 'no' })).toThrow(/SANDBOX_CONTROLS must be on or off/);
  });

  it('the command line says the controls are off instead of calling them', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await runCli(['clock'], on.url, { controls: false })).toBe(2);
      expect(await runCli(['reset'], off.url)).toBe(1);
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([CONTROLS_OFF, CONTROLS_OFF]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('controls only on a loopback address', () => {
  it('refuses to start with the controls on and a non-loopback HOST, with a sentence saying what to do', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'sandbox.example.test']) {
      expect(() => checkStartable(resolveOptions({ host })), host).toThrow(/not a loopback address.*SANDBOX_CONTROLS=off/s);
      expect(() => checkStartable(resolveOptions({ host, controls: false })), host).not.toThrow();
    }
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost'])
      expect(() => checkStartable(resolveOptions({ host })), host).not.toThrow();
    // Before it opens a database or listens.
    await expect(createSandbox({ host: '0.0.0.0', port: 0, dataDir: 'memory://' })).rejects.toThrow(/not a loopback address/);
  });

  it('the stand-in identity provider is a control: unifiedLogin with the controls off does not start', () => {
    expect(() => checkStartable(resolveOptions({ controls: false, features: { unifiedLogin: true } }))).toThrow(/unifiedLogin/);
  });

  it('knows the loopback names', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'LOCALHOST'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', 'localhost.evil.example', '128.0.0.1'].some(isLoopbackHost)).toBe(false);
  });
});

describe('DNS rebinding: the Host header must name this sandbox', () => {
  const port = () => new URL(on.url).port;

  it('a page on evil.example (Host and Origin the same foreign name) reaches neither the controls nor the APIs', async () => {
    const evil = { host: `evil.example:${port()}`, origin: `http://evil.example:${port()}` };
    const calls: Array<[string, string]> = [
      ['POST', '/sandbox/reset'],
      ['POST', '/sandbox/clock/advance'],
      ['GET', '/sandbox/mailbox/messages'],
      ['POST', '/api/portal/user/login'],
      ['GET', '/api/portal/user/info'],
      ['GET', '/portal/config.json'],
    ];
    on.sandbox.clock.reset();
    for (const [method, path] of calls) {
      const res = await rawRequest(on.url, {
        method,
        path,
        headers: { ...evil, 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ seconds: 3600, username: 'phoco', password: 'Phoco@2026' }) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(421);
      expect(JSON.parse(res.body)).toMatchObject({ error_code: 'MISDIRECTED_REQUEST', data: {} });
    }
    expect(on.sandbox.clock.offsetMs()).toBe(0);
    // Without a port too, and on the socket.io handshake.
    expect((await rawRequest(on.url, { path: '/sandbox/clock', headers: { host: 'evil.example' } })).status).toBe(421);
    expect(
      (await rawRequest(on.url, { path: '/socket.io/?EIO=4&transport=polling', headers: { host: `evil.example:${port()}` } })).status,
    ).toBe(403);
  });

  it("the sandbox's own names pass: the listening address, localhost, IP literals", async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, 'localhost:5173', `[::1]:${port()}`]) {
      const res = await rawRequest(on.url, { path: '/sandbox/clock', headers: { host } });
      expect(res.status, host).toBe(200);
    }
  });

  it('SANDBOX_PUBLIC_URL names the one other host that passes, with its port', () => {
    const check = createHostCheck({ listening: () => ({ host: '127.0.0.1', port: 5280 }), publicUrl: 'https://sandbox.example.test' });
    expect(check('sandbox.example.test')).toBe(true);
    expect(check('sandbox.example.test:443')).toBe(true);
    expect(check('SANDBOX.example.test')).toBe(true);
    expect(check('sandbox.example.test:5280')).toBe(false);
    expect(check('evil.example')).toBe(false);
    expect(check('sandbox.example.test.evil.example')).toBe(false);
    expect(check('127.0.0.1:5280')).toBe(true);
    expect(check('a b')).toBe(false);
    const named = createHostCheck({ listening: () => ({ host: 'devbox', port: 5280 }), publicUrl: undefined });
    expect(named('devbox:5280')).toBe(true);
    expect(named('devbox:5281')).toBe(false);
  });
});
