/**
 * The one error type every service call rejects with (docs/architecture.md "Errors").
 * Machines branch on `code` in guards; screens translate it with the `errors` namespace.
 */
export type ServiceErrorKind = 'server' | 'network' | 'timeout' | 'invalid-response';

export const LOCAL_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  invalidResponse: 'INVALID_RESPONSE',
  unknown: 'UNKNOWN_ERROR',
  badRequest: 'BAD_REQUEST',
} as const;

export interface ServiceErrorInit {
  code: string;
  status: number;
  kind: ServiceErrorKind;
  data?: unknown;
  /** The server's English `message`, if any. Never shown raw to users (they get the catalogue text). */
  serverMessage?: string;
  /** Developer-facing explanation; must not contain personal data or tokens. */
  message?: string;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: string;
  /** HTTP status, or 0 when no answer arrived (network, time-out). */
  readonly status: number;
  readonly kind: ServiceErrorKind;
  readonly data: unknown;
  readonly serverMessage: string | undefined;

  constructor(init: ServiceErrorInit) {
    super(init.message ?? `${init.code} (${init.status || init.kind})`, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.kind = init.kind;
    this.data = init.data ?? null;
    this.serverMessage = init.serverMessage;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** Wraps anything thrown into a ServiceError so callers only ever see one shape. */
export function toServiceError(value: unknown): ServiceError {
  if (value instanceof ServiceError) return value;
  return new ServiceError({
    code: LOCAL_ERROR_CODES.unknown,
    status: 0,
    kind: 'network',
    message: 'Unexpected client-side failure',
    cause: value,
  });
}

/**
 * Code for an HTTP failure: the server's error_code as is; without one, 5xx is UNKNOWN_ERROR and
 * anything else BAD_REQUEST (the catalogue's default, core §8).
 */
export function codeForHttpFailure(status: number, errorCode: string | undefined): string {
  const trimmed = errorCode?.trim();
  if (trimmed) return trimmed;
  return status >= 500 ? LOCAL_ERROR_CODES.unknown : LOCAL_ERROR_CODES.badRequest;
}
