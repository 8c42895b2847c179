/**
 * Test helpers (not shipped: only *.test.ts import them): a fake fetch that routes requests to
 * handlers and records them, and unsigned JWTs with chosen claims.
 */
import { createServiceClient, type ServiceClient } from '../../http/client';

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
  contentType?: string;
}

export type FakeHandler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeServer {
  fetch: typeof globalThis.fetch;
  requests: RecordedRequest[];
  on(method: string, path: string, handler: FakeHandler): void;
  count(method: string, path: string): number;
}

export function createFakeServer(): FakeServer {
  const handlers = new Map<string, FakeHandler>();
  const requests: RecordedRequest[] = [];

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const headers = new Headers(init?.headers);
    let body: unknown = init?.body ?? null;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    const request: RecordedRequest = { method, url, path, authorization: headers.get('authorization'), body };
    requests.push(request);
    const handler = handlers.get(`${method} ${path}`);
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const answerPromise = Promise.resolve(handler ? handler(request) : { status: 404, body: { error_code: 'NOT_FOUND' } });
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
    const answer = await Promise.race([answerPromise, aborted]);
    const text = answer.text ?? JSON.stringify(answer.body ?? null);
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { 'content-type': answer.contentType ?? 'application/json' },
    });
  };

  return {
    fetch: fetchImpl as typeof globalThis.fetch,
    requests,
    on: (method, path, handler) => void handlers.set(`${method.toUpperCase()} ${path}`, handler),
    count: (method, path) => requests.filter((r) => r.method === method.toUpperCase() && r.path === path).length,
  };
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT (the client never verifies signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2ln`;
}

/** A Storage backed by a Map; `failing` makes every call throw like a disabled/private storage. */
export function memoryStorage(options: { failing?: boolean; quota?: number } = {}): Storage {
  const map = new Map<string, string>();
  const guard = () => {
    if (options.failing) throw new DOMException('denied', 'SecurityError');
  };
  return {
    get length() {
      guard();
      return map.size;
    },
    clear: () => (guard(), map.clear()),
    getItem: (key) => (guard(), map.get(key) ?? null),
    key: (i) => (guard(), [...map.keys()][i] ?? null),
    removeItem: (key) => (guard(), void map.delete(key)),
    setItem: (key, value) => {
      guard();
      if (options.quota !== undefined && String(value).length > options.quota) throw new DOMException('full', 'QuotaExceededError');
      map.set(key, String(value));
    },
  };
}

/** A portal-service client on a fake server, signed in with `token` (never refreshed): for client tests. */
export function fakePortalClient(token = 'T'): { server: FakeServer; client: ServiceClient } {
  const server = createFakeServer();
  const client = createServiceClient({
    service: 'portal',
    baseURL: '/api/portal',
    fetch: server.fetch,
    tokens: { getToken: async () => token, onRejected: async () => null, onUserLocked: () => {} },
  });
  return { server, client };
}
