import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

/**
 * Input hygiene (issue 10): hostile input answers 4xx in the wire contract's error envelope, never a
 * 500 or fastify's own body. Route code still checks its own fields; this is the floor under it.
 */

/** Longer request targets answer 414. Node's own limit (16 KiB for the whole head) answers 414/431 below. */
export const MAX_URL_LENGTH = 8192;
/** fastify's router refuses longer path parameters (its default); they answer 400 here. */
export const MAX_PARAM_LENGTH = 100;

const envelope = (code: string, message: string) => JSON.stringify({ error_code: code, message, data: {} });

/** fastify `frameworkErrors`: a malformed %-escape or an over-long path parameter → 400 envelope. */
export function frameworkErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? `A path parameter is longer than ${MAX_PARAM_LENGTH} characters` : 'Malformed URL';
  void reply.status(400).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(envelope('BAD_REQUEST', message));
}

/**
 * fastify `clientErrorHandler`: what Node refuses before fastify sees a request. A head over Node's
 * limit is 414 when the request line alone is over the URL limit (or has no end in what arrived), else 431.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  let status = 400;
  let body = envelope('BAD_REQUEST', 'Malformed request');
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const head = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const lineEnd = head.indexOf('\r\n');
    const lineTooLong = lineEnd === -1 || lineEnd > MAX_URL_LENGTH;
    status = lineTooLong ? 414 : 431;
    body = lineTooLong
      ? envelope('URI_TOO_LONG', 'The request URL is too long')
      : envelope('HEADERS_TOO_LARGE', 'The request headers are too large');
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = envelope('REQUEST_TIMEOUT', 'The request took too long to arrive');
  }
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** First path of a string with a NUL in it (`body.name`, `query.page`), or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return `${path}.${key.split('\u0000').join('\\0')}`;
    const found = findNul(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH)
      throw new ApiError(414, 'URI_TOO_LONG', `The request URL is longer than ${MAX_URL_LENGTH} characters`);
  });
  app.addHook('preValidation', async (request) => {
    const where = findNul(request.params, 'path') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (where) throw new ApiError(400, 'BAD_REQUEST', 'Text may not contain NUL characters', { field: where });
  });
}
