// @vitest-environment node
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { storeOptionSchema } from '../../platform/test/portal-schemas';
import { t, phoco, useReportsFixture } from './reports.fixture';

useReportsFixture();

describe('GET /metadata/store', () => {
  it('lists every store of a merchant for the dropdown, by name', async () => {
    const chuoi = (await t.login('chuoi', 'Chuoi@2026')).access_token;
    const res = await t.api('GET', '/api/portal/metadata/store?page_size=100000', { token: chuoi });
    expect(res.status).toBe(200);
    const stores = res.body.data.map((s: unknown) => storeOptionSchema.parse(s));
    expect(stores.length).toBe(200);
    expect(res.body).toMatchObject({ total_page: 1, page: 1, page_size: 100000 });
    const names = stores.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const mine = await t.api('GET', '/api/portal/metadata/store?page_size=100000', { token: phoco });
    expect(mine.body.data.map((s: { name: string }) => s.name)).toContain('Phố Cổ - Hàng Bạc');
    expect(mine.body.data).toHaveLength(3);
    expect((await t.api('GET', '/api/portal/metadata/store?page_size=100001', { token: phoco })).status).toBe(400);
    expect((await t.api('GET', '/api/portal/metadata/store?page_size=2&page=2', { token: phoco })).body.data).toHaveLength(1);
  });
});

describe('GET /metadata/store, compact and compressed (issue 10 §5, §8)', () => {
  /** The raw answer as bytes, without fetch's transparent decoding. */
  const raw = (path: string, token: string, acceptEncoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpGet(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });

  it('answers only the six fields of storeOptionSchema, without padding, brotli or gzip as accepted', async () => {
    const chuoi = (await t.login('chuoi', 'Chuoi@2026')).access_token;
    const path = '/api/portal/metadata/store?page_size=100000';
    const plain = await raw(path, chuoi, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body.toString('utf8');
    expect(text).not.toMatch(/" : |, \{/);
    const body = JSON.parse(text) as { data: Record<string, unknown>[] };
    expect(body.data).toHaveLength(200);
    for (const store of body.data) {
      expect(Object.keys(store).sort()).toEqual(Object.keys(storeOptionSchema.shape).sort());
      storeOptionSchema.parse(store);
    }
    expect(body.data.some((s) => s.va_account_no === null)).toBe(body.data.some((s) => !s.va_account_no));

    const br = await raw(path, chuoi, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gz = await raw(path, chuoi, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(text);
    expect((await raw(path, chuoi, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });
});
