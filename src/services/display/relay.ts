import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http/client';
import { createDisplaySender, createRelayQueue, type DisplayPort, type DisplaySender } from './channel';
import type { DisplayMessage } from './messages';

/**
 * The cashier's road to displays on other devices (docs/areas/display.md "Pairing"): each message is
 * posted to the sale service, which keeps the merchant's newest and streams it to the paired
 * displays. Signed-in cashiers only; a merchant with no paired display costs one small call per change.
 */

const relayAnswerSchema = z.object({ seq: z.number(), displays: z.number().int().min(0) });

export function postDisplayMessage(client: ServiceClient, message: DisplayMessage, signal?: AbortSignal) {
  return client.data({
    name: 'display.relay',
    method: 'POST',
    path: '/display/message',
    body: message,
    schema: relayAnswerSchema,
    signal,
  });
}

export interface CashierDisplayOptions {
  /** The sale service client (runtime.clients.sale); without it only the same browser's displays follow. */
  sale?: ServiceClient | null;
  port?: DisplayPort | null;
  now?: () => number;
}

/** What a payment screen uses: the same-browser channel plus, when signed in, the relay. */
export function createCashierDisplay(options: CashierDisplayOptions = {}): DisplaySender {
  const sale = options.sale;
  return createDisplaySender({
    port: options.port,
    now: options.now,
    relay: sale ? createRelayQueue((message) => postDisplayMessage(sale, message)) : undefined,
  });
}
