import { errorCode } from '../../shared/serviceError';

/**
 * Whether a failed call may still have taken effect on the service: no answer (network, time-out)
 * a server failure (5xx) or a success we could not read. Then the screen keeps the attempt (and its Idempotency-Key) and offers
 * to send it again, which the service answers with the stored result (D124); a 4xx is a definite refusal.
 */
export function outcomeUnknown(error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'NETWORK_ERROR' || code === 'TIMEOUT' || code === 'INVALID_RESPONSE') return true;
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 500;
}
