/**
 * Machines read `event.error` from onError without depending on the http layer's ServiceError
 * class: anything with a string `code` is treated as a service error, everything else (a thrown
 * TypeError, a missing actor) as UNKNOWN_ERROR, which the error catalogue already translates.
 */
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function errorCode(error: unknown): string {
  return isRecord(error) && typeof error.code === 'string' && error.code.length > 0 ? error.code : UNKNOWN_ERROR;
}

/** A numeric field of the error's `data` (e.g. LOGIN_FAIL's failed_count), or null when absent. */
export function errorDataNumber(error: unknown, field: string): number | null {
  if (!isRecord(error) || !isRecord(error.data)) return null;
  const value = error.data[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The message a default actor rejects with, so a forgotten `provide()` is obvious in the console. */
export function notProvided(name: string): Error {
  return new Error(`Actor "${name}" is not provided: src/app must supply it with machine.provide()`);
}
