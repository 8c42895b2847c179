import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import type { ImageMime } from '../../../src/services/shared/images';
import { ApiError, required } from './envelope';

/**
 * Uploaded images, decoded whole and stored re-encoded (D220): the bytes the merchant sent are never
 * stored or served. libvips (sharp) reads the file with only its PNG and JPEG readers switched on, so
 * the kind is what decodes, never the file's name, declared type or first bytes; what does not decode
 * is refused. The image is then written anew in the same kind (PNG → PNG, JPEG → JPEG, turned upright
 * first by its EXIF orientation), which leaves out everything that is not pixels: bytes after the end
 * of the image (an appended HTML page), EXIF with a phone's GPS position, XMP, text chunks, the ICC
 * profile (the pixels are converted to sRGB). Each area names its byte limit and the field a refusal
 * points at; the refusals are the same everywhere: IMAGE_TOO_LARGE (413) for too many bytes or pixels,
 * IMAGE_INVALID_FORMAT (415) for anything that is not a whole PNG or JPEG. The portal's own first-bytes
 * check (src/services/shared/images.ts) stays in the browser as the early message; the decode here decides.
 */

export type { ImageMime };

/**
 * At most this many pixels (width × height, read from the header before any pixel is decoded): a
 * 48-megapixel phone photo (8000 × 6000) passes; a "decompression bomb" (a few kilobytes of PNG that
 * claim 10000 × 10000 pixels) is refused as too large before it is decoded (D221).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** JPEG quality of the re-encoded file: close to what a phone or the portal's own shrink sends. */
const JPEG_QUALITY = 90;

// Every libvips file reader off but PNG and JPEG from memory: untrusted bytes never reach the SVG,
// TIFF, HEIF, GIF… readers. This is process-wide; the sandbox reads images nowhere else (D220).
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadPngBuffer', 'VipsForeignLoadJpegBuffer'] });
// Each upload is read once: libvips's operation cache would only hold memory.
sharp.cache(false);

/** failOn 'error': a truncated or corrupt image is refused, never stored half grey. */
const READ = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;
/** The header alone (no pixel decoded), read without the limit so that a bomb is told apart and refused as too large. */
const HEADER = { failOn: 'error', limitInputPixels: false } as const;

export interface CheckedImage {
  mime: ImageMime;
  bytes: Uint8Array;
}

/** The two refusals of one upload, with the field (and index) they point at. */
export interface ImageRefusals {
  tooLarge: (extra?: Record<string, unknown>) => ApiError;
  invalid: () => ApiError;
}

export const imageTooLarge = (maxBytes: number, data: Record<string, unknown> = { field: 'file' }) =>
  new ApiError(413, 'IMAGE_TOO_LARGE', `The image is larger than ${maxBytes} bytes`, { ...data, max_bytes: maxBytes });

export const imageInvalidFormat = (data: Record<string, unknown> = { field: 'file' }) =>
  new ApiError(415, 'IMAGE_INVALID_FORMAT', 'The file is not a PNG or JPEG image', data);

/** The platform's refusals for an upload of at most `maxBytes` (data names the field). */
export const imageRefusals = (maxBytes: number, data: Record<string, unknown> = { field: 'file' }): ImageRefusals => ({
  tooLarge: (extra = {}) => imageTooLarge(maxBytes, { ...data, ...extra }),
  invalid: () => imageInvalidFormat(data),
});

/**
 * The size first (a huge upload is refused as too large whatever it holds), then the header (the kind
 * and the pixel count), then the whole decode and the re-encoding (D220). Never throws anything but
 * the two refusals: whatever libvips says about a hostile file is a 4xx, not a 500.
 */
