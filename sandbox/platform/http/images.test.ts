// @vitest-environment node
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import {
  afterJpegEnd,
  afterPngEnd,
  concat,
  contains,
  described,
  hasGps,
  HTML,
  headThenHtml,
  jpegOf,
  phoneJpeg,
  pngBomb,
  pngOf,
} from '../test/images';
import { MAX_IMAGE_PIXELS } from './images';

/**
 * D220 through each of the four upload calls: feedback (POST /feedback, multipart `images`), product
 * image (POST /inventory/product/image), sale settings image (POST /saas/image) and the checkout
 * widget logo (PUT /widgets/{id}, multipart `logo`). Every upload is decoded and stored re-encoded;
 * what does not decode is refused in the envelope; what is served back is only the image.
 */

let t: TestSandbox;
let token: string;
let merchantId: string;
let storeId: number;
let widgetId: string;

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(made.status).toBe(201);
  merchantId = made.body.merchant_id;
  token = (await t.login(made.body.username, made.body.password)).access_token;
  const [store] = await t.sandbox.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = $1 ORDER BY id LIMIT 1`, [
    merchantId,
  ]);
  storeId = store!.id;
  const info = await t.api('GET', `/api/checkout/merchants/${merchantId}?allow_create=true`, { token });
  expect(info.status).toBe(200);
  widgetId = info.body.data.data.widget.id;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  body: Record<string, any>;
}
interface Served {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

async function send(method: string, path: string, form: FormData): Promise<Answer> {
  const res = await fetch(`${t.url}${path}`, { method, headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function fetchServed(path: string, signedIn = true): Promise<Served> {
  const res = await fetch(`${t.url}${path}`, signedIn ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const file = (bytes: Uint8Array, name: string, type: string) => new Blob([bytes as BlobPart], { type });

interface UploadCall {
  name: string;
  /** The field a refusal points at (and its index, for feedback). */
  refusal: Record<string, unknown>;
  maxBytes: number;
  upload: (bytes: Uint8Array, name?: string, type?: string) => Promise<Answer>;
  /** The stored image as served back, from a successful upload's answer. */
  served: (answer: Answer) => Promise<Served>;
}

const CALLS: UploadCall[] = [
  {
    name: 'POST /api/portal/feedback (images)',
    refusal: { field: 'images', index: 0 },
    maxBytes: 102_400,
    upload: (bytes, name = 'photo.png', type = 'image/png') => {
      const form = new FormData();
      form.append('type', 'CHECK');
      form.append('store_id', String(storeId));
      form.append('content', 'LOSS');
      form.append('description', 'Ảnh chụp màn hình');
      form.append('images', file(bytes, name, type), name);
      return send('POST', '/api/portal/feedback', form);
    },
    served: (answer) => fetchServed(answer.body.data.images[0]),
  },
  {
    name: 'POST /api/sale/inventory/product/image (file)',
    refusal: { field: 'file' },
    maxBytes: 10_485_760,
    upload: (bytes, name = 'photo.png', type = 'image/png') => {
      const form = new FormData();
      form.append('file', file(bytes, name, type), name);
      return send('POST', '/api/sale/inventory/product/image', form);
    },
    served: (answer) => fetchServed(answer.body.data.image_url),
  },
  {
    name: 'POST /api/sale/saas/image?kind=logo (file)',
    refusal: { field: 'file' },
    maxBytes: 102_400,
    upload: (bytes, name = 'logo.png', type = 'image/png') => {
      const form = new FormData();
      form.append('file', file(bytes, name, type), name);
      return send('POST', '/api/sale/saas/image?kind=logo', form);
    },
    served: (answer) => fetchServed(answer.body.data.url),
  },
  {
    name: 'PUT /api/checkout/widgets/{id} (logo), served publicly',
    refusal: { field: 'logo' },
    maxBytes: 102_400,
    upload: (bytes, name = 'logo.png', type = 'image/png') => {
      const form = new FormData();
      form.append('logo', file(bytes, name, type), name);
      return send('PUT', `/api/checkout/widgets/${widgetId}`, form);
    },
    served: (answer) => fetchServed(answer.body.data.data.widget.logo_url, false),
  },
];

/** A refusal in the envelope: `{error_code, message, data}` with the field it points at. */
function expectRefused(answer: Answer, status: number, code: string, data: Record<string, unknown>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(Object.keys(answer.body).sort()).toEqual(['data', 'error_code', 'message']);
  expect(answer.body.error_code).toBe(code);
  expect(answer.body.data).toMatchObject(data);
}

/** Served as every stored image is: its stored type, inline, inert, never sniffed. */
function expectImageHeaders(served: Served, type: string) {
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe(type);
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
  expect(served.headers.get('content-disposition')).toBe('inline');
}

describe.each(CALLS)('$name', (call) => {
  it('issue 24 §5: a PNG or JPEG header followed by HTML is refused as IMAGE_INVALID_FORMAT (415), nothing stored', async () => {
    const png = await pngOf();
    const jpeg = await jpegOf();
    // 33 bytes: the PNG signature and a whole IHDR chunk; 20: a JPEG's start of image and JFIF header.
    for (const [bytes, name] of [
      [headThenHtml(png, 33), 'a.png'],
      [headThenHtml(jpeg, 20), 'a.jpg'],
    ] as const) {
      expectRefused(await call.upload(bytes, name), 415, 'IMAGE_INVALID_FORMAT', call.refusal);
    }
  });

  it('issue 24 §5: a whole PNG or JPEG with HTML after its end is stored without it: nothing after the end, and it decodes', async () => {
    const png = await pngOf(24, 16);
    const storedPng = await call.served(await call.upload(concat(png, HTML)));
    expectImageHeaders(storedPng, 'image/png');
    expect(contains(storedPng.bytes, '<html')).toBe(false);
    expect(contains(storedPng.bytes, 'script')).toBe(false);
    expect(afterPngEnd(storedPng.bytes)).toBe(0);
    expect(await described(storedPng.bytes)).toMatchObject({ format: 'png', width: 24, height: 16 });

    const jpeg = await jpegOf(20, 12);
    const storedJpeg = await call.served(await call.upload(concat(jpeg, HTML), 'a.jpg', 'image/jpeg'));
    expectImageHeaders(storedJpeg, 'image/jpeg');
    expect(contains(storedJpeg.bytes, '<html')).toBe(false);
    expect(afterJpegEnd(storedJpeg.bytes)).toBe(0);
    expect(await described(storedJpeg.bytes)).toMatchObject({ format: 'jpeg', width: 20, height: 12 });
  });

  it('issue 24 §5: a phone JPEG is stored upright and without its EXIF (GPS position, camera)', async () => {
    const photo = await phoneJpeg(30, 20);
    // The upload does carry them (the test image is what a phone sends).
    expect(await hasGps(photo)).toBe(true);
    expect(contains(photo, 'PhoneMaker')).toBe(true);
    const stored = await call.served(await call.upload(photo, 'IMG_0001.jpg', 'image/jpeg'));
    expectImageHeaders(stored, 'image/jpeg');
    // Turned by its orientation before the EXIF went, so it shows as the phone showed it.
    expect(await described(stored.bytes)).toEqual({ format: 'jpeg', width: 20, height: 30, exif: false, xmp: false, icc: false });
    expect(await hasGps(stored.bytes)).toBe(false);
    expect(contains(stored.bytes, 'PhoneMaker')).toBe(false);
    expect(contains(stored.bytes, 'Exif')).toBe(false);
  });

  it('issue 24 §5: what does not decode as PNG or JPEG is refused as IMAGE_INVALID_FORMAT (415) in the envelope', async () => {
    const png = await pngOf();
    const gif = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
        .gif()
        .toBuffer(),
    );
    const webp = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
        .webp()
        .toBuffer(),
    );
    const cases: Array<[string, Uint8Array]> = [
      ['random bytes', new Uint8Array(Array.from({ length: 512 }, (_, i) => (i * 97 + 13) % 256))],
      ['text named .png', new TextEncoder().encode('hello, not an image')],
      ['svg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="8" height="8"/>')],
      ['truncated png', png.subarray(0, png.length - 30)],
      ['gif', gif],
      ['webp', webp],
    ];
    for (const [label, bytes] of cases) {
      const answer = await call.upload(bytes);
      expect(answer.status, label).toBe(415);
      expectRefused(answer, 415, 'IMAGE_INVALID_FORMAT', call.refusal);
    }
  });

  it('issue 24 §5: a decompression bomb (under 60 KB, 60 megapixels decoded) is refused as IMAGE_TOO_LARGE (413) before decoding', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(call.maxBytes);
    expectRefused(await call.upload(bomb), 413, 'IMAGE_TOO_LARGE', { ...call.refusal, max_pixels: MAX_IMAGE_PIXELS });
  });

  it('issue 24 §5: a valid PNG and JPEG still work end to end, kept in their kind and served with the image headers', async () => {
    const png = await pngOf(24, 16, [200, 40, 40]);
    const storedPng = await call.served(await call.upload(png, 'logo.txt', 'text/plain'));
    expectImageHeaders(storedPng, 'image/png');
    expect(await described(storedPng.bytes)).toMatchObject({ format: 'png', width: 24, height: 16 });
    const pixel = await sharp(Buffer.from(storedPng.bytes)).raw().toBuffer();
    expect([pixel[0], pixel[1], pixel[2]]).toEqual([200, 40, 40]);

    const jpeg = await jpegOf(24, 16);
    const storedJpeg = await call.served(await call.upload(jpeg, 'photo.png', 'image/png'));
    expectImageHeaders(storedJpeg, 'image/jpeg');
    expect(await described(storedJpeg.bytes)).toMatchObject({ format: 'jpeg', width: 24, height: 16 });
  });
});

describe('PUT /api/portal/feedback (base64 images, D91)', () => {
  async function created() {
    const form = new FormData();
    form.append('type', 'CHECK');
    form.append('store_id', String(storeId));
    form.append('content', 'LOSS');
    form.append('description', 'Ảnh');
    form.append('images', file(await pngOf(), 'a.png', 'image/png'), 'a.png');
    const answer = await send('POST', '/api/portal/feedback', form);
    expect(answer.status).toBe(200);
    return answer.body.data as { id: number; store_id: number; images: string[] };
  }
  const put = (row: { id: number; store_id: number; images: string[] }, images: string[]) =>
    t.api('PUT', '/api/portal/feedback', {
      token,
      body: { id: row.id, type: 'CHECK', store_id: row.store_id, content: 'LOSS', description: 'Ảnh', old_images: row.images, images },
    });
  const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;

  it('issue 24 §5: a new base64 image is decoded like an upload: HTML after its end and EXIF gone, a header with HTML refused', async () => {
    const row = await created();
    const answer = await put(row, [dataUrl(concat(await pngOf(), HTML)), dataUrl(await phoneJpeg())]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [, withHtml, photo] = answer.body.data.images as string[];
    const storedPng = await fetchServed(withHtml!);
    expectImageHeaders(storedPng, 'image/png');
    expect(contains(storedPng.bytes, '<html')).toBe(false);
    expect(afterPngEnd(storedPng.bytes)).toBe(0);
    const storedPhoto = await fetchServed(photo!);
    expect(await described(storedPhoto.bytes)).toMatchObject({ format: 'jpeg', exif: false });

    const refused = await put(row, [dataUrl(headThenHtml(await pngOf(), 33))]);
    expectRefused(refused, 415, 'IMAGE_INVALID_FORMAT', { field: 'images', index: 1 });
  });
});
