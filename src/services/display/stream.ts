import type { ServiceClient } from '../http/client';
import { createSseParser, followEventStream, type StreamLink } from '../http/event-stream';
import { parseDisplayMessage, type DisplayMessage } from './messages';
import { streamPairedSchema } from './schemas';

/**
 * A paired display's road from the sale service: GET /display/stream (server-sent events) with the
 * display token, read through the client's raw call so the bearer goes in a header, not the address.
 * The stream says `paired` (shop name), then `message` for the current state and every newer one, and
 * `revoked` when the cashier unpairs. Reconnecting and the back-off are the shared stream's
 * (../http/event-stream.ts); a refused token (401) means the pairing is gone.
 */

export type RelayLink = StreamLink;

export interface FollowRelayOptions {
  client: ServiceClient;
  token: string;
  onMessage(message: DisplayMessage): void;
  onLink(state: RelayLink): void;
  onShopName?(name: string): void;
  /** Waits between attempts; tests pass a quick one. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export { createSseParser };

/** Follows the relay until stopped (the returned function) or revoked. */
export function followRelay(options: FollowRelayOptions): () => void {
  return followEventStream({
    client: options.client,
    name: 'display.stream',
    path: '/display/stream',
    token: options.token,
    wait: options.wait,
    onLink: options.onLink,
    onEvent(name, value) {
      if (name === 'paired') {
        const paired = streamPairedSchema.safeParse(value);
        if (paired.success) options.onShopName?.(paired.data.shop_name);
        options.onLink('connected');
      } else if (name === 'message') {
        const message = parseDisplayMessage(value);
        if (message) options.onMessage(message);
      }
    },
  });
}
