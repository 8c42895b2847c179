import { createFetch, type $Fetch } from 'ofetch';
import { safeParse } from '../../config/zod-mini';
import type { $ZodError, $ZodType, output } from 'zod/v4/core';
import { errorBodySchema } from './error-body';
import type { TokenSource } from './auth-port';
import { dataEnvelope, listEnvelope, type ListPage } from './envelope';
import { codeForHttpFailure, LOCAL_ERROR_CODES, ServiceError } from './errors';

export const DEFAULT_TIMEOUT_MS = 30_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type QueryValue = string | number | boolean | null | undefined;

/**
 * `true` (default): bearer from the client's TokenSource, with refresh-and-retry.
 * `false`: no Authorization header (login, refresh, forgot password).
 * `{token}`: this exact bearer, no refresh (login loading the profile before a session exists,
 * logout of a session that is ending).
 */
export type AuthMode = boolean | { token: string };

export interface CallBase {
  /** Stable name used in developer messages, e.g. 'portal.userInfo'. */
  name: string;
  method?: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown> | unknown[] | FormData | string;
  auth?: AuthMode;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key` on payment calls); never Authorization, which the client sets. */
  headers?: Record<string, string>;
}

export interface RawCall<S extends $ZodType> extends CallBase {
  /** Schema of the whole response body. */
  response: S;
}

export interface PayloadCall<S extends $ZodType> extends CallBase {
  /** Schema of `data` inside the envelope. */
  schema: S;
}

/**
 * A 2xx answer whose body the caller reads itself (spreadsheets, images, streams). Failures never
 * arrive here: non-2xx answers are parsed as the error envelope and thrown as ServiceError.
 */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array>;
  /** Stops reading (aborts the request); call when done or giving up. */
  release(): void;
}

export interface ServiceClient {
  readonly service: string;
  /**
   * The raw answer, with the same bearer, single shared refresh and one retry as `call`. The time-out
   * covers waiting for the headers; the body may take as long as it needs (abort with `signal`).
   */
  raw(spec: CallBase & { accept?: string }): Promise<RawResponse>;
  /** Body validated as a whole. */
  call<S extends $ZodType>(spec: RawCall<S>): Promise<output<S>>;
  /** `{data}` envelope, resolves the payload. */
  data<S extends $ZodType>(spec: PayloadCall<S>): Promise<output<S>>;
  /** List envelope, resolves `{data, total_page, page?, page_size?, total_amount?}`. */
  list<S extends $ZodType>(spec: PayloadCall<S>): Promise<ListPage<output<S>>>;
  /**
   * Calls `listener` whenever a call of this client got no answer (the network failed or its time limit
   * passed; not when the caller cancelled it): the till learns it is offline from any call (D351).
   */
  onUnanswered(listener: () => void): () => void;
  /** Calls `listener` whenever a call of this client got an answer (any status): the service is there. */
  onAnswered(listener: () => void): () => void;
}

export interface ServiceClientOptions {
  service: string;
  baseURL: string;
  /** Needed for calls with `auth: true`; a client without one rejects them as AUTHEN_FAIL. */
  tokens?: TokenSource;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/**
 * One request's time limit and the caller's cancel, as one AbortSignal. `stopTimer` ends the time
 * limit (headers are in); `release` also detaches from the caller and aborts what is left (a body).
 */
function requestDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  if (callerSignal?.aborted) controller.abort();
  return {
    signal: controller.signal,
    stopTimer: () => clearTimeout(timer),
    release: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      controller.abort();
    },
    /** A fetch that threw: was it our time limit, or the network (or the caller) ? */
    failure: (name: string, cause: unknown) =>
      timedOut
        ? new ServiceError({ code: LOCAL_ERROR_CODES.timeout, status: 0, kind: 'timeout', message: `${name}: timed out`, cause })
        : new ServiceError({
            code: LOCAL_ERROR_CODES.network,
            status: 0,
            kind: 'network',
            message: `${name}: no answer (network or aborted)`,
            cause,
          }),
  };
}

/** A caller's headers, without any it could use to replace the bearer. */
function extraHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

/** Bearer, refresh-once-and-retry and lock reporting, shared by every kind of call. */
async function authorized<T>(
  source: ServiceClientOptions['tokens'],
  spec: CallBase,
  run: (token: string | null) => Promise<T>,
): Promise<T> {
  const mode = spec.auth ?? true;
  if (mode === false) return run(null);
  if (mode !== true) return run(mode.token);

  const token = source ? await source.getToken() : null;
  if (!token) {
    // No session: answering locally spares a request the server would refuse anyway.
    throw new ServiceError({ code: 'AUTHEN_FAIL', status: 401, kind: 'server', message: `${spec.name}: no session` });
  }
  try {
    return await run(token);
  } catch (error) {
    if (!(error instanceof ServiceError) || !source) throw error;
    if (error.code === 'USER_LOCKED_USING') {
      source.onUserLocked();
      throw error;
    }
    if (error.status !== 401) throw error;
    const retryToken = await source.onRejected(token, error).catch(() => null);
    // A failed refresh surfaces as the original error; ending the session is the port's job.
    if (!retryToken) throw error;
    try {
      return await run(retryToken);
    } catch (retryError) {
      if (retryError instanceof ServiceError && retryError.code === 'USER_LOCKED_USING') source.onUserLocked();
      throw retryError;
    }
  }
}

/** A call whose body the caller reads as a stream (a file): the time limit covers the headers only. */
async function attemptRaw(
  nativeFetch: typeof globalThis.fetch,
  baseURL: string,
  defaultTimeout: number,
  spec: CallBase & { accept?: string },
  token: string | null,
): Promise<RawResponse> {
  const deadline = requestDeadline(spec.timeoutMs ?? defaultTimeout, spec.signal);
  const { release } = deadline;

  const headers: Record<string, string> = { accept: spec.accept ?? '*/*' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await nativeFetch(urlFor(baseURL, spec.path, spec.query), {
      method: spec.method ?? 'GET',
      headers,
      signal: deadline.signal,
    });
  } catch (cause) {
    release();
    throw deadline.failure(spec.name, cause);
  }
  // Headers are in: from here on only the caller's signal or release() stops the body.
  deadline.stopTimer();
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    release();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not the error envelope: codeForHttpFailure falls back on the status */
    }
    throw serverError(spec.name, response.status, body);
  }
  if (!response.body) {
    release();
    throw new ServiceError({
      code: LOCAL_ERROR_CODES.invalidResponse,
      status: response.status,
      kind: 'invalid-response',
      message: `${spec.name}: no body`,
    });
  }
  return { status: response.status, headers: response.headers, body: response.body, release };
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  // Late-bound so tests and the app can swap globalThis.fetch, and to avoid "Illegal invocation".
  const nativeFetch: typeof globalThis.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const $fetch: $Fetch = createFetch({ fetch: nativeFetch });
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const unanswered = new Set<() => void>();
  const answeredListeners = new Set<() => void>();

  async function attempt<S extends $ZodType>(spec: RawCall<S>, token: string | null): Promise<output<S>> {
    const deadline = requestDeadline(spec.timeoutMs ?? defaultTimeout, spec.signal);

    const headers: Record<string, string> = { ...extraHeaders(spec.headers), accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;

    let response: { status: number; _data?: unknown };
    try {
      response = await $fetch.raw(spec.path, {
        baseURL: options.baseURL,
        method: spec.method ?? 'GET',
        query: compactQuery(spec.query),
        body: spec.body,
        headers,
        signal: deadline.signal,
        // Retrying is our job (once, after a refresh); ofetch must hand back every status.
        retry: false,
        ignoreResponseError: true,
      });
    } catch (cause) {
      // A cancel by the caller (the page left, the machine stopped) says nothing about the service.
      if (!spec.signal?.aborted) unanswered.forEach((listener) => listener());
      throw deadline.failure(spec.name, cause);
    } finally {
      // The body is read in full by now; aborting the spent controller changes nothing.
      deadline.release();
    }

    answeredListeners.forEach((listener) => listener());
    const body = response._data;
    if (response.status < 200 || response.status >= 300) throw serverError(spec.name, response.status, body);

    const parsed = safeParse(spec.response, body);
    if (!parsed.success) {
      throw new ServiceError({
        code: LOCAL_ERROR_CODES.invalidResponse,
        status: response.status,
        kind: 'invalid-response',
        message: describeSchemaFailure(`${options.service}.${spec.name}`, parsed.error),
      });
    }
    return parsed.data;
  }

  const call = <S extends $ZodType>(spec: RawCall<S>): Promise<output<S>> =>
    authorized(options.tokens, spec, (token) => attempt(spec, token));

  return {
    service: options.service,
    call,
    raw: (spec) => authorized(options.tokens, spec, (token) => attemptRaw(nativeFetch, options.baseURL, defaultTimeout, spec, token)),
    data: (spec) => call({ ...spec, response: dataEnvelope(spec.schema) }),
    list: (spec) => call({ ...spec, response: listEnvelope(spec.schema) }),
    onAnswered(listener) {
      answeredListeners.add(listener);
      return () => answeredListeners.delete(listener);
    },
    onUnanswered(listener) {
      unanswered.add(listener);
      return () => unanswered.delete(listener);
    },
  };
}

/** The same URL ofetch builds for `call`: base and path joined, unset query values left out. */
function urlFor(baseURL: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const base = baseURL.replace(/\/+$/, '');
  const joined = path.startsWith('/') ? base + path : `${base}/${path}`;
  const compact = compactQuery(query);
  if (!compact) return joined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(compact)) params.append(key, String(value));
  const qs = params.toString();
  return qs ? `${joined}${joined.includes('?') ? '&' : '?'}${qs}` : joined;
}

/** Unset filters are left out rather than sent as "null"/"undefined" strings. */
function compactQuery(query: Record<string, QueryValue> | undefined): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}

function serverError(name: string, status: number, body: unknown): ServiceError {
  const parsed = errorBodySchema.safeParse(body);
  const errorBody = parsed.success ? parsed.data : {};
  const code = codeForHttpFailure(status, errorBody.error_code);
  return new ServiceError({
    code,
    status,
    kind: 'server',
    data: errorBody.data ?? null,
    ...(errorBody.message === undefined ? {} : { serverMessage: errorBody.message }),
    message: `${name}: HTTP ${status} ${code}`,
  });
}

/**
 * Names the call and the failing fields, never the values: response bodies hold personal data
 * (names, phones, tax numbers) and tokens, and this message can end up in logs.
 */
export function describeSchemaFailure(callName: string, error: $ZodError): string {
  const parts = error.issues.slice(0, 8).map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(body)';
    const expected = 'expected' in issue && typeof issue.expected === 'string' ? ` expected ${issue.expected}` : '';
    return `${path}: ${issue.code}${expected}`;
  });
  const more = error.issues.length > 8 ? ` (+${error.issues.length - 8} more)` : '';
  return `${callName}: response does not match its schema: ${parts.join('; ')}${more}`;
}
