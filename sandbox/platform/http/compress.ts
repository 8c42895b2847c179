import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** Below this a compressed body saves less than the headers it adds. */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/json|text\/html|text\/plain|image\/svg\+xml)\b/;
/**
 * Answers that carry tokens (sign-in, refresh, wesap token, password reset) stay uncompressed: a
 * secret next to request-controlled text in one compressed body is what BREACH measures. They are a
 * few hundred bytes anyway.
 */
const NEVER = /^\/api\/[a-z]+\/user\//;

/** The best encoding the client accepts (brotli first), or null for none. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of raw.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Adds Accept-Encoding to Vary without losing what is already there. */
export function varyAcceptEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  // Brotli's default quality (11) is for build time; 5 is about gzip's speed with a smaller result.
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/**
 * gzip or brotli for HTML and JSON answers (D82), per Accept-Encoding. Only whole bodies
 * (strings and buffers) are compressed, in zlib's thread pool: streams pass untouched, so the
 * dashboard's chunk stream (/dashboard-data) is never held back to fill a compression window, and the
 * built portal's files arrive already compressed (portal/static.ts). socket.io answers on the HTTP
 * server before fastify and is not seen here.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type) || reply.getHeader('content-encoding')) return payload;
    if (NEVER.test(request.url)) return payload;
    varyAcceptEncoding(reply);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES || request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304)
      return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compress(body, encoding);
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
