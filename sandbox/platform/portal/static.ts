import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { varyAcceptEncoding } from '../http/compress';
import { allowFraming } from '../http/security-headers';

/** The checkout's embed script (contract 14 §I), read once: plain JS the merchant's page loads. */
const EMBED_SCRIPT = readFileSync(new URL('./checkout-embed.js', import.meta.url), 'utf8');

/**
 * Who may frame the hosted checkout page (D149): the sandbox itself and the merchant's own site, i.e.
 * the https origins of the return and cancel URLs it saved on /e-com, where its embed.js runs. The
 * merchantId comes unverified from the query, which is harmless: a page whose values were changed
 * shows only "this link is not valid".
 */
async function checkoutFrameAncestors(ctx: SandboxContext, merchantId: unknown): Promise<string[]> {
  const ancestors = new Set(["'self'"]);
  if (typeof merchantId !== 'string' || merchantId === '' || merchantId.length > 64) return [...ancestors];
  const [row] = await ctx.db
    .query<{ return_url: string; cancel_url: string }>(`SELECT return_url, cancel_url FROM checkout_merchants WHERE merchant_id = $1`, [
      merchantId,
    ])
    .catch(() => []);
  for (const raw of [row?.return_url, row?.cancel_url]) {
    try {
      const url = new URL(raw ?? '');
      if (url.protocol === 'https:' && /^[a-z0-9.-]+(:\d+)?$/i.test(url.host)) ancestors.add(url.origin);
    } catch {
      // an empty or unusable address frames nothing
    }
  }
  return [...ancestors];
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Portal not built</title>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto">
<h1>The portal has not been built</h1><p>Run <code>npm run build</code>, then reload. The sandbox APIs are running.</p>
<p>Cổng thông tin chưa được build: chạy <code>npm run build</code> rồi tải lại trang.</p></body></html>`;

/**
 * /portal/*: files of the built portal, and index.html for every client route (SPA fallback), except
 * under /portal/assets/ where a missing file is a real 404 (a stale bundle must fail loudly, not get
 * HTML back). Hashed assets are immutable; everything else revalidates so a new build shows at once.
 * `vite build` writes a brotli (.br) and a gzip (.gz) file beside each text file (vite.config.ts);
 * the one the client accepts is sent as is, with Content-Encoding, so nothing is compressed per
 * request (D82). Files without them, or clients that accept neither, get the plain file.
 */
export async function registerPortalStatic(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const root = ctx.options.portalDist;
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(join(root, 'index.html'))) {
      return reply.status(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    varyAcceptEncoding(reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
  };

  app.get('/', (_request, reply) => reply.redirect('/portal/'));
  app.get('/portal', (_request, reply) => reply.redirect('/portal/'));

  app.get('/portal/config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return ctx.portalConfig();
  });

  // The hosted checkout page (contract 14 §C): the build's second entry, public, for any link.
  const sendCheckout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(join(root, 'checkout.html'))) {
      return reply.status(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    allowFraming(request, await checkoutFrameAncestors(ctx, (request.query as Record<string, unknown>).merchantId));
    varyAcceptEncoding(reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('checkout.html', root, { cacheControl: false });
  };
  app.get('/checkout', (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/checkout/${query}`);
  });
  app.get('/checkout/', sendCheckout);
  app.get('/checkout/index.html', sendCheckout);
  app.get('/checkout/embed.js', async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(EMBED_SCRIPT),
  );

  app.get('/portal/*', async (request, reply) => {
    // The router has already percent-decoded the wildcard; `send` refuses paths that leave root too.
    const rest = (request.params as { '*': string })['*'] ?? '';
    const relative = normalize(rest).replace(/^([/\\])+/, '');
    const inside = !relative.startsWith('..') && !relative.includes(`${sep}..${sep}`);
    const file = join(root, relative);
    const isFile = inside && relative !== '' && relative !== '.' && existsSync(file) && statSync(file).isFile();
    if (relative.startsWith(`assets${sep}`) || relative === 'assets') {
      if (!isFile) {
        return reply.status(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
      }
      varyAcceptEncoding(reply);
      return reply.header('Cache-Control', 'public, max-age=31536000, immutable').sendFile(relative, root, { cacheControl: false });
    }
    if (isFile && relative !== 'index.html') {
      varyAcceptEncoding(reply);
      return reply.header('Cache-Control', 'no-cache').sendFile(relative, root, { cacheControl: false });
    }
    return sendIndex(reply);
  });
}

export const portalBuilt = (dist: string) => existsSync(join(dist, 'index.html'));
