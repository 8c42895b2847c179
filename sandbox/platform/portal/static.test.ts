// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../test/portal-schemas';
import { startTestSandbox, type TestSandbox } from '../test/harness';

// Issue 10: connect-src names the sandbox's own socket origin instead of any ws:/wss: host.
const cspFor = (origin: string) =>
  `default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ${origin.replace(/^http/, 'ws')}; font-src 'self' data:`;

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ features: { unifiedLogin: true }, idleLimitMinutes: 15 });
  const dist = join(t.dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/portal/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("portal")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => t.close());

describe('built portal under /portal', () => {
  it('serves index.html with CSP, nosniff, no-referrer and no-cache', async () => {
    const res = await t.api('GET', '/portal/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(cspFor(t.url));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client routes (deep links)', async () => {
    for (const path of ['/portal/login', '/portal/reset-password?token=abc', '/portal/feedback/create/edc']) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toBe(cspFor(t.url));
    }
  });

  it('caches hashed assets for a year and 404s missing ones instead of sending HTML', async () => {
    const asset = await t.api('GET', '/portal/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const missing = await t.api('GET', '/portal/assets/index-old999.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/html/);
  });

  it('serves other files of the build, and refuses to leave the build folder', async () => {
    const icon = await t.api('GET', '/portal/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/svg/);
    const escape = await fetch(`${t.url}/portal/%2e%2e/%2e%2e/etc/passwd`);
    expect(await escape.text()).not.toContain('root:');
  });

  it('redirects / and /portal to /portal/', async () => {
    for (const path of ['/', '/portal']) {
      const res = await t.api('GET', path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/portal/');
    }
  });
});

describe('GET /portal/config.json', () => {
  it('parses with the portal\'s config schema, with the sandbox defaults and overrides', async () => {
    const res = await t.api('GET', '/portal/config.json');
    expect(res.status).toBe(200);
    const config = appConfigSchema.parse(res.body);
    expect(config.services).toEqual({ portal: '/api/portal', checkout: '/api/checkout', sale: '/api/sale' });
    expect(config.realtime).toMatchObject({ path: '/socket.io', saleNamespace: '/sale', vaNamespace: '/va' });
    expect(config.features.inspector).toBe(true);
    expect(config.features.unifiedLogin).toBe(true);
    expect(config.features.einvoice).toBe(false);
    expect(config.idleLimitMinutes).toBe(15);
    expect(config.defaultLanguage).toBe('vi');
  });
});

describe('without a build', () => {
  it('says how to build, and the APIs still answer', async () => {
    rmSync(join(t.dir, 'dist'), { recursive: true, force: true });
    const res = await t.api('GET', '/portal/login');
    expect(res.status).toBe(503);
    expect(res.body).toContain('npm run build');
    expect(res.headers.get('content-security-policy')).toBe(cspFor(t.url));
    expect((await t.api('GET', '/portal/config.json')).status).toBe(200);
    expect((await t.api('POST', '/api/portal/user/login', { body: { username: 'phoco', password: 'Phoco@2026' } })).status).toBe(200);
  });
});
