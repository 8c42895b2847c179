import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

/**
 * Input hygiene: hostile input answers 4xx in the wire contract's error envelope, never a
 * 500 or fastify's own body. Route code still checks its own fields; this is the floor under it.
 */

/** Longer request targets answer 414. Node's own limit (16 KiB for the whole head) answers 414/431 below. */
export const MAX_URL_LENGTH = 8192;
/** fastify's router refuses longer path parameters (its default); they answer 400 here. */
export const MAX_PARAM_LENGTH = 100;
/**
 * JSON bodies nest at most this deep (D219): no call of the bank's services needs more than a few
 * levels, and code that walks a body (idempotency fingerprints, NUL checks) may then recurse safely.
 */
export const MAX_JSON_DEPTH = 64;

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

/**
 * True when JSON text nests arrays and objects deeper than `max`. One pass without recursion over the
 * raw text (brackets inside strings do not count), so a body of 100,000 `[` costs a loop, not a stack.
 */
export function jsonTooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/** First path of a string with a NUL in it (`body.name`, `query.page`), or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // The parser caps bodies at MAX_JSON_DEPTH, so this bound only stops a value built some other way.
  if (depth > MAX_JSON_DEPTH || typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return `${path}.${key.split('\u0000').join('\\0')}`;
    const found = findNul(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerInputHygiene(app: FastifyInstance): void {
  // application/json: fastify's own parser (proto and constructor poisoning refused as before), after a
  // depth check on the raw text, so no route sees a body nested deeper than MAX_JSON_DEPTH (D219).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string, MAX_JSON_DEPTH)) {
      done(new ApiError(400, 'BAD_REQUEST', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, { max_depth: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH)
      throw new ApiError(414, 'URI_TOO_LONG', `The request URL is longer than ${MAX_URL_LENGTH} characters`);
  });
  app.addHook('preValidation', async (request) => {
    const where = findNul(request.params, 'path') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (where) throw new ApiError(400, 'BAD_REQUEST', 'Text may not contain NUL characters', { field: where });
  });
}
