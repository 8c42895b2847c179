// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { described, padded, pngOf } from '../../platform/test/images';

// CONTRACT14 §E: the GET shape, answered by PUT too.
const saleMerchantSchema = z.strictObject({
  merchant_id: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  address: z.string(),
  hotline: z.string(),
  website: z.string().nullable(),
  point_percent: z.number(),
  is_fnb: z.boolean(),
});

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  PNG = await pngOf(8, 8);
});
afterAll(() => t.close());

/** A real 8×8 PNG (drawn with sharp): uploads are decoded and stored re-encoded (D220). */
let PNG: Uint8Array;
/** The PNG then zeros up to `size` bytes: it still decodes, and the size limit sees `size`. */
const png = (size = 64) => padded(PNG, Math.max(size, PNG.length));

async function copy(template = 'phoco') {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  const token = (await t.login(made.body.username, made.body.password)).access_token;
  return { id: made.body.merchant_id as string, token, staff: made.body.staff as { username: string; password: string }[] | undefined };
}

const put = (token: string, body: unknown) => t.api('PUT', '/api/sale/saas/merchant', { token, body });
const get = (token: string) => t.api('GET', '/api/sale/saas/merchant', { token });

async function upload(token: string, kind: string, bytes: Uint8Array, name = 'a.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type }), name);
  const res = await fetch(`${t.url}/api/sale/saas/image?kind=${encodeURIComponent(kind)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('PUT /saas/merchant (CONTRACT14 §E)', () => {
  it('changes only what is sent and answers the GET shape', async () => {
    const m = await copy();
    const before = saleMerchantSchema.parse((await get(m.token)).body.data);
    const res = await put(m.token, { point_percent: 2.5 });
    expect(res.status).toBe(200);
    const after = saleMerchantSchema.parse(res.body.data);
    expect(after).toEqual({ ...before, point_percent: 2.5 });
    const web = saleMerchantSchema.parse((await put(m.token, { website: 'https://Dat.Mon.example.vn/menu' })).body.data);
    expect(web).toEqual({ ...before, point_percent: 2.5, website: 'https://dat.mon.example.vn/menu/' });
    expect(saleMerchantSchema.parse((await get(m.token)).body.data)).toEqual(web);
    // Accepted and ignored (the spec's form).
    expect((await t.api('GET', '/api/sale/saas/merchant?token=abc', { token: m.token })).body.data).toEqual(web);
  });

  it('creates the row for a merchant that had none (colan) and keeps the defaults of what is absent', async () => {
    const m = await copy('colan');
    expect(saleMerchantSchema.parse((await get(m.token)).body.data).website).toBeNull();
    const res = await put(m.token, { website: 'https://colan.example.vn' });
    expect(saleMerchantSchema.parse(res.body.data)).toMatchObject({
      website: 'https://colan.example.vn/',
      point_percent: 0,
      logo: null,
      is_fnb: false,
    });
  });

  it('refuses bad values with BAD_REQUEST {field} and changes nothing', async () => {
    const m = await copy();
    const before = (await get(m.token)).body.data;
    const cases: [unknown, string][] = [
      [{ website: 'http://x.vn/' }, 'website'],
      [{ website: 'https://x.vn/a b' }, 'website'],
      [{ website: ' https://x.vn/' }, 'website'],
      [{ website: 'https://user:pw@x.vn/' }, 'website'],
      [{ website: 'https://x.vn/?q=1' }, 'website'],
      [{ website: 'https://x.vn/#a' }, 'website'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: 'https://<script>.vn/' }, 'website'],
      [{ website: 'https://phở.vn/' }, 'website'],
      [{ website: `https://${'a'.repeat(195)}.vn/` }, 'website'],
      [{ website: '' }, 'website'],
      [{ website: 42 }, 'website'],
      [{ website: null }, 'website'],
      [{ point_percent: 101 }, 'point_percent'],
      [{ point_percent: -1 }, 'point_percent'],
      [{ point_percent: 1.234 }, 'point_percent'],
      [{ point_percent: '5' }, 'point_percent'],
      [{ point_percent: null }, 'point_percent'],
      [{ logo: 'https://evil.example/x.png' }, 'logo'],
      [{ logo: '/api/sale/saas/image/999999' }, 'logo'],
      [{ banner: 12 }, 'banner'],
      [{ website: 'https://ok.vn/', point_percent: 500 }, 'point_percent'],
    ];
    for (const [body, field] of cases) {
      const res = await put(m.token, body);
      expect({ body, status: res.status, code: res.body.error_code, field: res.body.data?.field }).toEqual({
        body,
        status: 400,
        code: 'BAD_REQUEST',
        field,
      });
    }
    for (const body of [[], 'text', 7]) expect((await put(m.token, body)).status).toBe(400);
    expect((await put(m.token, { website: 'https://a.vn/\u0000' })).status).toBe(400);
    expect((await get(m.token)).body.data).toEqual(before);
  });

  it('accepts the edges: 0, 100, two decimals, the longest website', async () => {
    const m = await copy();
    for (const p of [0, 100, 99.99, 0.5])
      expect(saleMerchantSchema.parse((await put(m.token, { point_percent: p })).body.data).point_percent).toBe(p);
    const long = `https://${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.vn/`;
    expect(long.length).toBeLessThanOrEqual(200);
    expect(saleMerchantSchema.parse((await put(m.token, { website: long })).body.data).website).toBe(long);
  });

  it('is the owner’s: staff get PERMISSION_DENY, no bearer 401', async () => {
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    const res = await put(staff, { point_percent: 9 });
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('PERMISSION_DENY');
    expect((await t.api('PUT', '/api/sale/saas/merchant', { body: { point_percent: 9 } })).status).toBe(401);
    const phoco = (await t.login('phoco', 'Phoco@2026')).access_token;
    expect((await get(phoco)).body.data.point_percent).toBe(0);
  });
});

