import { safeParse } from '../../../config/zod-mini';
import type { $ZodType, output } from 'zod/v4/core';
import { describeSchemaFailure } from '../../http/client';
import { LOCAL_ERROR_CODES, ServiceError } from '../../http/errors';
import type { EinvoiceErrorCode, ProviderRoute } from './types';

/**
 * The one door to a provider's own API. Unlike the portal's ServiceClient, it does not read the
 * answer as the portal's error envelope: every provider answers errors in its own shape, sometimes at
 * HTTP 200 (M-Invoice's `code`, MISA's per-item `ErrorCode`), so it hands back every status and the
 * adapter decides. Only what is the same for all four is decided here: no answer (network, time-out,
 * the caller's abort) and 503 (the provider is down, the emulators' `down` fault).
 *
 * Nothing a request carries (token, password, body) is put in an error message: messages can reach logs.
 */

export const PROVIDER_TIMEOUT_MS = 30_000;

/**
 * The series list's own limit, above the setup's 40 s `serialTimeout` (doc 2 §8, §9): that machine
 * decides when the list is too late and aborts the call through its signal. With the 30 s default
 * the transport gave up first, so a list that answered at 35 s failed and the "40 s" was really 30.
 */
export const SERIAL_LIST_TIMEOUT_MS = 60_000;

export type ProviderResponseType = 'json' | 'blob' | 'text';
export type ProviderQueryValue = string | number | boolean | null | undefined;

export interface ProviderFetchOptions {
  route: ProviderRoute;
  /** The provider's base URL from the configuration (`einvoice.providers[route]`). */
  baseURL: string;
  /** Path under the base URL, starting with '/'. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, ProviderQueryValue>;
  /** A plain object or array is sent as JSON; a string, FormData or URLSearchParams as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>` unless `headers` has its own Authorization (a provider's scheme). */
  token?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Default 'json': a body that is not JSON arrives as its text. */
  responseType?: ProviderResponseType;
  /** Injected fetch (tests pass the sandbox's in-process fetch); default globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
}

export interface ProviderResponse<B = unknown> {
  status: number;
  body: B;
  headers: Headers;
}

/** A ServiceError for an e-invoice code, as the server would send it (kind 'server'). */
export function einvError(code: EinvoiceErrorCode | string, data?: unknown, serverMessage?: string, status = 0): ServiceError {
  return new ServiceError({
    code,
    status,
    kind: 'server',
    ...(data === undefined ? {} : { data }),
    ...(serverMessage === undefined ? {} : { serverMessage }),
    message: `einvoice: ${code}`,
  });
}

/** The value when it matches; else INVALID_RESPONSE naming the failing fields (never their values). */
export function parseWith<S extends $ZodType>(schema: S, value: unknown, callName = 'einvoice'): output<S> {
  const parsed = safeParse(schema, value);
  if (parsed.success) return parsed.data;
  throw new ServiceError({
    code: LOCAL_ERROR_CODES.invalidResponse,
    status: 0,
    kind: 'invalid-response',
    message: describeSchemaFailure(callName, parsed.error),
  });
}

function urlFor(baseURL: string, path: string, query: Record<string, ProviderQueryValue> | undefined): string {
  const base = baseURL.replace(/\/+$/, '');
  const tail = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${tail}${search ? `?${search}` : ''}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response, type: ProviderResponseType): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbort(cause: unknown): boolean {
  return typeof cause === 'object' && cause !== null && 'name' in cause && (cause as { name: unknown }).name === 'AbortError';
}

/**
 * Any status resolves `{status, body, headers}` except 503 (EINV_PROVIDER_DOWN). No answer rejects
 * NETWORK_ERROR, the time limit TIMEOUT; the caller's own abort rejects with the signal's reason
 * untouched, so an actor being stopped is not mistaken for a failure.
 */
export async function providerFetch<B = unknown>(opts: ProviderFetchOptions): Promise<ProviderResponse<B>> {
  const name = `einvoice.${opts.route} ${opts.method ?? 'GET'} ${opts.path}`;
  const fetchImpl: typeof globalThis.fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? PROVIDER_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers = new Headers({ accept: opts.responseType === 'blob' ? '*/*' : 'application/json' });
  for (const [key, value] of Object.entries(opts.headers ?? {})) headers.set(key, value);
  if (opts.token && !headers.has('authorization')) headers.set('authorization', `Bearer ${opts.token}`);

  try {
    if (opts.signal?.aborted) throw opts.signal.reason ?? new DOMException('Aborted', 'AbortError');
    let response: Response;
    try {
      response = await fetchImpl(urlFor(opts.baseURL, opts.path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body: encodeBody(opts.body, headers),
        signal: controller.signal,
      });
    } catch (cause) {
      if (opts.signal?.aborted) throw opts.signal.reason ?? cause;
      if (timedOut)
        throw new ServiceError({ code: LOCAL_ERROR_CODES.timeout, status: 0, kind: 'timeout', message: `${name}: timed out`, cause });
      if (isAbort(cause)) throw cause;
      throw new ServiceError({ code: LOCAL_ERROR_CODES.network, status: 0, kind: 'network', message: `${name}: no answer`, cause });
    }
    let body: unknown;
    try {
      // A 503 body is read too (and dropped) so the connection is freed.
      body = await readBody(response, opts.responseType ?? 'json');
    } catch (cause) {
      if (opts.signal?.aborted) throw opts.signal.reason ?? cause;
      if (timedOut)
        throw new ServiceError({ code: LOCAL_ERROR_CODES.timeout, status: 0, kind: 'timeout', message: `${name}: timed out`, cause });
      throw new ServiceError({
        code: LOCAL_ERROR_CODES.network,
        status: 0,
        kind: 'network',
        message: `${name}: the answer broke off`,
        cause,
      });
    }
    if (response.status === 503) {
      throw new ServiceError({ code: 'EINV_PROVIDER_DOWN', status: 503, kind: 'server', message: `${name}: HTTP 503` });
    }
    return { status: response.status, body: body as B, headers: response.headers };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}
