import { describe, expect, it, vi } from 'vitest';
import { createLookupCache } from './lookup';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('lookup cache (dropdown lists, core §9)', () => {
  it('shares one request between callers asking while it is in flight, then answers from the cache', async () => {
    const answer = deferred<string[]>();
    const stores = vi.fn(() => answer.promise);
    const cache = createLookupCache({ stores });
    const first = cache.get('M1', 'stores');
    const second = cache.get('M1', 'stores');
    expect(stores).toHaveBeenCalledTimes(1);
    expect(cache.peek('M1', 'stores')).toBeUndefined();
    answer.resolve(['Hàng Bạc']);
    await expect(first).resolves.toEqual(['Hàng Bạc']);
    await expect(second).resolves.toEqual(['Hàng Bạc']);
    await expect(cache.get('M1', 'stores')).resolves.toEqual(['Hàng Bạc']);
    expect(cache.peek('M1', 'stores')).toEqual(['Hàng Bạc']);
    expect(stores).toHaveBeenCalledTimes(1);
  });

  it('keys by merchant and kind, and drops another merchant’s lists when a new merchant asks', async () => {
    const stores = vi.fn(async () => ['s']);
    const banks = vi.fn(async () => ['b']);
    const cache = createLookupCache({ stores, banks });
    await cache.get('M1', 'stores');
    await cache.get('M1', 'banks');
    expect(stores).toHaveBeenCalledTimes(1);
    await cache.get('M2', 'stores');
    expect(stores).toHaveBeenCalledTimes(2);
    expect(cache.peek('M1', 'banks')).toBeUndefined();
  });

  it('does not keep a failure: the next caller asks again', async () => {
    const stores = vi.fn().mockRejectedValueOnce({ code: 'TIMEOUT' }).mockResolvedValueOnce(['s']);
    const cache = createLookupCache({ stores: stores as () => Promise<string[]> });
    await expect(cache.get('M1', 'stores')).rejects.toEqual({ code: 'TIMEOUT' });
    await expect(cache.get('M1', 'stores')).resolves.toEqual(['s']);
    expect(stores).toHaveBeenCalledTimes(2);
  });

  it('fetches again after an invalidation and tells subscribers which kind changed', async () => {
    let version = 0;
    const bankAccounts = vi.fn(async () => [`v${++version}`]);
    const staff = vi.fn(async () => ['NV001']);
    const cache = createLookupCache({ bankAccounts, staff });
    const heard: string[] = [];
    const stop = cache.subscribe((kind) => heard.push(kind));
    await cache.get('M1', 'bankAccounts');
    await cache.get('M1', 'staff');
    cache.invalidate('bankAccounts');
    expect(heard).toEqual(['bankAccounts']);
    expect(cache.peek('M1', 'staff')).toEqual(['NV001']);
    await expect(cache.get('M1', 'bankAccounts')).resolves.toEqual(['v2']);
    stop();
    cache.invalidate('staff');
    expect(heard).toEqual(['bankAccounts']);
  });

  it('an answer that arrives after an invalidation does not replace the newer request', async () => {
    const answers = [deferred<string[]>(), deferred<string[]>()];
    let call = 0;
    const cache = createLookupCache({ bankAccounts: () => answers[call++]!.promise });
    const old = cache.get('M1', 'bankAccounts');
    cache.invalidate('bankAccounts');
    const fresh = cache.get('M1', 'bankAccounts');
    answers[0]!.resolve(['before the delete']);
    answers[1]!.resolve(['after the delete']);
    await old;
    await expect(fresh).resolves.toEqual(['after the delete']);
    expect(cache.peek('M1', 'bankAccounts')).toEqual(['after the delete']);
    expect(call).toBe(2);
  });
});
