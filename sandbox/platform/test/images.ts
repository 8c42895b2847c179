import sharp from 'sharp';

/**
 * Images for the upload tests, drawn with sharp itself (no binary fixtures): real PNGs and JPEGs, a
 * phone-like JPEG with EXIF GPS, the hostile shapes of D220 (an image header followed by HTML, a whole
 * image with HTML after its end) and a decompression bomb.
 */

type Rgb = [number, number, number];

const solid = (width: number, height: number, [r, g, b]: Rgb) => sharp({ create: { width, height, channels: 3, background: { r, g, b } } });

export const pngOf = async (width = 24, height = 16, rgb: Rgb = [200, 40, 40]) =>
  new Uint8Array(await solid(width, height, rgb).png().toBuffer());

export const jpegOf = async (width = 24, height = 16, rgb: Rgb = [40, 160, 80]) =>
  new Uint8Array(await solid(width, height, rgb).jpeg({ quality: 90 }).toBuffer());

/**
 * A JPEG as a phone writes it, held upright: the sensor's landscape pixels (`width` × `height`) with
 * EXIF orientation 6 (turn 90° to show), the camera's make and model, and where it was taken (GPS).
 */
export const phoneJpeg = async (width = 30, height = 20) =>
  new Uint8Array(
    await solid(width, height, [90, 120, 200])
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 1/1 42/1', GPSLongitudeRef: 'E', GPSLongitude: '105/1 51/1 7/1' },
      })
      .toBuffer(),
  );

/** Whether an image's EXIF holds a GPS block (the GPSInfo tag 0x8825, in either byte order). */
export async function hasGps(bytes: Uint8Array): Promise<boolean> {
  const exif = (await sharp(Buffer.from(bytes)).metadata()).exif;
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

export const HTML = new TextEncoder().encode('<html><body><script>alert(document.cookie)</script></body></html>');

export const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** The first `n` bytes of `bytes` then HTML: a PNG's signature and IHDR (33 bytes) or a JPEG's start pass a first-bytes check. */
export const headThenHtml = (bytes: Uint8Array, n: number) => concat(bytes.subarray(0, n), HTML);

/** `bytes` padded with zeros to `size` (a whole image, then nothing after its end). */
export const padded = (bytes: Uint8Array, size: number) => {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
};

/** Whether `needle` occurs in `bytes`. */
export const contains = (bytes: Uint8Array, needle: Uint8Array | string) =>
  Buffer.from(bytes).includes(typeof needle === 'string' ? Buffer.from(needle, 'latin1') : Buffer.from(needle));

/**
 * A decompression bomb: under 60 KB of PNG that decode to 60 megapixels (one grey channel, all black,
 * so it deflates about a thousand to one). Drawn once per process.
 */
let bomb: Promise<Uint8Array> | null = null;
export const pngBomb = () =>
  (bomb ??= solid(10_000, 6_000, [0, 0, 0])
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer()
    .then((b) => new Uint8Array(b)));

/** What a served image decodes to (sharp reads the header), and whether it carries EXIF, XMP or an ICC profile. */
export async function described(bytes: Uint8Array) {
  const m = await sharp(Buffer.from(bytes)).metadata();
  return {
    format: m.format,
    width: m.width,
    height: m.height,
    exif: m.exif !== undefined,
    xmp: m.xmp !== undefined,
    icc: m.icc !== undefined,
  };
}

/** The bytes after a PNG's IEND chunk (its last 12 bytes are the chunk: length, type, CRC). */
export function afterPngEnd(bytes: Uint8Array): number {
  const at = Buffer.from(bytes).lastIndexOf(Buffer.from('IEND', 'latin1'));
  return at < 0 ? -1 : bytes.length - (at + 8);
}

/** The bytes after a JPEG's end-of-image marker (FF D9). */
export function afterJpegEnd(bytes: Uint8Array): number {
  const at = Buffer.from(bytes).lastIndexOf(Buffer.from([0xff, 0xd9]));
  return at < 0 ? -1 : bytes.length - (at + 2);
}
