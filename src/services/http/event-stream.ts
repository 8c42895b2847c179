import type { ServiceClient } from './client';
import { isServiceError } from './errors';

/**
 * Following a server-sent event stream of a paired device (the customer display's relay, D143; the
 * kitchen's tickets, D327): GET <path> with the device token, read through the client's raw call so the
 * bearer goes in a header, not the address. A dropped stream reconnects with back-off (1 s doubling to
 * 30 s, randomised so a shop's devices do not all come back in the same instant); a refused token (401)
 * or a `revoked` event means the pairing is gone.
 */

export type StreamLink = 'connected' | 'lost' | 'revoked';

export interface FollowEventStreamOptions {
  client: ServiceClient;
  /** The call's name for the client's log and errors, e.g. `display.stream`. */
  name: string;
  path: string;
  token: string;
  /** Each event with its data parsed as JSON (events whose data is not JSON are dropped). */
  onEvent(name: string, value: unknown): void;
  onLink(state: StreamLink): void;
  /** Waits between attempts; tests pass a quick one. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** A line longer than this is not ours: drop the stream rather than grow a buffer without end. */
const MAX_EVENT_CHARS = 64_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Splits SSE text into events (`event:` and `data:` lines; comments ignored). */
export function createSseParser(onEvent: (name: string, data: string) => void) {
  let buffer = '';
  return (chunk: string): boolean => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent(name, data.join('\n'));
    }
    return buffer.length <= MAX_EVENT_CHARS;
  };
}

/** Follows the stream until stopped (the returned function) or revoked. */
export function followEventStream(options: FollowEventStreamOptions): () => void {
  const controller = new AbortController();
  const wait = options.wait ?? sleep;
  let revoked = false;

  const handle = (name: string, data: string) => {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return;
    }
    if (name === 'revoked') revoked = true;
    else options.onEvent(name, value);
  };

  void (async () => {
    let delay = BACKOFF_FIRST_MS;
    while (!controller.signal.aborted && !revoked) {
      try {
        const response = await options.client.raw({
          name: options.name,
          path: options.path,
          auth: { token: options.token },
          accept: 'text/event-stream',
          signal: controller.signal,
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const feed = createSseParser(handle);
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (!feed(decoder.decode(value, { stream: true }))) break;
            delay = BACKOFF_FIRST_MS;
            if (revoked) break;
          }
        } finally {
          response.release();
        }
      } catch (error) {
        if (isServiceError(error) && error.status === 401) revoked = true;
      }
      if (controller.signal.aborted) return;
      if (revoked) {
        options.onLink('revoked');
        return;
      }
      options.onLink('lost');
      await wait(Math.round(delay * (0.75 + Math.random() * 0.5)), controller.signal);
      delay = Math.min(delay * 2, BACKOFF_MAX_MS);
    }
  })();

  return () => controller.abort();
}
