import { bytesOf, imageKind } from '../shared/images';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_STEP, PRODUCT_IMAGE_TARGET_BYTES } from './schemas';

/**
 * The product image's check and shrink in the browser (doc 2 §5, §9): PNG or JPEG (read from the
 * bytes, never the name), at most 10,485,760 bytes; a file over 716,800 bytes is scaled to 90% of its
 * width and height and re-encoded, step after step, until it fits (D107). The drawing is a codec
 * behind an interface: the browser's canvas in the portal, a pure-JS JPEG codec in the unit test,
 * so the same loop is tested on a real photo where no canvas exists.
 */

/** Why a picked file cannot be the product's image. */
export type ImageProblem = 'format' | 'size' | 'decode';

export class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`image refused: ${problem}`);
  }
}

/** Draws a decoded picture at a size and encodes it as JPEG. */
export interface ImageCodec<Picture> {
  decode(file: Blob): Promise<{ picture: Picture; width: number; height: number }>;
  encode(picture: Picture, width: number, height: number, quality: number): Promise<Blob>;
  release?(picture: Picture): void;
}

export interface ShrunkImage {
  file: Blob;
  /** The bytes that will be uploaded. */
  size: number;
  /** The picked file's bytes. */
  originalSize: number;
  /** How many 90% steps it took (0: sent as picked). */
  steps: number;
  width: number | null;
  height: number | null;
}

/** Enough steps to bring any 10 MB picture to a few pixels; a loop that never fits gives up. */
export const MAX_SHRINK_STEPS = 40;
const JPEG_QUALITY = 0.9;

export async function shrinkImage<Picture>(
  file: Blob,
  codec: ImageCodec<Picture>,
  options: { signal?: AbortSignal; target?: number } = {},
): Promise<ShrunkImage> {
  const target = options.target ?? PRODUCT_IMAGE_TARGET_BYTES;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) throw new ImageRefused('size');
  const kind = imageKind(new Uint8Array(await bytesOf(file.slice(0, 16))));
  if (!kind) throw new ImageRefused('format');
  if (file.size <= target) {
    const typed = file.type === kind ? file : new Blob([file], { type: kind });
    return { file: typed, size: file.size, originalSize: file.size, steps: 0, width: null, height: null };
  }
  let decoded: Awaited<ReturnType<ImageCodec<Picture>['decode']>>;
  try {
    decoded = await codec.decode(file);
  } catch {
    throw new ImageRefused('decode');
  }
  try {
    let width = decoded.width;
    let height = decoded.height;
    for (let step = 1; step <= MAX_SHRINK_STEPS; step += 1) {
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      width = Math.max(1, Math.round(width * PRODUCT_IMAGE_STEP));
      height = Math.max(1, Math.round(height * PRODUCT_IMAGE_STEP));
      const blob = await codec.encode(decoded.picture, width, height, JPEG_QUALITY);
      if (blob.size <= target) return { file: blob, size: blob.size, originalSize: file.size, steps: step, width, height };
    }
    throw new ImageRefused('size');
  } finally {
    codec.release?.(decoded.picture);
  }
}

/** The browser's codec: createImageBitmap to decode, a canvas to draw and encode. */
export const canvasCodec: ImageCodec<ImageBitmap> = {
  async decode(file) {
    const picture = await createImageBitmap(file);
    return { picture, width: picture.width, height: picture.height };
  },
  async encode(picture, width, height, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    // JPEG has no transparency: a transparent PNG goes on white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(picture, 0, 0, width, height);
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no image'))), 'image/jpeg', quality),
    );
  },
  release(picture) {
    picture.close();
  },
};