describe('POST /saas/image (CONTRACT14 §E; doc 2 §5)', () => {
  it('stores a PNG by what decodes, re-encoded (D220), and serves it to the same merchant only', async () => {
    const m = await copy();
    const res = await upload(m.token, 'logo', png(200), 'logo.txt', 'text/plain');
    expect(res.status).toBe(200);
    const url = z.object({ url: z.string().regex(/^\/api\/sale\/saas\/image\/\d+$/) }).parse(res.body.data).url;
    const mine = await fetch(`${t.url}${url}`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    // The image without the zeros after its end.
    const stored = new Uint8Array(await mine.arrayBuffer());
    expect(await described(stored)).toMatchObject({ format: 'png', width: 8, height: 8 });
    expect(stored.length).toBeLessThan(200);
    // Served as an inert image (platform sendStoredImage): no active content, no type sniffing; an id that is not one is missing.
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect((await fetch(`${t.url}/api/sale/saas/image/1e3`, { headers: { authorization: `Bearer ${m.token}` } })).status).toBe(404);
    const other = await copy();
    const theirs = await fetch(`${t.url}${url}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(theirs.status).toBe(404);
    expect((await fetch(`${t.url}${url}`)).status).toBe(401);
    // Another merchant cannot point its settings at it either.
    expect((await put(other.token, { logo: url })).body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'logo' } });
    // The owner can, and can clear it.
    expect(saleMerchantSchema.parse((await put(m.token, { logo: url })).body.data).logo).toBe(url);
    expect(saleMerchantSchema.parse((await put(m.token, { logo: null })).body.data).logo).toBeNull();
  });

  it('a logo slot takes only a logo upload; a banner only a banner', async () => {
    const m = await copy();
    const banner = (await upload(m.token, 'banner', png())).body.data.url;
    expect((await put(m.token, { logo: banner })).body.data).toEqual({ field: 'logo' });
    expect(saleMerchantSchema.parse((await put(m.token, { banner })).body.data).banner).toBe(banner);
  });

  it('limits: logo 102,400, banner and background 716,800 bytes; text renamed .png refused', async () => {
    const m = await copy();
    expect((await upload(m.token, 'logo', png(102_400))).status).toBe(200);
    const big = await upload(m.token, 'logo', png(102_401));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ error_code: 'IMAGE_TOO_LARGE', data: { field: 'file', max_bytes: 102_400 } });
    for (const kind of ['banner', 'background']) {
      expect((await upload(m.token, kind, png(716_800))).status).toBe(200);
      expect((await upload(m.token, kind, png(716_801))).body.error_code).toBe('IMAGE_TOO_LARGE');
    }
    expect((await upload(m.token, 'banner', png(2_000_000))).status).toBe(413);
    const text = await upload(m.token, 'banner', new TextEncoder().encode('not an image, just text'), 'photo.png');
    expect(text.status).toBe(415);
    expect(text.body.error_code).toBe('IMAGE_INVALID_FORMAT');
    const svg = await upload(
      m.token,
      'logo',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
    );
    expect(svg.status).toBe(415);
    expect((await upload(m.token, 'poster', png())).body.data).toEqual({ field: 'kind' });
    expect((await upload(m.token, '', png())).status).toBe(400);
  });

  it('is the owner’s', async () => {
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    expect((await upload(staff, 'logo', png())).body.error_code).toBe('PERMISSION_DENY');
  });
});
