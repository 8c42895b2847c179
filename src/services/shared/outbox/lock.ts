/**
 * Only one tab replays the shared queue at a time (D330): the Web Locks API's exclusive lock, held for
 * as long as the tab is replaying and let go by the browser when the tab closes or crashes, so no
 * lease can outlive its holder. A tab that asks while another holds it waits in the lock's queue and
 * gets it when the other lets go.
 */

/** The part of `navigator.locks` used here. */
export type ReplayLocks = Pick<LockManager, 'request'>;

export function browserLocks(): ReplayLocks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/**
 * Asks for the lock `name`; calls `onHeld` once it is this tab's. The returned function lets it go
 * (or withdraws the request still waiting). Without Web Locks (a page served over plain http, where
 * the API is absent) the tab replays unguarded: every entry carries its idempotency key, so a second
 * tab sending the same entry gets the service's stored answer, not a second order (D330, D124).
 */
export function holdReplayLock(locks: ReplayLocks | null, name: string, onHeld: () => void): () => void {
  if (!locks) {
    onHeld();
    return () => {};
  }
  const controller = new AbortController();
  let letGo: () => void = () => {};
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let done = false;
  locks
    .request(name, { mode: 'exclusive', signal: controller.signal }, async () => {
      if (done) return;
      onHeld();
      await released;
    })
    // AbortError: let go before it was granted; nothing was held.
    .catch(() => {});
  return () => {
    done = true;
    controller.abort();
    letGo();
  };
}
