import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { SALE_TOKEN_KINDS } from '../http/authenticate';

/**
 * The sale service's outage (D337; trigger `sale-outage`): while it holds for a merchant, every call
 * of the sale service signed in as that merchant gets no answer. The socket is destroyed before a
 * byte is written, as a dropped link or a dead service would: the portal sees a network error (its
 * NETWORK_ERROR kind), never an HTTP status it could mistake for an answer. Other merchants' calls,
 * the portal service (sign-in, /user/info) and the sandbox controls stay up, so a test can drop and
 * restore one merchant's sale service while other tests run.
 */
export function registerSaleOutage(app: FastifyInstance, ctx: SandboxContext): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!ctx.faults.anySaleDown()) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) return;
    const merchantId = await ctx.tokens.verify(match[1], SALE_TOKEN_KINDS).then(
      (claims) => claims.merchant_id,
      () => null,
    );
    if (merchantId === null || !ctx.faults.saleDown(merchantId)) return;
    // Fastify must not answer on a socket that is gone; the destroyed socket is the whole answer.
    reply.hijack();
    request.raw.socket.destroy();
  });
}
