import { z } from '../../config/zod-classic';
import { devicePairingSchema, pairCodeCreatedSchema } from '../shared/pairing/schemas';

/**
 * The display relay of the sale service (docs/areas/display.md "Pairing"; beyond the spec, D141–D143).
 * Times are unix seconds, as every sale call.
 */

export const PAIR_CODE_LENGTH = 6;
export const PAIR_CODE_PATTERN = /^\d{6}$/;

export const pairCreatedSchema = pairCodeCreatedSchema;
export type PairCreated = z.infer<typeof pairCreatedSchema>;

export const pairClaimedSchema = z.object({
  display_token: z.string().regex(/^dsp_[A-Za-z0-9_-]{20,200}$/),
  pairing_id: z.number().int().positive(),
  shop_name: z.string().max(500),
});
export type PairClaimed = z.infer<typeof pairClaimedSchema>;

export const pairingSchema = devicePairingSchema;
export type Pairing = z.infer<typeof pairingSchema>;

/** The stream's first event: which pairing this is and the shop's name for the welcome screen. */
export const streamPairedSchema = z.object({ pairing_id: z.number().int(), shop_name: z.string().max(500) });

/**
 * GET /display/look (D296): the shop's saved screen customisation as the display shows it, or null
 * when the shop saved none. Banners are the stored upload URLs (`/api/sale/saas/image/{id}`); the
 * display fetches them through its own route (`displayImagePath`). Texts are shown as text, never HTML.
 */
export const DISPLAY_BANNER_URL = /^\/api\/sale\/saas\/image\/(\d{1,9})$/;
export const DISPLAY_BANNERS_MAX = 4;
const lookText = z.string().max(200);
export const displayLookSchema = z.object({
  shop_name: z.string().max(500),
  look: z
    .object({
      banners: z.array(z.string().regex(DISPLAY_BANNER_URL)).max(DISPLAY_BANNERS_MAX),
      first_welcome: lookText,
      second_welcome: lookText,
      thank_content: lookText,
    })
    .nullable(),
});
export type DisplayLookAnswer = z.infer<typeof displayLookSchema>;
export type DisplayLook = NonNullable<DisplayLookAnswer['look']>;

/** The display's own path (sale service) for a banner the look names. */
export function displayImagePath(url: string): string | null {
  const match = DISPLAY_BANNER_URL.exec(url);
  return match ? `/display/image/${match[1]}` : null;
}
