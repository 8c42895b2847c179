/**
 * The sandbox clock. Every time-based rule (token expiry, login locks, reset links, mail limits) reads
 * it instead of Date.now(), so tests and people can jump a day ahead without waiting. It is the real
 * time plus an offset; advancing only moves the offset, so time keeps flowing between calls.
 */
export interface SandboxClock {
  /** Unix milliseconds. */
  now(): number;
  /** Unix seconds (JWT and wire fields use seconds). */
  nowSeconds(): number;
  advance(seconds: number): void;
  reset(): void;
  offsetMs(): number;
  /** Called after every advance and reset (timers set by the sandbox clock must look again). */
  onChange(listener: () => void): () => void;
}

export function createClock(realNow: () => number = Date.now): SandboxClock {
  let offset = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    now: () => realNow() + offset,
    nowSeconds: () => Math.floor((realNow() + offset) / 1000),
    advance(seconds) {
      if (!Number.isFinite(seconds)) throw new RangeError('seconds must be a finite number');
      offset += Math.round(seconds * 1000);
      changed();
    },
    reset() {
      offset = 0;
      changed();
    },
    offsetMs: () => offset,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
