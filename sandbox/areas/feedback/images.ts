import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_IMAGES } from '../../../src/services/feedback/schemas';
import { ApiError } from '../../platform/http/envelope';
import { decodeImage, type CheckedImage, type ImageRefusals } from '../../platform/http/images';

export type { CheckedImage };

/**
 * Feedback images (core §5: png, jpeg or jpg, at most 102,400 bytes each; D90). Each is decoded and
 * stored re-encoded by the platform (D220): the kind is what decodes, never the file's name or
 * declared type, and nothing but the pixels is kept.
 */

export const MAX_IMAGE_BYTES = FEEDBACK_IMAGE_MAX_BYTES;
/** At most this many images on one feedback, kept ones and new ones together (D90). */
export const MAX_IMAGES = FEEDBACK_MAX_IMAGES;

export const imageTooLarge = (index: number, extra: Record<string, unknown> = {}) =>
  new ApiError(413, 'IMAGE_TOO_LARGE', `Image ${index + 1} is larger than ${MAX_IMAGE_BYTES} bytes`, {
    field: 'images',
    index,
    max_bytes: MAX_IMAGE_BYTES,
    ...extra,
  });

export const imageInvalidFormat = (index: number) =>
  new ApiError(415, 'IMAGE_INVALID_FORMAT', `Image ${index + 1} is not a PNG or JPEG image`, { field: 'images', index });

export const tooManyImages = () =>
  new ApiError(400, 'BAD_REQUEST', `At most ${MAX_IMAGES} images per feedback`, { field: 'images', max: MAX_IMAGES });

const refusals = (index: number): ImageRefusals => ({
  tooLarge: (extra) => imageTooLarge(index, extra),
  invalid: () => imageInvalidFormat(index),
});

/** Image `index` of a report: the size first, then the decode (D220). */
export const checkImage = (bytes: Uint8Array, index: number): Promise<CheckedImage> => decodeImage(bytes, MAX_IMAGE_BYTES, refusals(index));

const DATA_URL = /^data:([a-z/+.-]{1,40});base64,([A-Za-z0-9+/]*={0,2})$/;
const BARE_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 of MAX_IMAGE_BYTES plus its padding: longer text cannot hold an acceptable image. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/**
 * A new image in the JSON update (D91): a `data:` URL or bare base64. The declared type in a data:
 * URL is ignored like a file name is; only the decoded image counts.
 */
export async function decodeBase64Image(value: unknown, index: number): Promise<CheckedImage> {
  if (typeof value !== 'string') throw imageInvalidFormat(index);
  const match = DATA_URL.exec(value);
  const base64 = match ? match[2]! : BARE_BASE64.test(value) ? value : null;
  if (base64 === null || base64.length === 0) throw imageInvalidFormat(index);
  if (base64.length > MAX_BASE64_LENGTH) throw imageTooLarge(index);
  return checkImage(new Uint8Array(Buffer.from(base64, 'base64')), index);
}
