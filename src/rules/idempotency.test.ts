import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey, outcomeUnknown } from './idempotency';

describe('idempotency rules (D124)', () => {
  it('a new key per attempt: prefixed, visible ASCII within 255 characters, never repeated', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey('pay')));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key.startsWith('pay-')).toBe(true);
      expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    }
  });

  it('an outcome is unknown after no answer, an unreadable success, a 5xx or an exception; a 4xx with a code is definite', () => {
    expect(outcomeUnknown({ code: 'NETWORK_ERROR', status: 0 })).toBe(true);
    expect(outcomeUnknown({ code: 'TIMEOUT', status: 0 })).toBe(true);
    expect(outcomeUnknown({ code: 'INVALID_RESPONSE', status: 201 })).toBe(true);
    expect(outcomeUnknown({ code: 'SYSTEM_FAIL', status: 502 })).toBe(true);
    expect(outcomeUnknown({ code: 'SOMETHING', status: 503 })).toBe(true);
    expect(outcomeUnknown(new Error('boom'))).toBe(true);
    expect(outcomeUnknown(undefined)).toBe(true);
    expect(outcomeUnknown({ code: 'PRODUCT_NOT_AVAILABLE', status: 409 })).toBe(false);
    expect(outcomeUnknown({ code: 'ORDER_PAID', status: 409 })).toBe(false);
    expect(outcomeUnknown({ code: 'BAD_REQUEST', status: 400 })).toBe(false);
  });
});
