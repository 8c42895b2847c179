import type { SandboxContext } from '../context';

/**
 * Dishes sent to an order (PUT /order/product, D326): the orders area tells whoever listens (the
 * kitchen area's tickets) without knowing it, so neither area imports the other. Called inside the
 * call's idempotent run (platform/http/idempotency), so one key makes one call here however often the
 * send is replayed; `key` is the send's Idempotency-Key, or one made for a send that had none.
 */
export interface LinesSent {
  merchantId: string;
  orderId: number;
  key: string;
  /** What this send added, in the order it was asked: product, how many and the cashier's note (D333). */
  lines: ReadonlyArray<{ productId: number; amount: number; note: string | null }>;
}

type Listener = (sent: LinesSent) => Promise<void>;

/** Per sandbox (tests run several in one process). */
const listeners = new WeakMap<SandboxContext, Listener[]>();

export function onLinesSent(ctx: SandboxContext, listener: Listener): void {
  const list = listeners.get(ctx) ?? [];
  list.push(listener);
  listeners.set(ctx, list);
}

export async function linesSent(ctx: SandboxContext, sent: LinesSent): Promise<void> {
  for (const listener of listeners.get(ctx) ?? []) await listener(sent);
}
