import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_IMAGES } from '../../../src/services/feedback/schemas';
import { ApiError } from '../../platform/http/envelope';
import { detectImage, type ImageMime } from '../../platform/http/images';

export { detectImage };

/**
 * Feedback images (core §5: png, jpeg or jpg, at most 102,400 bytes each; D90). The kind is read from
 * the bytes, never from the file's name or declared type: a text file renamed .png is not an image.
 */

export const MAX_IMAGE_BYTES = FEEDBACK_IMAGE_MAX_BYTES;
/** At most this many images on one feedback, kept ones and new ones together (D90). */
export const MAX_IMAGES = FEEDBACK_MAX_IMAGES;

export interface CheckedImage {
  mime: ImageMime;
  bytes: Uint8Array;
}

export const imageTooLarge = (index: number) =>
  new ApiError(413, 'IMAGE_TOO_LARGE', `Image ${index + 1} is larger than ${MAX_IMAGE_BYTES} bytes`, {
    field: 'images',
    index,
    max_bytes: MAX_IMAGE_BYTES,
  });

export const imageInvalidFormat = (index: number) =>
  new ApiError(415, 'IMAGE_INVALID_FORMAT', `Image ${index + 1} is not a PNG or JPEG image`, { field: 'images', index });

export const tooManyImages = () =>
  new ApiError(400, 'BAD_REQUEST', `At most ${MAX_IMAGES} images per feedback`, { field: 'images', max: MAX_IMAGES });

/** The size first (a huge upload is refused as too large whatever it holds), then the kind. */
export function checkImage(bytes: Uint8Array, index: number): CheckedImage {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge(index);
  const mime = detectImage(bytes);
  if (!mime) throw imageInvalidFormat(index);
  return { mime, bytes };
}

const DATA_URL = /^data:([a-z/+.-]{1,40});base64,([A-Za-z0-9+/]*={0,2})$/;
const BARE_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 of MAX_IMAGE_BYTES plus its padding: longer text cannot hold an acceptable image. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/**
 * A new image in the JSON update (D91): a `data:` URL or bare base64. The declared type in a data:
 * URL is ignored like a file name is; only the decoded bytes count.
 */
export function decodeBase64Image(value: unknown, index: number): CheckedImage {
  if (typeof value !== 'string') throw imageInvalidFormat(index);
  const match = DATA_URL.exec(value);
  const base64 = match ? match[2]! : BARE_BASE64.test(value) ? value : null;
  if (base64 === null || base64.length === 0) throw imageInvalidFormat(index);
  if (base64.length > MAX_BASE64_LENGTH) throw imageTooLarge(index);
  return checkImage(new Uint8Array(Buffer.from(base64, 'base64')), index);
}
