import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { sendStoredImage } from '../../platform/http/images';
import { readBackgroundImage, readUiCustom, saasImageId } from '../settings';
import { bearer, sha256, TOKEN_PREFIX } from './routes';

/**
 * What the customer display shows between orders and after a payment (D296): the shop's saved screen
 * customisation (area settings, /sale-setting), read by the display through its own routes. A paired
 * device has only its display token, which opens nothing of the settings (D142), and a display in the
 * cashier's browser has the session: both are accepted here, each scoped to its merchant. The display
 * reads the look when it starts and every few minutes; nothing is pushed.
 */

async function viewer(ctx: SandboxContext, request: FastifyRequest): Promise<{ merchantId: string; shopName: string }> {
  const token = bearer(request);
  if (token?.startsWith(TOKEN_PREFIX)) {
    const [pairing] = await ctx.db.query<{ merchant_id: string; name: string }>(
      `SELECT p.merchant_id, m.name FROM display_pairings p JOIN merchants m ON m.id = p.merchant_id
        WHERE p.token_hash = $1 AND p.revoked_at IS NULL AND p.claimed_at IS NOT NULL`,
      [sha256(token)],
    );
    if (!pairing) throw new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');
    return { merchantId: pairing.merchant_id, shopName: pairing.name };
  }
  // The cashier's own browser (owner or staff): the session, as every sale call.
  const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
  const [merchant] = await ctx.db.query<{ name: string }>(`SELECT name FROM merchants WHERE id = $1`, [user.merchant_id]);
  return { merchantId: user.merchant_id, shopName: merchant?.name ?? '' };
}

export function registerDisplayLookRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/display/look', async (request) => {
    const { merchantId, shopName } = await viewer(ctx, request);
    const ui = await readUiCustom(ctx.db, merchantId);
    return ok({
      shop_name: shopName,
      look: ui
        ? {
            banners: ui.banners.filter((url) => saasImageId(url) !== null),
            first_welcome: ui.first_welcome,
            second_welcome: ui.second_welcome,
            thank_content: ui.thank_content,
          }
        : null,
    });
  });

  // Only a banner the merchant's customisation names now: the display token opens no other upload.
  app.get('/display/image/:id', async (request, reply) => {
    const { merchantId } = await viewer(ctx, request);
    const banners = new Set(((await readUiCustom(ctx.db, merchantId))?.banners ?? []).map(saasImageId));
    return sendStoredImage(reply, (request.params as { id?: string }).id, async (id) =>
      banners.has(id) ? readBackgroundImage(ctx.db, merchantId, id) : undefined,
    );
  });
}
