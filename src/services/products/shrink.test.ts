// @vitest-environment node
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TARGET_BYTES } from './schemas';
import { ImageRefused, shrinkImage, type ImageCodec } from './shrink';

/**
 * The shrink loop on a real 3 MB JPEG (D107). No canvas runs under vitest, so the loop
 * is driven by a pure-JS JPEG codec (jpeg-js) with the same contract as the browser's canvas codec
 * (D107); the browser's own codec is exercised by the e2e test that uploads a 3 MB photo.
 */

interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Nearest-neighbour resize and jpeg-js encode: enough to test the loop, not a quality resampler. */
const jsCodec: ImageCodec<Pixels> = {
  async decode(file) {
    const decoded = jpeg.decode(new Uint8Array(await file.arrayBuffer()), {
      useTArray: true,
      formatAsRGBA: true,
      maxMemoryUsageInMB: 1024,
    });
    return { picture: decoded, width: decoded.width, height: decoded.height };
  },
  async encode(picture, width, height, quality) {
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y += 1) {
      const sy = Math.min(picture.height - 1, Math.floor((y * picture.height) / height));
      for (let x = 0; x < width; x += 1) {
        const sx = Math.min(picture.width - 1, Math.floor((x * picture.width) / width));
        const from = (sy * picture.width + sx) * 4;
        const to = (y * width + x) * 4;
        data[to] = picture.data[from]!;
        data[to + 1] = picture.data[from + 1]!;
        data[to + 2] = picture.data[from + 2]!;
        data[to + 3] = 255;
      }
    }
    return new Blob([jpeg.encode({ width, height, data }, Math.round(quality * 100)).data as BlobPart], { type: 'image/jpeg' });
  },
};

/**
 * A photograph-like picture (sky gradient, a sunlit plate, sensor noise), encoded at quality 97 to
 * about 3 MB, the size a phone's photo has; deterministic (its own random generator).
 */
function threeMegabytePhoto(): Uint8Array {
  const width = 2200;
  const height = 1650;
  const data = new Uint8Array(width * height * 4);
  let seed = 20261124;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const d = Math.hypot(x - width / 2, y - height / 1.8) / (height / 2.5);
      const noise = (random() - 0.5) * 90;
      const base = d < 1 ? [200 - d * 80, 120 + d * 60, 60] : [90 + y / 20, 140 + y / 30, 200 - y / 40];
      data[at] = Math.max(0, Math.min(255, base[0]! + noise));
      data[at + 1] = Math.max(0, Math.min(255, base[1]! + noise));
      data[at + 2] = Math.max(0, Math.min(255, base[2]! + noise));
      data[at + 3] = 255;
    }
  }
  return new Uint8Array(jpeg.encode({ width, height, data }, 97).data);
}

describe('product image shrink (doc 2 §5, §9)', () => {
  it('brings a 3 MB photo under 716,800 bytes in 90% steps, and the result still decodes', async () => {
    const photo = threeMegabytePhoto();
    expect(photo.length).toBeGreaterThan(2_800_000);
    expect(photo.length).toBeLessThan(PRODUCT_IMAGE_MAX_BYTES);
    const result = await shrinkImage(new Blob([photo as BlobPart], { type: 'image/jpeg' }), jsCodec);
    expect(result.size).toBeLessThanOrEqual(PRODUCT_IMAGE_TARGET_BYTES);
    expect(result.file.size).toBe(result.size);
    expect(result.originalSize).toBe(photo.length);
    expect(result.steps).toBeGreaterThan(1);
    // Each step is 90% of the one before: 2200 × 0.9^steps, rounded step by step.
    let width = 2200;
    for (let i = 0; i < result.steps; i += 1) width = Math.round(width * 0.9);
    expect(result.width).toBe(width);
    const decoded = jpeg.decode(new Uint8Array(await result.file.arrayBuffer()), { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([result.width, result.height]);
    // The step before did not fit: it stops at the first size that does.
    const before = await jsCodec.encode(
      (await jsCodec.decode(new Blob([photo as BlobPart]))).picture,
      Math.round(result.width! / 0.9),
      Math.round(result.height! / 0.9),
      0.9,
    );
    expect(before.size).toBeGreaterThan(PRODUCT_IMAGE_TARGET_BYTES * 0.95);
  }, 120_000);

  it('sends a small image as picked, with the type its bytes say', async () => {
    const small = jpeg.encode({ width: 8, height: 8, data: new Uint8Array(256).fill(128) }, 90).data;
    const result = await shrinkImage(new Blob([small as BlobPart], { type: '' }), jsCodec);
    expect(result.steps).toBe(0);
    expect(result.file.type).toBe('image/jpeg');
    expect(result.size).toBe(small.length);
  });

  it('refuses a file over 10,485,760 bytes, one that is not PNG or JPEG, and one that does not decode', async () => {
    await expect(shrinkImage(new Blob([new Uint8Array(PRODUCT_IMAGE_MAX_BYTES + 1)]), jsCodec)).rejects.toEqual(new ImageRefused('size'));
    await expect(shrinkImage(new Blob(['GIF89a not an image at all'], { type: 'image/png' }), jsCodec)).rejects.toMatchObject({
      problem: 'format',
    });
    const broken = new Uint8Array(800_000);
    broken.set([0xff, 0xd8, 0xff, 0xe0]);
    await expect(shrinkImage(new Blob([broken as BlobPart]), jsCodec)).rejects.toMatchObject({ problem: 'decode' });
  });
});
