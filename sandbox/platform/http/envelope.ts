import type { FastifyError, FastifyInstance } from 'fastify';

/** A failure answered as `{error_code, message, data}` with its HTTP status (wire contract). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const ok = <T>(data: T) => ({ data });

export const required = (fields: string[]) => new ApiError(400, 'REQUIRED', `Missing or invalid: ${fields.join(', ')}`, { fields });

/** Reads a string field of a JSON body, or undefined when absent or not a string. */
export function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * PostgreSQL refuses NUL in text and numbers beyond a column's type; what reaches it anyway (a field
 * no route check covers) is the caller's input, so 400, not 500. Class 22 is "data exception"
 * (22003 numeric out of range, 22021 NUL byte, 22P02 not a number, 22001 too long, 22008 bad date);
 * 54000 is an over-long value for an index.
 */
export function isBadInputDbError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(code);
}

/**
 * Every /api answer is uncacheable and every failure keeps the envelope, including fastify's own
 * (bad JSON, unknown route), so the portal's http layer has one shape to parse.
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ error_code: error.code, message: error.message, data: error.data });
    }
    if (isBadInputDbError(error)) {
      return reply.status(400).send({ error_code: 'BAD_REQUEST', message: 'A value is out of range or not valid', data: {} });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) console.error(`[sandbox] ${request.method} ${request.routeOptions.url ?? ''} failed:`, error.message);
    const code = status === 429 ? 'TOO_MANY_REQUESTS' : status >= 500 ? 'UNKNOWN_ERROR' : 'BAD_REQUEST';
    return reply.status(status).send({ error_code: code, message: status >= 500 ? 'Internal error' : error.message, data: {} });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error_code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}`, data: {} });
  });
}
