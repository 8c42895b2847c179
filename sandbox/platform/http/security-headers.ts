import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Who may frame a page: nobody, unless its route says otherwise (the hosted checkout page, which
 * embed.js frames on the merchant's own site, D149).
 */
const frameAncestorsOf = new WeakMap<FastifyRequest, readonly string[]>();
export function allowFraming(request: FastifyRequest, ancestors: readonly string[]): void {
  frameAncestorsOf.set(request, ancestors);
}

/** Strict policy: the portal is a static bundle with no inline scripts (Mantine needs inline styles). */
export function contentSecurityPolicy(connectSrc: readonly string[], frameAncestors: readonly string[] = ["'none'"]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    // The e-invoice PDF popup shows the provider's PDF from a blob: URL in a frame (object/embed stay off).
    "frame-src 'self' blob:",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src ${connectSrc.join(' ')}`,
    "font-src 'self' data:",
  ].join('; ');
}

/** http://h:p → ws://h:p, https → wss; the origin itself for ws(s); null for anything else. */
function socketOrigin(url: URL): string | null {
  if (url.protocol === 'http:' || url.protocol === 'ws:') return `ws://${url.host}`;
  if (url.protocol === 'https:' || url.protocol === 'wss:') return `wss://${url.host}`;
  return null;
}

/**
 * Where the portal may connect (no longer any ws:/wss: host): its own origin ('self'), the
 * socket form of the origin the page was loaded from and of SANDBOX_PUBLIC_URL (a TLS proxy in front
 * makes that one wss:), and the configured realtime URL (config.json `realtime.url`; '' or a /path
 * is the page's own origin) in both its http(s) and ws(s) forms.
 */
export function connectSources(input: { pageOrigin: string; publicUrl?: string; realtimeUrl?: string }): string[] {
  const sources = new Set<string>(["'self'"]);
  const add = (raw: string | undefined, withHttp: boolean) => {
    if (!raw) return;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return;
    }
    const socket = socketOrigin(url);
    if (!socket) return;
    if (withHttp) sources.add(`${socket.startsWith('wss:') ? 'https' : 'http'}://${url.host}`);
    sources.add(socket);
  };
  add(input.pageOrigin || undefined, false);
  add(input.publicUrl, false);
  // An absolute realtime URL may be another host; a /path stays on the page's origin (added above).
  if (input.realtimeUrl && !input.realtimeUrl.startsWith('/')) add(input.realtimeUrl, true);
  // The page's own origin in http form is 'self'; listing it again would only add noise.
  sources.delete(input.pageOrigin);
  return [...sources];
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  policy: { publicUrl: () => string | undefined; realtimeUrl: () => string },
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      // The Host header has passed the host check by now, so the page's origin is one of ours.
      const pageOrigin = request.host ? `${request.protocol}://${request.host}` : (policy.publicUrl() ?? '');
      const sources = connectSources({ pageOrigin, publicUrl: policy.publicUrl(), realtimeUrl: policy.realtimeUrl() });
      reply.header('Content-Security-Policy', contentSecurityPolicy(sources, frameAncestorsOf.get(request)));
    }
    return payload;
  });
}
