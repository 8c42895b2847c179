import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';

/**
 * GET /api/checkout/ping and /api/sale/ping: prove a session's token reaches the other
 * services, and which token each accepts (the sale service also takes the wesap token).
 */
export function registerCheckoutPing(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/ping', async (request) => {
    const { user } = await authenticate(ctx, request);
    return ok({ service: 'checkout', merchant_id: user.merchant_id, now: ctx.clock.nowSeconds() });
  });
}

export function registerSalePing(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/ping', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    return ok({ service: 'sale', merchant_id: user.merchant_id, now: ctx.clock.nowSeconds() });
  });
}
