// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../test/portal-schemas';
import { startTestSandbox, type TestSandbox } from '../test/harness';

// The CSP's connect-src names the sandbox's own socket origin instead of any ws:/wss: host.
const cspFor = (origin: string) =>
  `default-src 'self'; script-src 'self'; object-src 'none'; frame-src 'self' blob:; base-uri 'none'; frame-ancestors 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ${origin.replace(/^http/, 'ws')}; font-src 'self' data:`;

const INDEX =
  '<!doctype html><html><head><script type="module" src="/portal/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ features: { unifiedLogin: true }, idleLimitMinutes: 15 });
  const dist = join(t.dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("portal")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What vite-plugin-pwa writes at the build's root (D342): the worker, its Workbox runtime, the manifest.
  writeFileSync(join(dist, 'sw.js'), 'importScripts("./workbox-abc123.js")');
  writeFileSync(join(dist, 'workbox-abc123.js'), 'self.workbox = {}');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Cổng thông tin đơn vị"}');
  // What vite.config.ts's precompress step writes. The asset's variants say which file was sent, so a
  // body compressed on the fly could not pass for them.
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(dist, 'assets', 'app-def456.js'), 'console.log("plain")');
  writeFileSync(join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync('console.log("brotli file")'));
  writeFileSync(join(dist, 'assets', 'app-def456.js.gz'), gzipSync('console.log("gzip file")'));
});

/** The raw answer as bytes, without fetch's transparent decoding. */
function raw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = httpGet(`${t.url}${path}`, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
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

  it('issue 10 §8: sends the precompressed file the client accepts, brotli first, with Content-Encoding and Vary; hashed assets stay immutable', async () => {
    const br = await raw('/portal/assets/app-def456.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log("brotli file")');

    const gz = await raw('/portal/assets/app-def456.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).toString()).toBe('console.log("gzip file")');

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await raw('/portal/assets/app-def456.js', accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.headers.vary, String(accept)).toMatch(/accept-encoding/i);
      expect(plain.body.toString(), String(accept)).toBe('console.log("plain")');
    }
  });

  it('issue 10 §8: index.html and the client-route fallback come precompressed too, still no-cache with the CSP', async () => {
    for (const path of ['/portal/', '/portal/login', '/portal/index.html']) {
      const br = await raw(path, 'br');
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['content-type'], path).toMatch(/^text\/html/);
      expect(br.headers['cache-control'], path).toBe('no-cache');
      expect(br.headers['content-security-policy'], path).toBe(cspFor(t.url));
      expect(brotliDecompressSync(br.body).toString(), path).toBe(INDEX);
      const gz = await raw(path, 'gzip');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.body).toString(), path).toBe(INDEX);
    }
    // A file of the build without variants is sent plain whatever the client accepts.
    const js = await raw('/portal/assets/index-abc123.js', 'br, gzip');
    expect(js.headers['content-encoding']).toBeUndefined();
    expect(js.body.toString()).toBe('console.log("portal")');
  });

  it('D343: serves the service worker and its Workbox file as JavaScript and no-cache, the manifest as a manifest, none of them with the page CSP', async () => {
    for (const path of ['/portal/sw.js', '/portal/workbox-abc123.js']) {
      const res = await raw(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^(text|application)\/javascript/);
      // no-cache: the browser asks the server for sw.js on every start, so a new build is found then (D343).
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-security-policy'], path).toBeUndefined();
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await raw('/portal/sw.js')).body.toString()).toBe('importScripts("./workbox-abc123.js")');
    const manifest = await raw('/portal/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body.toString())).toEqual({ name: 'Cổng thông tin đơn vị' });
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
  it("parses with the portal's config schema, with the sandbox defaults and overrides", async () => {
    const res = await t.api('GET', '/portal/config.json');
    expect(res.status).toBe(200);
    const config = appConfigSchema.parse(res.body);
    expect(config.services).toEqual({ portal: '/api/portal', checkout: '/api/checkout', sale: '/api/sale' });
    expect(config.realtime).toMatchObject({ path: '/socket.io', saleNamespace: '/sale', vaNamespace: '/va' });
    expect(config.features.inspector).toBe(true);
    expect(config.features.unifiedLogin).toBe(true);
    expect(config.features.einvoice).toBe(true);
    expect(config.features.masterMerchant).toBe(false);
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
