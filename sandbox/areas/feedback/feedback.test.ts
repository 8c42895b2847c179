// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackPageSchema, feedbackRowSchema } from '../../../src/services/feedback/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { described, jpegOf, pngOf } from '../../platform/test/images';
import { MAX_IMAGE_BYTES } from './images';

let t: TestSandbox;
let token: string;
let merchantId: string;
let colan: string;

/** A throwaway phoco copy per file: these tests add, change and delete rows. */
beforeAll(async () => {
  t = await startTestSandbox();
  const m = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(m.status).toBe(201);
  merchantId = m.body.merchant_id;
  token = (await t.login(m.body.username, m.body.password)).access_token;
  colan = (await t.login('colan', 'Colan@2026')).access_token;
  PNG = await pngOf(4, 4);
  JPEG = await jpegOf(4, 4);
});
afterAll(() => t.close());

// Small real images (drawn with sharp): every upload is decoded and stored re-encoded (D220).
let PNG: Uint8Array;
let JPEG: Uint8Array;
/** A whole image then zeros up to `size` bytes: it decodes, and the size checks see `size`. */
const padded = (head: Uint8Array, size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};
const dataUrl = (bytes: Uint8Array, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

const api = (method: string, path: string, body?: unknown, as = token) =>
  t.api(method, `/api/portal${path}`, { token: as, ...(body !== undefined ? { body } : {}) });

interface Part {
  name: string;
  value: string | { bytes: Uint8Array; filename: string; type: string };
}

/** POST /feedback as multipart form data, the way a browser sends it. */
async function postForm(parts: Part[], as = token) {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else form.append(part.name, new Blob([part.value.bytes as BlobPart], { type: part.value.type }), part.value.filename);
  }
  const res = await fetch(`${t.url}/api/portal/feedback`, { method: 'POST', headers: { authorization: `Bearer ${as}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const myStores = async (merchant = merchantId) =>
  (
    await t.sandbox.db.query<{ id: number; name: string }>(`SELECT id, name FROM stores WHERE merchant_id = $1 ORDER BY id`, [merchant])
  ).map((r) => r);
const mySerials = async (merchant = merchantId) =>
  (
    await t.sandbox.db.query<{ serial_number: string }>(`SELECT serial_number FROM edc_devices WHERE merchant_id = $1 ORDER BY id`, [
      merchant,
    ])
  ).map((r) => r.serial_number);

async function edcFields(): Promise<Part[]> {
  const [store] = await myStores();
  const [serial] = await mySerials();
  return [
    { name: 'type', value: 'EDC' },
    { name: 'store_id', value: String(store!.id) },
    { name: 'content', value: 'PIN' },
    { name: 'description', value: 'Máy không nhận mã PIN' },
    { name: 'serial_number', value: serial! },
  ];
}
const image = (bytes: Uint8Array, filename = 'a.png', type = 'image/png'): Part => ({ name: 'images', value: { bytes, filename, type } });

async function fetchImage(url: string, as = token) {
  const res = await fetch(`${t.url}${url}`, { headers: { authorization: `Bearer ${as}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('seed', () => {
  it('gives a phoco copy two CHECK, one EDC and one OTHER report, each with a PNG only it can fetch', async () => {
    const counts: Record<string, number> = {};
    for (const type of ['CHECK', 'EDC', 'OTHER']) {
      const res = await api('GET', `/feedback?type=${type}&page=1&page_size=10`);
      expect(res.status).toBe(200);
      const page = feedbackPageSchema.parse(res.body.data);
      counts[type] = page.items.length;
      for (const row of page.items) {
        expect(row.type).toBe(type);
        expect(row.images).toHaveLength(1);
        const served = await fetchImage(row.images[0]!);
        expect(served.status).toBe(200);
        expect(served.type).toBe('image/png');
        expect((await described(served.bytes)).format).toBe('png');
        expect((await fetchImage(row.images[0]!, colan)).status).toBe(404);
      }
    }
    expect(counts).toEqual({ CHECK: 2, EDC: 1, OTHER: 1 });
    const other = (await api('GET', '/feedback?type=OTHER')).body.data.items[0];
    expect(other.content).toBeNull();
    expect(other.serial_number).toMatch(/^SB20/);
  });

  it('colan has one CHECK report and sees none of the copy’s', async () => {
    const res = await api('GET', '/feedback?type=CHECK', undefined, colan);
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0].content).toBe('LOSS');
  });
});

describe('GET /feedback', () => {
  it('lists newest first by type with paging; type is required; page_size at most 100; needs a session', async () => {
    const page = await api('GET', '/feedback?type=CHECK&page=2&page_size=1');
    expect(page.body.data).toMatchObject({ page: 2, page_size: 1, total_page: 2 });
    expect(page.body.data.items[0].content).toBe('SETTLE_ERROR');
    expect((await api('GET', '/feedback?type=CHECK&page=1&page_size=1')).body.data.items[0].content).toBe('TRANSACTION_ERROR');
    expect((await api('GET', '/feedback')).body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['type'] } });
    expect((await api('GET', '/feedback?type=check')).status).toBe(400);
    expect((await api('GET', '/feedback?type=CHECK&page_size=101')).status).toBe(400);
    expect((await t.api('GET', '/api/portal/feedback?type=CHECK')).status).toBe(401);
  });

  it('one by type and id; another type, another merchant’s id or an unknown id is FEEDBACK_NOT_FOUND', async () => {
    const row = (await api('GET', '/feedback?type=EDC')).body.data.items[0];
    const one = await api('GET', `/feedback?type=EDC&id=${row.id}`);
    expect(one.status).toBe(200);
    expect(feedbackRowSchema.parse(one.body.data)).toEqual(row);
    for (const [path, as] of [
      [`/feedback?type=CHECK&id=${row.id}`, token],
      [`/feedback?type=EDC&id=${row.id}`, colan],
      ['/feedback?type=EDC&id=999999', token],
    ] as const) {
      const res = await api('GET', path, undefined, as);
      expect(res.status, path).toBe(404);
      expect(res.body.error_code).toBe('FEEDBACK_NOT_FOUND');
    }
    expect((await api('GET', '/feedback?type=EDC&id=abc')).status).toBe(400);
  });
});

