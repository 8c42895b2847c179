import { normaliseWebsite } from '../../../src/services/settings/schemas';
import { ApiError } from '../../platform/http/envelope';
import { MERCHANT_PARAM, merchantOf } from '../../platform/triggers/params';
import type { TriggerDefinition } from '../../platform/triggers/registry';

/**
 * The ordering website set or cleared without the screen (PUT /saas/merchant cannot clear it), so
 * the tables' QR can be seen with and without one (doc 2 §8 require_setting_eorder_website).
 */
export const settingsTriggers: TriggerDefinition[] = [
  {
    name: 'ordering-website',
    summary: "Sets or clears the merchant's ordering website (the table QR's {website}); an empty or missing url clears it.",
    params: [{ name: 'url', description: 'https://… ending with / (empty: none)' }, MERCHANT_PARAM],
    async run(ctx, params) {
      const merchantId = await merchantOf(ctx, params);
      const url = (params.url ?? '').trim();
      const website = url ? normaliseWebsite(url) : null;
      if (url && !website) throw new ApiError(400, 'BAD_REQUEST', 'url is an https address of at most 200 characters', { field: 'url' });
      await ctx.db.query(
        `INSERT INTO sale_settings (merchant_id, website, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (merchant_id) DO UPDATE SET website = EXCLUDED.website, updated_at = EXCLUDED.updated_at`,
        [merchantId, website, ctx.clock.now()],
      );
      return { merchant_id: merchantId, website };
    },
  },
];
