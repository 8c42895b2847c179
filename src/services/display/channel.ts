import {
  DISPLAY_CHANNEL,
  DISPLAY_PROTOCOL,
  displayMessageSchema,
  isDisplayHello,
  parseDisplayMessage,
  type DisplayHello,
  type DisplayInput,
  type DisplayMessage,
} from './messages';

/**
 * The road from the cashier's screen to the customer's display (docs/areas/display.md "Channel").
 * Same browser: a BroadcastChannel named `portal-display` (a second window on the second monitor;
 * keeps working with the network down). Another device: the sender also hands each message to a
 * relay (the sandbox, see relay.ts), newest only. Displays render the newest `seq`; a display that
 * (re)loads posts a hello and the sender answers with its last message.
 */

/** The part of a BroadcastChannel used here; tests pass a fake or a pair of real channels. */
export interface DisplayPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

function openPort(): DisplayPort | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(DISPLAY_CHANNEL);
  } catch {
    return null;
  }
}

function safePost(port: DisplayPort | null, message: unknown): void {
  try {
    port?.postMessage(message);
  } catch {
    // A closed channel must never break the cashier's payment screen.
  }
}

export interface DisplaySenderOptions {
  /** Defaults to a BroadcastChannel `portal-display`; null = none (only the relay). */
  port?: DisplayPort | null;
  now?: () => number;
  /** Hands each message on to paired devices (createRelayQueue over the sale service). */
  relay?: (message: DisplayMessage) => void;
}

export interface DisplaySender {
  /** Stamps, checks and posts the message; answers what was sent (null when the input is not a valid message). */
  send(input: DisplayInput): DisplayMessage | null;
  /** The last message sent, which a reloaded display gets again. */
  last(): DisplayMessage | null;
  close(): void;
}

/**
 * The cashier's side. `seq` starts at the clock in milliseconds and only grows, so a cashier tab that
 * reloads (its counter would otherwise restart at 0) still outranks what it sent before (D140).
 */
export function createDisplaySender(options: DisplaySenderOptions = {}): DisplaySender {
  const port = options.port === undefined ? openPort() : options.port;
  const now = options.now ?? (() => Date.now());
  let seq = 0;
  let last: DisplayMessage | null = null;

  const onMessage = (event: MessageEvent) => {
    if (last && isDisplayHello(event.data)) safePost(port, last);
  };
  port?.addEventListener('message', onMessage);

  return {
    send(input) {
      const at = now();
      seq = Math.max(seq + 1, at);
      // Parsing keeps only the schema's keys: whatever else the caller's objects carry stays here.
      const checked = displayMessageSchema.safeParse({ ...input, v: DISPLAY_PROTOCOL, seq, at });
      if (!checked.success) return null;
      last = checked.data;
      safePost(port, last);
      options.relay?.(last);
      return last;
    },
    last: () => last,
    close() {
      port?.removeEventListener('message', onMessage);
      port?.close();
    },
  };
}

export interface DisplayReceiverOptions {
  port?: DisplayPort | null;
  onMessage: (message: DisplayMessage) => void;
}

export interface DisplayReceiver {
  /** Asks the cashier's side for its current state (sent once on creation). */
  hello(): void;
  close(): void;
}

/** The display's side: every valid message is handed on (the display machine keeps the newest seq). */
export function createDisplayReceiver(options: DisplayReceiverOptions): DisplayReceiver {
  const port = options.port === undefined ? openPort() : options.port;
  const listener = (event: MessageEvent) => {
    const message = parseDisplayMessage(event.data);
    if (message) options.onMessage(message);
  };
  port?.addEventListener('message', listener);
  const hello = () => safePost(port, { v: DISPLAY_PROTOCOL, hello: true } satisfies DisplayHello);
  hello();
  return {
    hello,
    close() {
      port?.removeEventListener('message', listener);
      port?.close();
    },
  };
}

/**
 * Sends to a slow road without piling up: one call in flight, and of what arrives meanwhile only the
 * newest is sent next (an older state is worthless once a newer exists). A failure is dropped: the
 * next message carries the whole state anyway.
 */
export function createRelayQueue(post: (message: DisplayMessage) => Promise<unknown>, onError?: (error: unknown) => void) {
  let inFlight = false;
  let pending: DisplayMessage | null = null;
  const pump = async (): Promise<void> => {
    while (pending) {
      const next = pending;
      pending = null;
      inFlight = true;
      try {
        await post(next);
      } catch (error) {
        onError?.(error);
      } finally {
        inFlight = false;
      }
    }
  };
  return (message: DisplayMessage) => {
    if (pending && pending.seq > message.seq) return;
    pending = message;
    if (!inFlight) void pump();
  };
}
