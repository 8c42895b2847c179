import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';

/** The checkout service under /api/checkout; issue 2 only proves authentication reaches it. */
export async function checkoutService(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  app.get('/ping', async (request) => {
    const { user } = await authenticate(ctx, request);
    return ok({ service: 'checkout', merchant_id: user.merchant_id, now: ctx.clock.nowSeconds() });
  });
}
