import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import { registerNotificationRoutes } from './routes';

/** Both tokens open the sale service: deployments with saleTokenExchange send the wesap token (core §6). */
export const SALE_TOKEN_KINDS = ['access', 'wesap'] as const;

/** The sale service under /api/sale; issue 2 only proves authentication reaches it. */
export async function saleService(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  app.get('/ping', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    return ok({ service: 'sale', merchant_id: user.merchant_id, now: ctx.clock.nowSeconds() });
  });
  registerNotificationRoutes(app, ctx);
}
