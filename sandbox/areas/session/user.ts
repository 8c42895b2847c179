import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { findMerchant } from '../../platform/db/merchants';

/** GET /user/info (UserInfo of src/services/shared/schemas/auth.ts) and GET /user/wesap-token. */
export function registerUserRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/user/info', async (request) => {
    const { user } = await authenticate(ctx, request);
    // A test armed it (POST /sandbox/faults userInfo): the portal's "Get merchant info failed" (core §8).
    if (ctx.faults.userInfoFails(user.username)) throw new ApiError(500, 'UNKNOWN_ERROR', 'Injected failure (sandbox fault)');
    const merchant = await findMerchant(ctx.db, user.merchant_id);
    return ok({
      id: user.id,
      username: user.username,
      email: user.email,
      full_name: user.full_name,
      role: user.role,
      account_type: merchant.account_type,
      phone: user.phone,
      merchant_id: merchant.id,
      merchant: {
        tax_no: merchant.tax_no,
        name: merchant.name,
        ref_id: merchant.ref_id,
        is_fnb: merchant.is_fnb,
        saleperson:
          merchant.salesperson_name !== null ? { name: merchant.salesperson_name, phone: merchant.salesperson_phone ?? '' } : null,
      },
      sso_registered: user.sso_registered,
    });
  });

  // The secondary token the sale service also accepts (core §6, flag saleTokenExchange).
  app.get('/user/wesap-token', async (request) => {
    const { claims } = await authenticate(ctx, request);
    return ok({ token: await ctx.tokens.signWesap(claims) });
  });
}
