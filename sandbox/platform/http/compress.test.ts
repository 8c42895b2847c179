// @vitest-environment node
import { get as httpGet, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { COMPRESS_MIN_BYTES, negotiateEncoding } from './compress';

let t: TestSandbox;
let chuoi: string;
beforeAll(async () => {
  t = await startTestSandbox({ features: { unifiedLogin: true }, dashboardChunkDelayMs: 40 });
  chuoi = (await t.login('chuoi', 'Chuoi@2026')).access_token;
});
afterAll(() => t.close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as the reads that arrived. */
  reads: Buffer[];
}

/** The raw answer, without fetch's transparent decoding. */
function raw(path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = (method === 'GET' ? httpGet : httpRequest)(`${t.url}${path}`, { method, headers }, (res) => {
      const reads: Buffer[] = [];
      res.on('data', (c: Buffer) => reads.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(reads), reads }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (method !== 'GET') req.end(body);
  });
}

describe('issue 10 §8: HTML and JSON answers are compressed per Accept-Encoding', () => {
  it('negotiates brotli first, then gzip, honouring q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('GZIP')).toBe('gzip');
  });

  it('compresses a JSON answer with brotli or gzip and says so in Content-Encoding and Vary', async () => {
    const path = '/api/portal/metadata/store?page_size=100000';
    const auth = { authorization: `Bearer ${chuoi}` };
    const plain = await raw(path, { ...auth, 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await raw(path, { ...auth, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['content-length'] === undefined || Number(br.headers['content-length']) === br.body.length).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await raw(path, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('compresses an HTML page', async () => {
    const path = `/sandbox/sso/authorize?redirect_uri=${encodeURIComponent('/portal/auth-sso-check')}`;
    const plain = await raw(path, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await raw(path, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it('leaves small answers and answers that carry tokens plain', async () => {
    const small = await raw('/api/portal/metadata/store?page_size=1', { authorization: `Bearer ${chuoi}`, 'accept-encoding': 'br' });
    expect(small.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const login = await raw(
      '/api/portal/user/login',
      { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      'POST',
      JSON.stringify({ username: 'phoco', password: 'Phoco@2026' }),
    );
    expect(login.status).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(login.body.toString()).data.access_token).toBeTruthy();
  });

  it('never buffers the dashboard stream: no Content-Encoding, the chunks still arrive apart', async () => {
    const res = await raw('/api/portal/dashboard-data', { authorization: `Bearer ${chuoi}`, 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const kinds = res.body
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)).kind);
    expect(kinds).toEqual(['day', 'month', 'year', 'recent', 'end']);
    // 40 ms between chunks: each is its own read, not one compressed block at the end.
    expect(res.reads.length).toBeGreaterThanOrEqual(5);
  });
});
