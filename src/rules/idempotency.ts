/**
 * The two rules every call that must not happen twice follows (adding dishes, paying, a counter sale;
 * D124): one Idempotency-Key per attempt, and a failed call whose outcome is unknown keeps that key for
 * the retry, so the service answers the repeat with its stored result instead of acting again.
 */
import { errorCode, UNKNOWN_ERROR } from './serviceError';

/** The service takes 1..255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * A fresh key for one attempt, `prefix` naming what it is for (read in the sandbox's records). Random,
 * so two tabs never share one; not a secret, only unique.
 */
export function newIdempotencyKey(prefix: string): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return `${prefix}-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** No answer, or one we could not read, or a fault we cannot attribute. */
const UNKNOWN_OUTCOME_CODES = new Set(['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE', UNKNOWN_ERROR, 'SYSTEM_FAIL']);

/**
 * Whether a failed call may still have taken effect on the service: no answer (network, time-out), a
 * success we could not read, a server fault (5xx) or an error without a code (a thrown exception).
 * Then the attempt and its key are kept and the call is looked up or repeated with the same key; only
 * a 4xx with a code is a definite refusal. Doubt counts as unknown: keeping a key is always safe, a
 * new key after a call that did land is a second charge.
 */
export function outcomeUnknown(error: unknown): boolean {
  // errorCode reads anything without a code (not an object, a thrown exception) as UNKNOWN_ERROR.
  if (UNKNOWN_OUTCOME_CODES.has(errorCode(error))) return true;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 500;
}