describe('POST /feedback (multipart)', () => {
  it('creates with a PNG and a JPEG, stores them re-encoded (D220) and serves them back by their kind', async () => {
    const big = padded(PNG, MAX_IMAGE_BYTES); // exactly the limit: accepted
    const res = await postForm([...(await edcFields()), image(big), image(JPEG, 'b.jpg', 'image/jpeg')]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = feedbackRowSchema.parse(res.body.data);
    expect(row).toMatchObject({ type: 'EDC', content: 'PIN', description: 'Máy không nhận mã PIN' });
    expect(row.store_name).toBe((await myStores())[0]!.name);
    expect(row.images).toHaveLength(2);
    const [first, second] = await Promise.all(row.images.map((url) => fetchImage(url)));
    expect(first!.type).toBe('image/png');
    // The image, without the zeros after its end.
    expect(await described(first!.bytes)).toMatchObject({ format: 'png', width: 4, height: 4 });
    expect(first!.bytes.length).toBeLessThan(1024);
    expect(second!.type).toBe('image/jpeg');
    expect(await described(second!.bytes)).toMatchObject({ format: 'jpeg', width: 4, height: 4 });
  });

  it('REQUIRED names every missing field per type: content except OTHER, serial except CHECK, at least one image', async () => {
    const [store] = await myStores();
    const cases: Array<[Part[], string[]]> = [
      [[], ['type', 'store_id', 'description', 'images']],
      [
        [
          { name: 'type', value: 'CHECK' },
          { name: 'store_id', value: String(store!.id) },
          { name: 'description', value: '  ' },
        ],
        ['content', 'description', 'images'],
      ],
      [
        [
          { name: 'type', value: 'EDC' },
          { name: 'store_id', value: 'x' },
          { name: 'content', value: 'SETTLE_ERROR' },
          { name: 'description', value: 'd' },
          image(PNG),
        ],
        ['store_id', 'content', 'serial_number'],
      ],
      [
        [{ name: 'type', value: 'OTHER' }, { name: 'store_id', value: String(store!.id) }, { name: 'description', value: 'd' }, image(PNG)],
        ['serial_number'],
      ],
    ];
    for (const [parts, fields] of cases) {
      const res = await postForm(parts);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'REQUIRED', data: { fields } });
    }
  });

  it('a CHECK report needs no card machine and keeps none; an OTHER report keeps no content', async () => {
    const [store] = await myStores();
    const [serial] = await mySerials();
    const check = await postForm([
      { name: 'type', value: 'CHECK' },
      { name: 'store_id', value: String(store!.id) },
      { name: 'content', value: 'LOSS' },
      { name: 'description', value: 'Thiếu tiền' },
      { name: 'serial_number', value: serial! },
      image(PNG),
    ]);
    expect(check.body.data).toMatchObject({ type: 'CHECK', content: 'LOSS', serial_number: null });
    const other = await postForm([
      { name: 'type', value: 'OTHER' },
      { name: 'store_id', value: String(store!.id) },
      { name: 'content', value: 'PIN' },
      { name: 'description', value: 'Khác' },
      { name: 'serial_number', value: serial! },
      image(JPEG, 'x.jpeg', 'image/jpeg'),
    ]);
    expect(other.body.data).toMatchObject({ type: 'OTHER', content: null, serial_number: serial });
  });

  it('refuses an image over 102,400 bytes (IMAGE_TOO_LARGE, 413) and a renamed non-image (IMAGE_INVALID_FORMAT, 415)', async () => {
    const before = (await api('GET', '/feedback?type=EDC')).body.data.items.length;
    const tooBig = await postForm([...(await edcFields()), image(padded(PNG, MAX_IMAGE_BYTES + 1))]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ error_code: 'IMAGE_TOO_LARGE', data: { field: 'images', index: 0, max_bytes: 102400 } });
    // Huge (a megabyte and more): refused the same way, the upload is cut at the limit.
    const huge = await postForm([...(await edcFields()), image(padded(PNG, 3 * 1024 * 1024))]);
    expect(huge.body.error_code).toBe('IMAGE_TOO_LARGE');
    // Text named .png and declared image/png: the bytes decide.
    const renamed = await postForm([
      ...(await edcFields()),
      image(PNG),
      image(new TextEncoder().encode('hello, not an image'), 'photo.png'),
    ]);
    expect(renamed.status).toBe(415);
    expect(renamed.body).toMatchObject({ error_code: 'IMAGE_INVALID_FORMAT', data: { index: 1 } });
    // A GIF or an SVG is an image, but not one of the accepted kinds.
    const gif = await postForm([...(await edcFields()), image(new TextEncoder().encode('GIF89a\u0001\u0000'), 'a.gif', 'image/gif')]);
    expect(gif.body.error_code).toBe('IMAGE_INVALID_FORMAT');
    const svg = await postForm([...(await edcFields()), image(new TextEncoder().encode('<svg onload="alert(1)"/>'), 'a.png')]);
    expect(svg.body.error_code).toBe('IMAGE_INVALID_FORMAT');
    expect((await api('GET', '/feedback?type=EDC')).body.data.items.length).toBe(before);
  });

  it('at most five images; a JSON body is refused; text is stored as sent, HTML included; NUL and over-long text refused', async () => {
    const six = await postForm([...(await edcFields()), ...Array.from({ length: 6 }, () => image(PNG))]);
    expect(six.status).toBe(400);
    expect(six.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'images', max: 5 } });
    const json = await api('POST', '/feedback', { type: 'EDC' });
    expect(json.status).toBe(415);
    expect(json.body.error_code).toBe('BAD_REQUEST');

    const html = '<img src=x onerror=alert(1)> 🍜 Phở “ngon”';
    const fields = (await edcFields()).map((p) => (p.name === 'description' ? { ...p, value: html } : p));
    const stored = await postForm([...fields, image(PNG)]);
    expect(stored.body.data.description).toBe(html);

    const nul = await postForm([
      ...(await edcFields()).map((p) => (p.name === 'description' ? { ...p, value: 'a\u0000b' } : p)),
      image(PNG),
    ]);
    expect(nul.status).toBe(400);
    expect(nul.body.data.field).toBe('description');
    const long = await postForm([
      ...(await edcFields()).map((p) => (p.name === 'description' ? { ...p, value: 'x'.repeat(1001) } : p)),
      image(PNG),
    ]);
    expect(long.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'description', max: 1000 } });
    const veryLong = await postForm([
      ...(await edcFields()).map((p) => (p.name === 'description' ? { ...p, value: 'x'.repeat(20_000) } : p)),
      image(PNG),
    ]);
    expect(veryLong.status).toBe(400);
    expect(veryLong.body.error_code).toBe('BAD_REQUEST');
  });

  it('another merchant’s store is STORE_NOT_EXIST and another merchant’s card machine is refused', async () => {
    const [foreignStore] = await myStores('10000002');
    const [foreignSerial] = await mySerials('10000002');
    const withStore = (await edcFields()).map((p) => (p.name === 'store_id' ? { ...p, value: String(foreignStore!.id) } : p));
    expect((await postForm([...withStore, image(PNG)])).body.error_code).toBe('STORE_NOT_EXIST');
    const withSerial = (await edcFields()).map((p) => (p.name === 'serial_number' ? { ...p, value: foreignSerial! } : p));
    expect((await postForm([...withSerial, image(PNG)])).body).toMatchObject({
      error_code: 'BAD_REQUEST',
      data: { field: 'serial_number' },
    });
  });

  it('a staff-type user of the merchant may send feedback (D87)', async () => {
    const made = await t.api('POST', '/sandbox/users', {
      body: {
        username: `fb.staff.${merchantId}`,
        password: 'Staff@2026x',
        email: `fb.staff.${merchantId}@x.example.vn`,
        merchant: merchantId,
        role: 'Staff',
      },
    });
    expect(made.status).toBe(201);
    const staff = (await t.login(`fb.staff.${merchantId}`, 'Staff@2026x')).access_token;
    const res = await postForm([...(await edcFields()), image(PNG)], staff);
    expect(res.status).toBe(200);
    expect((await api('GET', `/feedback?type=EDC&id=${res.body.data.id}`, undefined, staff)).status).toBe(200);
  });
});

