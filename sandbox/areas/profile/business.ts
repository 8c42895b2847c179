import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import { findMerchant } from '../../platform/db/merchants';

/** GET /business: the business profile of core §3 (BusinessProfile schema). */
export function registerBusinessRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/business', async (request) => {
    const { user } = await authenticate(ctx, request);
    const m = await findMerchant(ctx.db, user.merchant_id);
    return ok({
      name: m.name,
      trademark: m.trademark,
      business: m.business,
      tax_no: m.tax_no,
      address: m.address,
      phone: m.phone,
      mobile: m.mobile,
      email: m.email,
      website: m.website,
      merchant_code: m.merchant_code,
      representative_name: m.representative_name,
      position: m.position,
      indentification_no: m.indentification_no,
    });
  });
}
