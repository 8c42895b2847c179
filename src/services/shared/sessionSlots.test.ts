import { describe, expect, it } from 'vitest';
import { createSessionSlots } from './sessionSlots';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const refusing = (): Storage => ({
  ...memoryStorage(),
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
});

describe('session slots (D124: where idempotency keys are kept)', () => {
  it('a value written under the prefix is found by a later page on the same storage (a reload) and removed by null', () => {
    const storage = memoryStorage();
    createSessionSlots('pay.', () => storage).write('7', 'key-1');
    expect(storage.getItem('pay.7')).toBe('key-1');
    const afterReload = createSessionSlots('pay.', () => storage);
    expect(afterReload.read('7')).toBe('key-1');
    afterReload.write('7', null);
    expect(storage.getItem('pay.7')).toBeNull();
    expect(afterReload.read('7')).toBeNull();
  });

  it('storage that refuses or is missing: the value lives in memory for this page', () => {
    for (const storage of [refusing(), null]) {
      const slots = createSessionSlots('orders.', () => storage);
      slots.write('3', 'key-2');
      expect(slots.read('3')).toBe('key-2');
      slots.write('3', null);
      expect(slots.read('3')).toBeNull();
    }
  });
});
