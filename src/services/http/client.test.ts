import { describe, expect, it, vi } from 'vitest';
import { z } from '../../config/zod-classic';
import { createFakeServer } from '../shared/testing/fake-server';
import type { AuthPort } from './auth-port';
import { tokenSourceFromPort } from './auth-port';
import { createServiceClient } from './client';
import { ServiceError } from './errors';

function fakePort(overrides: Partial<AuthPort> = {}): AuthPort & { locked: number } {
  const port = {
    locked: 0,
    getAccessToken: vi.fn(async () => 'T1'),
    tokenRejected: vi.fn(async () => 'T2'),
    userLocked: vi.fn(() => {
      port.locked += 1;
    }),
    ...overrides,
  };
  return port;
}

function setup(port: AuthPort = fakePort(), timeoutMs?: number) {
  const server = createFakeServer();
  const client = createServiceClient({
    service: 'portal',
    baseURL: '/api/portal',
    tokens: tokenSourceFromPort(port),
    fetch: server.fetch,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { server, client, port };
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a rejection');
}

const item = z.object({ id: z.number(), phone: z.string() });

describe('envelopes', () => {
  it('unwraps {data}', async () => {
    const { server, client } = setup();
    server.on('GET', '/api/portal/thing', () => ({ body: { data: { id: 1, phone: '0912345678' } } }));
    await expect(client.data({ name: 'thing', path: '/thing', schema: item })).resolves.toEqual({ id: 1, phone: '0912345678' });
  });

  it('keeps paging beside data for lists', async () => {
    const { server, client } = setup();
    server.on('GET', '/api/portal/things', () => ({
      body: { data: [{ id: 1, phone: 'x' }], total_page: 3, page: 1, page_size: 10, total_amount: 5000 },
    }));
    const page = await client.list({
      name: 'things',
      path: '/things',
      query: { page: 1, page_size: 10, status: null, bill_id: undefined },
      schema: z.array(item),
    });
    expect(page).toEqual({ data: [{ id: 1, phone: 'x' }], total_page: 3, page: 1, page_size: 10, total_amount: 5000 });
    expect(server.requests[0]?.url).toBe('/api/portal/things?page=1&page_size=10');
  });

  it('list without total_page is an invalid response', async () => {
    const { server, client } = setup();
    server.on('GET', '/api/portal/things', () => ({ body: { data: [] } }));
    const error = await rejection(client.list({ name: 'things', path: '/things', schema: z.array(item) }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('total_page');
  });
});

describe('response validation', () => {
  it('a body failing its schema is INVALID_RESPONSE naming call and fields, never values', async () => {
    const { server, client } = setup();
    server.on('GET', '/api/portal/thing', () => ({ body: { data: { id: 'not-a-number', phone: 84912345678 } } }));
    const error = await rejection(client.data({ name: 'userInfo', path: '/thing', schema: item }));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', kind: 'invalid-response', status: 200 });
    expect(error.message).toContain('portal.userInfo');
    expect(error.message).toContain('data.id');
    expect(error.message).toContain('data.phone');
    expect(error.message).not.toContain('84912345678');
    expect(error.message).not.toContain('not-a-number');
  });

  it('a 200 that is not JSON is INVALID_RESPONSE', async () => {
    const { server, client } = setup();
    server.on('GET', '/api/portal/thing', () => ({ text: '<html>proxy page</html>', contentType: 'text/html' }));
    expect((await rejection(client.data({ name: 'thing', path: '/thing', schema: item }))).code).toBe('INVALID_RESPONSE');
  });
});

describe('error mapping', () => {
  const cases: Array<[string, number, unknown, string]> = [
    ['known code kept', 401, { error_code: 'LOGIN_FAIL', message: 'bad', data: { failed_count: 2, max_attempts: 5 } }, 'LOGIN_FAIL'],
    ['unknown code kept as is (the catalogue falls back)', 400, { error_code: 'SOMETHING_NEW' }, 'SOMETHING_NEW'],
    ['missing code with 4xx → BAD_REQUEST', 400, { message: 'nope' }, 'BAD_REQUEST'],
    ['empty code with 4xx → BAD_REQUEST', 422, { error_code: '' }, 'BAD_REQUEST'],
    ['5xx without code → UNKNOWN_ERROR', 502, 'Bad Gateway', 'UNKNOWN_ERROR'],
    ['5xx with code keeps it', 500, { error_code: 'SYSTEM_FAIL' }, 'SYSTEM_FAIL'],
  ];
  it.each(cases)('%s', async (_label, status, body, code) => {
    const { server, client } = setup();
    server.on('POST', '/api/portal/x', () =>
      typeof body === 'string' ? { status, text: body, contentType: 'text/plain' } : { status, body },
    );
    const error = await rejection(client.data({ name: 'x', method: 'POST', path: '/x', auth: false, schema: z.unknown() }));
    expect(error).toMatchObject({ code, status, kind: 'server' });
  });

  it('keeps the error data and server message', async () => {
    const { server, client } = setup();
    server.on('POST', '/api/portal/user/login', () => ({
      status: 401,
      body: { error_code: 'LOGIN_FAIL', message: 'Wrong', data: { failed_count: 2, max_attempts: 5 } },
    }));
    const error = await rejection(client.data({ name: 'login', method: 'POST', path: '/user/login', auth: false, schema: z.unknown() }));
    expect(error.data).toEqual({ failed_count: 2, max_attempts: 5 });
    expect(error.serverMessage).toBe('Wrong');
  });

  it('network failure → NETWORK_ERROR', async () => {
    const client = createServiceClient({
      service: 'portal',
      baseURL: '/api/portal',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await rejection(client.data({ name: 'x', path: '/x', auth: false, schema: z.unknown() }));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', kind: 'network', status: 0 });
  });

  it('time-out (per-call override) → TIMEOUT', async () => {
    const { server, client } = setup();
    server.on('GET', '/api/portal/slow', () => new Promise(() => {}));
    const started = Date.now();
    const error = await rejection(client.data({ name: 'slow', path: '/slow', auth: false, timeoutMs: 30, schema: z.unknown() }));
    expect(error).toMatchObject({ code: 'TIMEOUT', kind: 'timeout', status: 0 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('D351: a call without an answer (network, time-out) is told to onUnanswered; an answer or the caller cancelling is not', async () => {
    const { server, client } = setup();
    const heard = vi.fn();
    const stop = client.onUnanswered(heard);
    server.on('GET', '/api/portal/slow', () => new Promise(() => {}));
    server.on('GET', '/api/portal/refused', () => ({ status: 409, body: { error_code: 'CONFLICT' } }));
    await rejection(client.data({ name: 'slow', path: '/slow', auth: false, timeoutMs: 30, schema: z.unknown() }));
    expect(heard).toHaveBeenCalledTimes(1);
    await rejection(client.data({ name: 'refused', path: '/refused', auth: false, schema: z.unknown() }));
    const cancel = new AbortController();
    const cancelled = rejection(client.data({ name: 'slow', path: '/slow', auth: false, signal: cancel.signal, schema: z.unknown() }));
    cancel.abort();
    await cancelled;
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    await rejection(client.data({ name: 'slow', path: '/slow', auth: false, timeoutMs: 30, schema: z.unknown() }));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('time-out from the client default', async () => {
    const { server, client } = setup(fakePort(), 30);
    server.on('GET', '/api/portal/slow', () => new Promise(() => {}));
    expect((await rejection(client.data({ name: 'slow', path: '/slow', auth: false, schema: z.unknown() }))).code).toBe('TIMEOUT');
  });

  it('default time-out is 30 s', async () => {
    vi.useFakeTimers();
    try {
      const { server, client } = setup();
      server.on('GET', '/api/portal/slow', () => new Promise(() => {}));
      const pending = rejection(client.data({ name: 'slow', path: '/slow', auth: false, schema: z.unknown() }));
      await vi.advanceTimersByTimeAsync(29_000);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_500);
      expect((await pending).code).toBe('TIMEOUT');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('authentication', () => {
  it('attaches the bearer only to authenticated calls, never in the URL', async () => {
    const { server, client } = setup();
    server.on('GET', '/api/portal/user/info', () => ({ body: { data: 1 } }));
    server.on('POST', '/api/portal/user/login', () => ({ body: { data: 1 } }));
    await client.data({ name: 'info', path: '/user/info', schema: z.number() });
    await client.data({
      name: 'login',
      method: 'POST',
      path: '/user/login',
      body: { username: 'a', password: 'b' },
      auth: false,
      schema: z.number(),
    });
    await client.data({ name: 'info', path: '/user/info', auth: { token: 'EXPLICIT' }, schema: z.number() });
    expect(server.requests.map((r) => r.authorization)).toEqual(['Bearer T1', null, 'Bearer EXPLICIT']);
    expect(server.requests.every((r) => !r.url.includes('T1'))).toBe(true);
  });

  it('no session → AUTHEN_FAIL without a request', async () => {
    const { server, client } = setup(fakePort({ getAccessToken: async () => null }));
    const error = await rejection(client.data({ name: 'info', path: '/user/info', schema: z.unknown() }));
    expect(error).toMatchObject({ code: 'AUTHEN_FAIL', status: 401 });
    expect(server.requests).toHaveLength(0);
  });

  it('401 TOKEN_EXPIRED: asks the port once, retries once with the new token', async () => {
    const port = fakePort();
    const { server, client } = setup(port);
    server.on('GET', '/api/portal/user/info', (r) =>
      r.authorization === 'Bearer T2' ? { body: { data: 'ok' } } : { status: 401, body: { error_code: 'TOKEN_EXPIRED' } },
    );
    await expect(client.data({ name: 'info', path: '/user/info', schema: z.string() })).resolves.toBe('ok');
    expect(port.tokenRejected).toHaveBeenCalledTimes(1);
    expect(port.tokenRejected).toHaveBeenCalledWith('T1');
    expect(server.requests.map((r) => r.authorization)).toEqual(['Bearer T1', 'Bearer T2']);
  });

  it('refresh failure surfaces the original error', async () => {
    const port = fakePort({ tokenRejected: vi.fn(async () => null) });
    const { server, client } = setup(port);
    server.on('GET', '/api/portal/user/info', () => ({ status: 401, body: { error_code: 'TOKEN_EXPIRED', data: { n: 1 } } }));
    const error = await rejection(client.data({ name: 'info', path: '/user/info', schema: z.string() }));
    expect(error).toMatchObject({ code: 'TOKEN_EXPIRED', status: 401, data: { n: 1 } });
    expect(server.requests).toHaveLength(1);
  });

  it('retries only once even if the new token is rejected too', async () => {
    const port = fakePort();
    const { server, client } = setup(port);
    server.on('GET', '/api/portal/user/info', () => ({ status: 401, body: { error_code: 'TOKEN_EXPIRED' } }));
    expect((await rejection(client.data({ name: 'info', path: '/user/info', schema: z.string() }))).code).toBe('TOKEN_EXPIRED');
    expect(server.requests).toHaveLength(2);
    expect(port.tokenRejected).toHaveBeenCalledTimes(1);
  });

  it('AUTHEN_FAIL does not start a refresh', async () => {
    const port = fakePort();
    const { server, client } = setup(port);
    server.on('GET', '/api/portal/user/info', () => ({ status: 401, body: { error_code: 'AUTHEN_FAIL' } }));
    expect((await rejection(client.data({ name: 'info', path: '/user/info', schema: z.string() }))).code).toBe('AUTHEN_FAIL');
    expect(port.tokenRejected).not.toHaveBeenCalled();
  });

  it('explicit-token calls never refresh', async () => {
    const port = fakePort();
    const { server, client } = setup(port);
    server.on('GET', '/api/portal/user/info', () => ({ status: 401, body: { error_code: 'TOKEN_EXPIRED' } }));
    await rejection(client.data({ name: 'info', path: '/user/info', auth: { token: 'X' }, schema: z.string() }));
    expect(port.tokenRejected).not.toHaveBeenCalled();
    expect(port.getAccessToken).not.toHaveBeenCalled();
  });

  it('USER_LOCKED_USING on an authenticated call reports the lock', async () => {
    const port = fakePort();
    const { server, client } = setup(port);
    server.on('GET', '/api/portal/business', () => ({ status: 403, body: { error_code: 'USER_LOCKED_USING' } }));
    expect((await rejection(client.data({ name: 'business', path: '/business', schema: z.unknown() }))).code).toBe('USER_LOCKED_USING');
    expect(port.userLocked).toHaveBeenCalledTimes(1);
  });

  it('USER_LOCKED_USING at sign-in is only an error (no session to end)', async () => {
    const port = fakePort();
    const { server, client } = setup(port);
    server.on('POST', '/api/portal/user/login', () => ({
      status: 423,
      body: { error_code: 'USER_LOCKED_USING', data: { locked_until: 1 } },
    }));
    const error = await rejection(client.data({ name: 'login', method: 'POST', path: '/user/login', auth: false, schema: z.unknown() }));
    expect(error).toMatchObject({ code: 'USER_LOCKED_USING', status: 423, data: { locked_until: 1 } });
    expect(port.userLocked).not.toHaveBeenCalled();
  });
});
