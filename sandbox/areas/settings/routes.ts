import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';

/**
 * GET /saas/merchant (doc 2 §7; CONTRACT13): the caller's merchant's sale settings, read-only in issue
 * 13 (the tables read the ordering website). Open to owner and staff-type users: the cashier's screens
 * need the website and the point percent. Address and hotline come from the business profile.
 */
export function registerSettingsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/saas/merchant', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const [row] = await ctx.db.query<{
      id: string;
      address: string | null;
      phone: string | null;
      is_fnb: boolean;
      logo: string | null;
      banner: string | null;
      website: string | null;
      point_percent: number | null;
    }>(
      `SELECT m.id, m.address, m.phone, m.is_fnb, s.logo, s.banner, s.website, s.point_percent::float8 AS point_percent
       FROM merchants m LEFT JOIN sale_settings s ON s.merchant_id = m.id WHERE m.id = $1`,
      [user.merchant_id],
    );
    return ok({
      merchant_id: user.merchant_id,
      logo: row?.logo ?? null,
      banner: row?.banner ?? null,
      address: row?.address ?? '',
      hotline: row?.phone ?? '',
      website: row?.website ?? null,
      point_percent: row?.point_percent ?? 0,
      is_fnb: row?.is_fnb ?? false,
    });
  });
}
