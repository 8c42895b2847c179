/**
 * What kind of image a file is, read from its first bytes, never from its name or the type the system
 * guessed from the name: a text file renamed .png is not an image. The browser checks a picked file
 * this way before uploading, for an early message; the service decides by decoding the whole image
 * (D220: the sandbox stores it re-encoded), so a file that passes here may still be refused there.
 */

export type ImageMime = 'image/png' | 'image/jpeg';

/** Why a picked file cannot be used: not a PNG or JPEG, or too large. */
export type ImageCheckProblem = 'format' | 'size';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG (the 8-byte signature then the IHDR chunk) or JPEG (FF D8 FF) from a file's first 16 bytes; null for anything else. */
export function imageKind(head: Uint8Array): ImageMime | null {
  if (head.length >= 16 && PNG_SIGNATURE.every((b, i) => head[i] === b)) {
    return String.fromCharCode(head[12]!, head[13]!, head[14]!, head[15]!) === 'IHDR' ? 'image/png' : null;
  }
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

/** A Blob's bytes; Blob.arrayBuffer where the platform has it, FileReader otherwise. */
export function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

export interface CheckedImageFile {
  /** The file, typed with the kind its bytes say whatever its name claimed (sent as such). */
  file: Blob;
  /** The file's name as picked (shown beside a refusal). */
  name: string;
  problem: ImageCheckProblem | null;
}

/** The size first (a huge file is never read whole), then the kind from the first 16 bytes. */
export async function checkImageFile(file: Blob, maxBytes: number): Promise<CheckedImageFile> {
  const name = (file as File).name ?? '';
  if (file.size > maxBytes) return { file, name, problem: 'size' };
  const kind = imageKind(new Uint8Array(await bytesOf(file.slice(0, 16))));
  if (!kind) return { file, name, problem: 'format' };
  const typed = file.type === kind ? file : new File([file], name || 'image', { type: kind });
  return { file: typed, name, problem: null };
}
