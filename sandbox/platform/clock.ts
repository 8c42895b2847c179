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
}

export function createClock(realNow: () => number = Date.now): SandboxClock {
  let offset = 0;
  return {
    now: () => realNow() + offset,
    nowSeconds: () => Math.floor((realNow() + offset) / 1000),
    advance(seconds) {
      if (!Number.isFinite(seconds)) throw new RangeError('seconds must be a finite number');
      offset += Math.round(seconds * 1000);
    },
    reset() {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
