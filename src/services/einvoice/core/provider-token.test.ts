import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../http/errors';
import { einvError } from './http';
import { createProviderTokens, TOKEN_MARGIN_MS, withToken } from './provider-token';
import type { ProviderRoute, ProviderToken } from './types';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A backend whose answers the test hands out one by one. */
function fakeBackend() {
  const asks: Array<{ route: ProviderRoute; answer: ReturnType<typeof deferred<ProviderToken>> }> = [];
  return {
    asks,
    providerToken(route: ProviderRoute) {
      const answer = deferred<ProviderToken>();
      asks.push({ route, answer });
      return answer.promise;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createProviderTokens', () => {
  it('asks once for callers arriving together, and keeps the token until a minute before it expires', async () => {
    let clock = 1_000_000;
    const backend = fakeBackend();
    const tokens = createProviderTokens(backend, () => clock);
    const a = tokens.get('misa');
    const b = tokens.get('misa');
    await flush();
    expect(backend.asks).toHaveLength(1);
    backend.asks[0]!.answer.resolve({ token: 't1', expiresAt: clock + 10 * 60_000 });
    expect(await Promise.all([a, b])).toEqual(['t1', 't1']);

    clock += 10 * 60_000 - TOKEN_MARGIN_MS - 1;
    expect(await tokens.get('misa')).toBe('t1');
    expect(backend.asks).toHaveLength(1);
    clock += 1;
    const c = tokens.get('misa');
    await flush();
    expect(backend.asks).toHaveLength(2);
    backend.asks[1]!.answer.resolve({ token: 't2', expiresAt: clock + 10 * 60_000 });
    expect(await c).toBe('t2');
  });

  it('keeps one token per provider', async () => {
    const backend = fakeBackend();
    const tokens = createProviderTokens(backend, () => 0);
    const misa = tokens.get('misa');
    const fpt = tokens.get('fpt');
    await flush();
    expect(backend.asks.map((a) => a.route)).toEqual(['misa', 'fpt']);
    backend.asks[0]!.answer.resolve({ token: 'm', expiresAt: 3_600_000 });
    backend.asks[1]!.answer.resolve({ token: 'f', expiresAt: 3_600_000 });
    expect([await misa, await fpt]).toEqual(['m', 'f']);
  });

  it('does not keep a failure: the next caller asks again', async () => {
    const backend = fakeBackend();
    const tokens = createProviderTokens(backend, () => 0);
    const first = tokens.get('fpt');
    await flush();
    backend.asks[0]!.answer.reject(einvError('EINV_NOT_SET_UP'));
    await expect(first).rejects.toMatchObject({ code: 'EINV_NOT_SET_UP' });
    const second = tokens.get('fpt');
    await flush();
    expect(backend.asks).toHaveLength(2);
    backend.asks[1]!.answer.resolve({ token: 'ok', expiresAt: 3_600_000 });
    expect(await second).toBe('ok');
  });

  it('uses a seeded token without asking, and asks after invalidate', async () => {
    const backend = fakeBackend();
    const tokens = createProviderTokens(backend, () => 0);
    tokens.seed('m-invoice', { token: 'from-login', expiresAt: 3_600_000 });
    expect(await tokens.get('m-invoice')).toBe('from-login');
    expect(backend.asks).toHaveLength(0);
    tokens.invalidate('m-invoice', 'some-other-token');
    expect(await tokens.get('m-invoice')).toBe('from-login');
    tokens.invalidate('m-invoice', 'from-login');
    const next = tokens.get('m-invoice');
    await flush();
    expect(backend.asks).toHaveLength(1);
    backend.asks[0]!.answer.resolve({ token: 'fresh', expiresAt: 3_600_000 });
    expect(await next).toBe('fresh');
  });

  it('an answer to a request made before invalidate is not kept', async () => {
    const backend = fakeBackend();
    const tokens = createProviderTokens(backend, () => 0);
    const early = tokens.get('viettel');
    await flush();
    tokens.invalidate('viettel');
    backend.asks[0]!.answer.resolve({ token: 'stale', expiresAt: 3_600_000 });
    expect(await early).toBe('stale');
    const later = tokens.get('viettel');
    await flush();
    expect(backend.asks).toHaveLength(2);
    backend.asks[1]!.answer.resolve({ token: 'new', expiresAt: 3_600_000 });
    expect(await later).toBe('new');
  });

  it("a caller's abort rejects only that caller; the shared request goes on", async () => {
    const backend = fakeBackend();
    const tokens = createProviderTokens(backend, () => 0);
    const controller = new AbortController();
    const aborted = tokens.get('misa', controller.signal);
    const other = tokens.get('misa');
    await flush();
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    backend.asks[0]!.answer.resolve({ token: 't', expiresAt: 3_600_000 });
    expect(await other).toBe('t');
    expect(backend.asks).toHaveLength(1);
  });
});

describe('withToken', () => {
  function tokensFrom(list: string[]) {
    let index = 0;
    const backend = { providerToken: async () => ({ token: list[index++] ?? 'none', expiresAt: 3_600_000 }) };
    return createProviderTokens(backend, () => 0);
  }

  it('retries once with a new token after EINV_TOKEN_EXPIRED', async () => {
    const tokens = tokensFrom(['old', 'new']);
    const seen: string[] = [];
    const result = await withToken(tokens, 'misa', async (token) => {
      seen.push(token);
      if (token === 'old') throw einvError('EINV_TOKEN_EXPIRED');
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['old', 'new']);
  });

  it('gives up after the second refusal, and never retries other errors', async () => {
    const expiring = tokensFrom(['a', 'b', 'c']);
    let calls = 0;
    await expect(
      withToken(expiring, 'fpt', async () => {
        calls += 1;
        throw einvError('EINV_TOKEN_EXPIRED');
      }),
    ).rejects.toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    expect(calls).toBe(2);

    const other = tokensFrom(['a', 'b']);
    calls = 0;
    await expect(
      withToken(other, 'fpt', async () => {
        calls += 1;
        throw new ServiceError({ code: 'EINV_PROVIDER_DOWN', status: 503, kind: 'server' });
      }),
    ).rejects.toMatchObject({ code: 'EINV_PROVIDER_DOWN' });
    expect(calls).toBe(1);
  });

  it('callers refused together cause one new request', async () => {
    let asked = 0;
    const tokens = createProviderTokens({ providerToken: async () => ({ token: `t${++asked}`, expiresAt: 3_600_000 }) }, () => 0);
    const run = () =>
      withToken(tokens, 'viettel', async (token) => {
        if (token === 't1') throw einvError('EINV_TOKEN_EXPIRED');
        return token;
      });
    expect(await Promise.all([run(), run(), run()])).toEqual(['t2', 't2', 't2']);
    expect(asked).toBe(2);
  });
});

describe('seller tokens', () => {
  it('puts the tax code the backend or the login gave in front of the bearer, once', async () => {
    const tokens = createProviderTokens(
      { providerToken: async () => ({ token: 'raw', expiresAt: 3_600_000, taxCode: '0108123455' }) },
      () => 0,
    );
    expect(await tokens.get('m-invoice')).toBe('0108123455|raw');
    tokens.seed('misa', { token: '0108123455|fromlogin', expiresAt: 3_600_000, taxCode: '0108123455' });
    expect(await tokens.get('misa')).toBe('0108123455|fromlogin');
    tokens.seed('fpt', { token: 'bare', expiresAt: 3_600_000 });
    expect(await tokens.get('fpt')).toBe('bare');
  });
});
