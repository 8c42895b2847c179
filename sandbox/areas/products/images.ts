import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import type { ImageMime } from '../../platform/http/images';

/**
 * Product images (doc 2 §5, §9: PNG, JPG or JPEG, at most 10,485,760 bytes): each upload is decoded
 * and stored re-encoded by the platform (readImageUpload, D220), never taken by the file's name or
 * declared type. The seed's photos are drawn here, deterministic per index, so every copy of a
 * merchant shows the same pictures.
 */

// --- drawing the seed's photos -------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA pixels → a PNG file (8-bit truecolour, no filter): small and enough for a seed picture. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x += 1) {
      const from = (y * width + x) * 4;
      const to = y * (width * 3 + 1) + 1 + x * 3;
      raw[to] = rgba[from]!;
      raw[to + 1] = rgba[from + 1]!;
      raw[to + 2] = rgba[from + 2]!;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', new Uint8Array()),
    ]),
  );
}

/** A plate on a table, its colours from the index: a dish photo stand-in that tells products apart. */
function drawPlate(index: number, size: number): Uint8Array {
  const hue = (index * 47) % 360;
  const [r, g, b] = hsl(hue, 0.65, 0.5);
  const [tr, tg, tb] = hsl((hue + 180) % 360, 0.25, 0.85);
  const rgba = new Uint8Array(size * size * 4);
  const c = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const d = Math.hypot(x - c, y - c) / c;
      const at = (y * size + x) * 4;
      // Table, white rim, food with a few darker spots.
      let px: [number, number, number] = [tr, tg, tb];
      if (d < 0.85) px = [245, 245, 240];
      if (d < 0.62) {
        const spot = Math.sin(x * 0.7 + index) * Math.cos(y * 0.6 - index) > 0.6 ? 0.7 : 1;
        px = [r * spot, g * spot, b * spot];
      }
      rgba[at] = px[0];
      rgba[at + 1] = px[1];
      rgba[at + 2] = px[2];
      rgba[at + 3] = 255;
    }
  }
  return rgba;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const seedPhotos = new Map<number, { mime: ImageMime; bytes: Uint8Array }>();

/** The seed's photo number `index`: even ones PNG, odd ones JPEG, 96 px square. Made once per process. */
export function seedPhoto(index: number): { mime: ImageMime; bytes: Uint8Array } {
  let photo = seedPhotos.get(index);
  if (!photo) {
    const size = 96;
    const rgba = drawPlate(index, size);
    photo =
      index % 2 === 0
        ? { mime: 'image/png', bytes: encodePng(size, size, rgba) }
        : { mime: 'image/jpeg', bytes: new Uint8Array(jpeg.encode({ width: size, height: size, data: rgba }, 85).data) };
    seedPhotos.set(index, photo);
  }
  return photo;
}