describe('PUT /feedback (JSON)', () => {
  async function created() {
    const res = await postForm([...(await edcFields()), image(PNG), image(JPEG, 'b.jpg', 'image/jpeg')]);
    return feedbackRowSchema.parse(res.body.data);
  }
  const body = (row: { id: number; store_id: number | null; serial_number: string | null }, more: Record<string, unknown> = {}) => ({
    id: row.id,
    type: 'EDC',
    store_id: row.store_id,
    content: 'CARD',
    description: 'Đã đổi mô tả',
    serial_number: row.serial_number,
    old_images: [],
    images: [],
    ...more,
  });

  it('keeps the old_images sent, drops the rest, adds new base64 images, and changes the fields', async () => {
    const row = await created();
    const [kept, dropped] = row.images;
    const res = await api('PUT', '/feedback', body(row, { old_images: [kept], images: [dataUrl(JPEG, 'image/png')] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = feedbackRowSchema.parse(res.body.data);
    expect(after).toMatchObject({ content: 'CARD', description: 'Đã đổi mô tả' });
    expect(after.images).toHaveLength(2);
    expect(after.images[0]).toBe(kept);
    expect((await fetchImage(dropped!)).status).toBe(404);
    // The declared data: type is ignored like a file name: the bytes are a JPEG.
    expect((await fetchImage(after.images[1]!)).type).toBe('image/jpeg');
  });

  it('refuses an image of another feedback in old_images, no image left, wrong types, a too large or non-image new one', async () => {
    const row = await created();
    const other = await created();
    const foreign = await api('PUT', '/feedback', body(row, { old_images: [other.images[0]] }));
    expect(foreign.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'old_images' } });
    expect((await api('PUT', '/feedback', body(row))).body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['images'] } });
    expect((await api('PUT', '/feedback', body(row, { old_images: 'all' }))).body.data.field).toBe('old_images');
    expect((await api('PUT', '/feedback', body(row, { images: {} }))).body.data.field).toBe('images');
    expect((await api('PUT', '/feedback', body(row, { store_id: [1], old_images: row.images }))).body).toMatchObject({
      error_code: 'REQUIRED',
      data: { fields: ['store_id'] },
    });
    expect((await api('PUT', '/feedback', body(row, { description: 42, old_images: row.images }))).body.data.fields).toEqual([
      'description',
    ]);
    const tooBig = await api('PUT', '/feedback', body(row, { images: [dataUrl(padded(PNG, MAX_IMAGE_BYTES + 1))] }));
    expect(tooBig.body.error_code).toBe('IMAGE_TOO_LARGE');
    const text = await api('PUT', '/feedback', body(row, { images: [dataUrl(new TextEncoder().encode('not an image'))] }));
    expect(text.body.error_code).toBe('IMAGE_INVALID_FORMAT');
    expect((await api('PUT', '/feedback', body(row, { images: [12] }))).body.error_code).toBe('IMAGE_INVALID_FORMAT');
    // Nothing of the refused calls was applied.
    expect((await api('GET', `/feedback?type=EDC&id=${row.id}`)).body.data).toEqual(row);
  });

  it('another merchant’s id, another type or an unknown id is FEEDBACK_NOT_FOUND; a missing id is REQUIRED', async () => {
    const row = await created();
    expect((await api('PUT', '/feedback', body(row, { old_images: row.images }), colan)).body.error_code).toBe('FEEDBACK_NOT_FOUND');
    expect((await api('PUT', '/feedback', body(row, { type: 'CHECK', old_images: row.images }))).body.error_code).toBe(
      'FEEDBACK_NOT_FOUND',
    );
    expect((await api('PUT', '/feedback', body(row, { id: 99999999 }))).status).toBe(404);
    expect((await api('PUT', '/feedback', body(row, { id: 'x' }))).body).toMatchObject({
      error_code: 'REQUIRED',
      data: { fields: ['id'] },
    });
    expect((await api('PUT', '/feedback', [1, 2])).status).toBe(400);
    expect((await t.api('PUT', '/api/portal/feedback', { body: body(row) })).status).toBe(401);
  });
});

