import type { ServiceClient } from '../http/client';
import { isServiceError } from '../http/errors';
import { parseDisplayMessage, type DisplayMessage } from './messages';
import { streamPairedSchema } from './schemas';

/**
 * A paired display's road from the sale service: GET /display/stream (server-sent events) with the
 * display token, read through the client's raw call so the bearer goes in a header, not the address.
 * The stream says `paired` (shop name), then `message` for the current state and every newer one, and
 * `revoked` when the cashier unpairs. A dropped stream reconnects with back-off (1 s doubling to 30 s);
 * a refused token (401) means the pairing is gone.
 */

export type RelayLink = 'connected' | 'lost' | 'revoked';

export interface FollowRelayOptions {
  client: ServiceClient;
  token: string;
  onMessage(message: DisplayMessage): void;
  onLink(state: RelayLink): void;
  onShopName?(name: string): void;
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

/** Follows the relay until stopped (the returned function) or revoked. */
export function followRelay(options: FollowRelayOptions): () => void {
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
    if (name === 'paired') {
      const paired = streamPairedSchema.safeParse(value);
      if (paired.success) options.onShopName?.(paired.data.shop_name);
      options.onLink('connected');
    } else if (name === 'message') {
      const message = parseDisplayMessage(value);
      if (message) options.onMessage(message);
    } else if (name === 'revoked') {
      revoked = true;
    }
  };

  void (async () => {
    let delay = BACKOFF_FIRST_MS;
    while (!controller.signal.aborted && !revoked) {
      try {
        const response = await options.client.raw({
          name: 'display.stream',
          path: '/display/stream',
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
      // Randomised, so displays of one shop do not all come back in the same instant.
      await wait(Math.round(delay * (0.75 + Math.random() * 0.5)), controller.signal);
      delay = Math.min(delay * 2, BACKOFF_MAX_MS);
    }
  })();

  return () => controller.abort();
}
