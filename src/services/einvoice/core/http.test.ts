import { describe, expect, it } from 'vitest';
import { z } from '../../../config/zod-classic';
import { ServiceError } from '../../http/errors';
import { einvError, parseWith, providerFetch } from './http';

type Seen = { url: string; init: RequestInit };

function fakeFetch(answer: (seen: Seen) => Response | Promise<Response>, seen: Seen[] = []): typeof globalThis.fetch {
  return async (input, init) => {
    const call = { url: String(input), init: init ?? {} };
    seen.push(call);
    return answer(call);
  };
}

const base = { route: 'm-invoice' as const, baseURL: 'http://x/api/einvoice/m-invoice/' };

describe('providerFetch', () => {
  it('sends JSON with the bearer and the query, and hands back a 4xx answer as it is', async () => {
    const seen: Seen[] = [];
    const fetch = fakeFetch(() => new Response(JSON.stringify({ code: '01', message: 'bad' }), { status: 400 }), seen);
    const res = await providerFetch({
      ...base,
      fetch,
      path: '/api/x',
      method: 'POST',
      body: { a: 1 },
      token: 'tok',
      query: { q: 'a b', n: undefined },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: '01', message: 'bad' });
    expect(seen[0]!.url).toBe('http://x/api/einvoice/m-invoice/api/x?q=a+b');
    const headers = new Headers(seen[0]!.init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.init.body).toBe('{"a":1}');
  });

  it("keeps a provider's own Authorization scheme", async () => {
    const seen: Seen[] = [];
    const fetch = fakeFetch(() => new Response('{}'), seen);
    await providerFetch({ ...base, fetch, path: '/x', token: 'tok', headers: { Authorization: 'Bear tok;unit' } });
    expect(new Headers(seen[0]!.init.headers).get('authorization')).toBe('Bear tok;unit');
  });

  it('reads text and blob answers', async () => {
    const fetch = fakeFetch(() => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
    const blob = await providerFetch<Blob>({ ...base, fetch, path: '/p', responseType: 'blob' });
    expect(await blob.body.text()).toBe('%PDF-1.7');
    const text = await providerFetch<string>({ ...base, fetch, path: '/p' });
    expect(text.body).toBe('%PDF-1.7');
  });

  it('turns 503 into EINV_PROVIDER_DOWN', async () => {
    const fetch = fakeFetch(() => new Response('{"message":"down"}', { status: 503 }));
    await expect(providerFetch({ ...base, fetch, path: '/x' })).rejects.toMatchObject({ code: 'EINV_PROVIDER_DOWN', status: 503 });
  });

  it('turns no answer into NETWORK_ERROR without the token in the message', async () => {
    const fetch: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await providerFetch({ ...base, fetch, path: '/x', token: 'secret-token', body: { password: 'pw' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('NETWORK_ERROR');
    expect((error as ServiceError).message).not.toMatch(/secret-token|pw/);
  });

  it('turns its own time limit into TIMEOUT', async () => {
    const fetch: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    await expect(providerFetch({ ...base, fetch, path: '/x', timeoutMs: 10 })).rejects.toMatchObject({ code: 'TIMEOUT', kind: 'timeout' });
  });

  it("rethrows the caller's abort as it is", async () => {
    const fetch: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    const controller = new AbortController();
    const reason = new DOMException('stopped', 'AbortError');
    const pending = providerFetch({ ...base, fetch, path: '/x', signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('einvError and parseWith', () => {
  it('builds a server-kind ServiceError keeping data', () => {
    const error = einvError('INVOICE_ALREADY_EXPORTED', { eiv_code: 'a::b::1' }, 'exists');
    expect(error).toMatchObject({
      code: 'INVOICE_ALREADY_EXPORTED',
      kind: 'server',
      data: { eiv_code: 'a::b::1' },
      serverMessage: 'exists',
    });
  });

  it('names failing fields but not their values', () => {
    const schema = z.object({ token: z.string(), n: z.number() });
    expect(parseWith(schema, { token: 't', n: 1 })).toEqual({ token: 't', n: 1 });
    const error = (() => {
      try {
        parseWith(schema, { token: 'very-secret', n: 'x' }, 'm-invoice.login');
      } catch (e) {
        return e as ServiceError;
      }
      return null;
    })();
    expect(error?.code).toBe('INVALID_RESPONSE');
    expect(error?.message).toContain('n:');
    expect(error?.message).not.toContain('very-secret');
  });
});