describe('DELETE /feedback', () => {
  it('deletes the caller’s feedback with its images; another merchant’s answers as missing', async () => {
    const res = await postForm([...(await edcFields()), image(PNG)]);
    const row = feedbackRowSchema.parse(res.body.data);
    const foreign = await api('DELETE', `/feedback?id=${row.id}`, undefined, colan);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error_code).toBe('FEEDBACK_NOT_FOUND');
    expect((await api('DELETE', `/feedback?id=${row.id}`)).body.data).toEqual({ success: true, id: row.id });
    expect((await fetchImage(row.images[0]!)).status).toBe(404);
    expect((await api('DELETE', `/feedback?id=${row.id}`)).body.error_code).toBe('FEEDBACK_NOT_FOUND');
    expect((await api('DELETE', '/feedback')).body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['id'] } });
    expect((await api('DELETE', '/feedback?id=1%00')).status).toBe(400);
  });

  it('an image address that is not a number or too long answers 404 or 400, never 500', async () => {
    expect((await fetchImage('/api/portal/feedback/image/abc')).status).toBe(404);
    expect((await fetchImage(`/api/portal/feedback/image/${'9'.repeat(200)}`)).status).toBe(400);
    expect((await fetchImage('/api/portal/feedback/image/1')).status).toBe(404);
  });
});
