import type { RawResponse } from './client';
import { LOCAL_ERROR_CODES, ServiceError } from './errors';

/**
 * Reading raw bodies: whole (with progress) or line by line as they arrive. Both loop on
 * reader.read(): async iteration over a ReadableStream is missing in Safari.
 */

export interface Progress {
  received: number;
  /** From Content-Length; null when the server does not say. */
  total: number | null;
}

const broken = (name: string, cause: unknown) =>
  new ServiceError({ code: LOCAL_ERROR_CODES.network, status: 0, kind: 'network', message: `${name}: the answer broke off`, cause });

export async function readBlob(name: string, res: RawResponse, onProgress?: (p: Progress) => void): Promise<Blob> {
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress?.({ received, total });
    }
  } catch (cause) {
    throw broken(name, cause);
  } finally {
    res.release();
  }
  if (total !== null && received !== total) throw broken(name, new Error(`received ${received} of ${total} bytes`));
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
}

/** Calls onLine for every complete line (without its newline) as it arrives; the last partial line at the end too. */
export async function readLines(name: string, res: RawResponse, onLine: (line: string) => void): Promise<void> {
  const reader = res.body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>).getReader();
  let buffer = '';
  try {
    for (;;) {
      let result: ReadableStreamReadResult<string>;
      try {
        result = await reader.read();
      } catch (cause) {
        throw broken(name, cause);
      }
      if (result.done) break;
      buffer += result.value;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        onLine(buffer.slice(0, newline).replace(/\r$/, ''));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    }
    if (buffer !== '') onLine(buffer);
  } finally {
    res.release();
  }
}

/**
 * RFC 6266 / 5987: the UTF-8 `filename*` first, then the plain `filename`. Path separators and control
 * characters are removed so the name cannot point anywhere but the downloads folder.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      name = decodeURIComponent(star[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
    name = (plain?.[1] ?? plain?.[2] ?? '').trim() || null;
  }
  const safe = name
    ?.replace(/[\u0000-\u001F\u007F/\\]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 180);
  return safe ? safe : fallback;
}
