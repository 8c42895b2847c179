import { FEEDBACK_IMAGE_MAX_BYTES, type InspectedImage } from './schemas';

/**
 * The browser's own check of a picked image (core §5), before anything is uploaded: the size, and
 * the kind read from the first bytes, never from the name or the type the system guessed from it.
 * The service checks the same way (D90).
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG (signature then IHDR) or JPEG (FF D8 FF) from a file's first 16 bytes; null for anything else. */
export function imageKind(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (head.length >= 16 && PNG_SIGNATURE.every((b, i) => head[i] === b)) {
    return String.fromCharCode(head[12]!, head[13]!, head[14]!, head[15]!) === 'IHDR' ? 'image/png' : null;
  }
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

/** A Blob's bytes; Blob.arrayBuffer where the platform has it, FileReader otherwise. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

export async function inspectImage(file: Blob): Promise<InspectedImage> {
  const name = (file as File).name ?? '';
  // Too large is decided without reading it; a huge file is never read whole.
  if (file.size > FEEDBACK_IMAGE_MAX_BYTES) return { file, name, problem: 'size' };
  const kind = imageKind(new Uint8Array(await bytesOf(file.slice(0, 16))));
  if (!kind) return { file, name, problem: 'format' };
  // Sent with the type its bytes say, whatever the name claimed.
  const typed = file.type === kind ? file : new File([file], name || 'image', { type: kind });
  return { file: typed, name, problem: null };
}

export const inspectImages = (files: readonly Blob[]) => Promise.all(files.map(inspectImage));