export async function decodeImage(
  bytes: Uint8Array,
  maxBytes: number,
  refuse: ImageRefusals = imageRefusals(maxBytes),
): Promise<CheckedImage> {
  if (bytes.length > maxBytes) throw refuse.tooLarge();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Metadata;
  try {
    header = await sharp(input, HEADER).metadata();
  } catch {
    throw refuse.invalid();
  }
  const mime: ImageMime | null = header.format === 'png' ? 'image/png' : header.format === 'jpeg' ? 'image/jpeg' : null;
  if (!mime || !(header.width > 0) || !(header.height > 0)) throw refuse.invalid();
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw refuse.tooLarge({ max_pixels: MAX_IMAGE_PIXELS });
  try {
    const upright = sharp(input, READ).autoOrient();
    const out = await (mime === 'image/png' ? upright.png() : upright.jpeg({ quality: JPEG_QUALITY })).toBuffer();
    return { mime, bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength) };
  } catch {
    throw refuse.invalid();
  }
}

/**
 * The one image file of a multipart upload (field `field`), decoded (D220). The route's scope must
 * have registered @fastify/multipart with `throwFileSizeLimit: false` and `limits.fileSize` = maxBytes,
 * so an over-long file arrives truncated and is refused as too large. Every part is read, so the whole
 * body is consumed before answering; the image is decoded after. Text fields come back as they are,
 * for the route to check.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; optional?: boolean },
): Promise<{ image: CheckedImage | null; fields: Record<string, string> }> {
  const { file, fields } = await readFileUpload(request, options.field);
  if (!file) {
    if (!options.optional) throw required([options.field]);
    return { image: null, fields };
  }
  const refuse = imageRefusals(options.maxBytes, { field: options.field });
  if (file.truncated) throw refuse.tooLarge();
  return { image: await decodeImage(new Uint8Array(file.bytes), options.maxBytes, refuse), fields };
}

/** One uploaded file as it arrived: its bytes, whether the size limit cut it, and the name the client gave. */
export interface UploadedFile {
  bytes: Buffer;
  truncated: boolean;
  filename: string;
}

/**
 * The first file of field `field` of a multipart upload, undecoded, and the text fields, for a route
 * that decodes the file itself (readImageUpload; the e-invoice template's logo, which may be a PDF).
 * Every part is read, so the whole body is consumed before answering; a malformed body or one over the
 * scope's part limits is a 400 in the envelope.
 */
export async function readFileUpload(
  request: FastifyRequest,
  field: string,
): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
  if (!request.isMultipart()) throw new ApiError(415, 'BAD_REQUEST', 'Send the form as multipart/form-data', { field });
  let file: UploadedFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname === field && !file) file = { bytes, truncated: part.file.truncated, filename: part.filename ?? '' };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw bad('Send one file');
    throw bad('Malformed multipart form data');
  }
  return { file, fields };
}

/** An image as an area stores it (its own table, scoped to the merchant); a type, not an interface, so it is a db row. */
export type StoredImage = { mime: string; bytes: Uint8Array };

/**
 * The headers of every stored image served (D220): the type it was stored as, inline, no active
 * content if it is ever opened as a page, and no type sniffing.
 */
export function imageReply(reply: FastifyReply, mime: string): FastifyReply {
  return reply
    .type(mime)
    .header('Content-Security-Policy', "default-src 'none'")
    .header('Content-Disposition', 'inline')
    .header('X-Content-Type-Options', 'nosniff');
}

/**
 * Serves one uploaded image back: `rawId` from the path (1..9 digits, anything else is missing),
 * `find` the area's look-up, scoped to the caller's merchant, so another merchant's image answers
 * exactly like a missing one (404 NOT_FOUND), with the headers of imageReply.
 */
export async function sendStoredImage(
  reply: FastifyReply,
  rawId: string | undefined,
  find: (id: number) => Promise<StoredImage | undefined>,
): Promise<FastifyReply> {
  const raw = rawId ?? '';
  const image = /^\d{1,9}$/.test(raw) ? await find(Number(raw)) : undefined;
  if (!image) throw new ApiError(404, 'NOT_FOUND', 'No such image');
  return imageReply(reply, image.mime).send(Buffer.from(image.bytes));
}
