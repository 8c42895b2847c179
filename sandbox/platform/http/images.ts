import type { FastifyReply, FastifyRequest } from 'fastify';
import { imageKind, type ImageMime } from '../../../src/services/shared/images';
import { ApiError, required } from './envelope';

/**
 * Uploaded images, checked by their bytes (the portal's own check, src/services/shared/images.ts),
 * never by the file's name or declared type. Each area names its limit and the field the refusal
 * points at; the refusals are the same everywhere: IMAGE_TOO_LARGE (413), IMAGE_INVALID_FORMAT (415).
 */

export type { ImageMime };
export const detectImage = imageKind;

export interface CheckedImage {
  mime: ImageMime;
  bytes: Uint8Array;
}

export const imageTooLarge = (maxBytes: number, data: Record<string, unknown> = { field: 'file' }) =>
  new ApiError(413, 'IMAGE_TOO_LARGE', `The image is larger than ${maxBytes} bytes`, { ...data, max_bytes: maxBytes });

export const imageInvalidFormat = (data: Record<string, unknown> = { field: 'file' }) =>
  new ApiError(415, 'IMAGE_INVALID_FORMAT', 'The file is not a PNG or JPEG image', data);

/** The size first (a huge upload is refused as too large whatever it holds), then the kind. */
export function checkImage(bytes: Uint8Array, maxBytes: number, data: Record<string, unknown> = { field: 'file' }): CheckedImage {
  if (bytes.length > maxBytes) throw imageTooLarge(maxBytes, data);
  const mime = detectImage(bytes);
  if (!mime) throw imageInvalidFormat(data);
  return { mime, bytes };
}

/**
 * The one image file of a multipart upload (field `field`), checked by content. The route's scope must
 * have registered @fastify/multipart with `throwFileSizeLimit: false` and `limits.fileSize` = maxBytes,
 * so an over-long file arrives truncated and is refused as too large. Every part is read, so the whole
 * body is consumed before answering. Text fields come back as they are, for the route to check.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; optional?: boolean },
): Promise<{ image: CheckedImage | null; fields: Record<string, string> }> {
  const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message, { field: options.field });
  if (!request.isMultipart()) throw new ApiError(415, 'BAD_REQUEST', 'Send the form as multipart/form-data', { field: options.field });
  let image: CheckedImage | null = null;
  let failure: ApiError | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== options.field || image || failure) continue;
      try {
        if (part.file.truncated) throw imageTooLarge(options.maxBytes, { field: options.field });
        image = checkImage(new Uint8Array(bytes), options.maxBytes, { field: options.field });
      } catch (error) {
        failure = error as ApiError;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw bad('Send one file');
    throw bad('Malformed multipart form data');
  }
  if (failure) throw failure;
  if (!image && !options.optional) throw required([options.field]);
  return { image, fields };
}

/** An image as an area stores it (its own table, scoped to the merchant); a type, not an interface, so it is a db row. */
export type StoredImage = { mime: string; bytes: Uint8Array };

/**
 * Serves one uploaded image back: `rawId` from the path (1..9 digits, anything else is missing),
 * `find` the area's look-up, scoped to the caller's merchant, so another merchant's image answers
 * exactly like a missing one (404 NOT_FOUND). Sent inline with no active content allowed and no
 * type sniffing: the bytes were checked as PNG/JPEG on upload and must never be read as HTML.
 */
export async function sendStoredImage(
  reply: FastifyReply,
  rawId: string | undefined,
  find: (id: number) => Promise<StoredImage | undefined>,
): Promise<FastifyReply> {
  const raw = rawId ?? '';
  const image = /^\d{1,9}$/.test(raw) ? await find(Number(raw)) : undefined;
  if (!image) throw new ApiError(404, 'NOT_FOUND', 'No such image');
  return reply
    .type(image.mime)
    .header('Content-Security-Policy', "default-src 'none'")
    .header('Content-Disposition', 'inline')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(image.bytes));
}
