import { displayMessageSchema, type DisplayContent, type DisplayMessage } from './schemas';

export type { DisplayContent, DisplayMessage };

/**
 * What the guest's screen shows (issue 13 wire contract, "Customer display message"). The display
 * channel and its schema belong to the customer-display work (src/services/shared/display/ on its
 * branch); until the two are joined the payment screen writes to this small port of its own, with the
 * same shape and channel name, so joining them is a change of import (see docs/areas/orderpayment.md).
 * No customer phone, no staff data, no token ever goes in a message.
 */

export const DISPLAY_CHANNEL = 'portal-display';
/** The newest message, kept so a display opened or reloaded later starts from it. */
export const DISPLAY_LATEST_KEY = 'portal-display.latest';

export interface DisplayPort {
  publish(content: DisplayContent): void;
  /** Every valid message from another window of this browser; returns the unsubscribe. */
  subscribe(listener: (message: DisplayMessage) => void): () => void;
  /** The newest message published in this browser, if any. */
  latest(): DisplayMessage | null;
  close(): void;
}

function parse(value: unknown): DisplayMessage | null {
  const parsed = displayMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function createDisplayPort(win: Window & typeof globalThis, now: () => number = Date.now): DisplayPort {
  const channel = typeof win.BroadcastChannel === 'function' ? new win.BroadcastChannel(DISPLAY_CHANNEL) : null;
  const read = (): DisplayMessage | null => {
    try {
      const text = win.localStorage.getItem(DISPLAY_LATEST_KEY);
      return text ? parse(JSON.parse(text)) : null;
    } catch {
      return null;
    }
  };
  let seq = read()?.seq ?? 0;
  return {
    publish(content) {
      seq = Math.max(seq, read()?.seq ?? 0) + 1;
      const message: DisplayMessage = { v: 1, seq, at: now(), ...content };
      try {
        win.localStorage.setItem(DISPLAY_LATEST_KEY, JSON.stringify(message));
      } catch {
        /* the live channel still carries it */
      }
      channel?.postMessage(message);
    },
    subscribe(listener) {
      let newest = 0;
      const deliver = (value: unknown) => {
        const message = parse(value);
        if (!message || message.seq <= newest) return;
        newest = message.seq;
        listener(message);
      };
      const onMessage = (event: MessageEvent) => deliver(event.data);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== DISPLAY_LATEST_KEY || !event.newValue) return;
        try {
          deliver(JSON.parse(event.newValue));
        } catch {
          /* not ours */
        }
      };
      channel?.addEventListener('message', onMessage);
      win.addEventListener('storage', onStorage);
      return () => {
        channel?.removeEventListener('message', onMessage);
        win.removeEventListener('storage', onStorage);
      };
    },
    latest: read,
    close: () => channel?.close(),
  };
}
