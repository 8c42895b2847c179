import type { FastifyRequest } from 'fastify';

/** A JSON body's fields: an object body as it is, anything else (none, an array, a scalar) as no fields. */
export const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

/** A database id (an integer column) from a body or the address: a whole number 1 to 2³¹ − 1, given as a number or digits; else null. */
export function wholeId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}
