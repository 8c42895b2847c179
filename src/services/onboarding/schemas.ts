import { z } from '../../config/zod-classic';
import type { SaleMerchantPatch } from '../settings';

/**
 * The sales feature's subscription (doc 2 §2 Onboarding, §7 /saas/subscription/*; CONTRACT G,
 * docs/areas/onboarding.md): GET /saas/subscription and the two ways to turn it on.
 */

export const subscriptionSchema = z.object({
  is_active: z.boolean(),
  plan: z.enum(['FREE', 'FULL']).nullable(),
  activated_at: z.number().int().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Doc 2 §5 "Code popup": the request always sends type_id 2. */
export const CODE_TYPE_ID = 2;
/** A purchase or referral code is at most this long (the sandbox refuses longer ones as invalid). */
export const CODE_MAX_LENGTH = 64;

/** POST /category/ answer (the sale service's, as the categories area reads it). */
export const categoryCreatedSchema = z.object({ id: z.number().int().positive() });

/** GET /saas/merchant: the fields the wizard shows or fills (the settings area owns the call). */
export { saleMerchantSchema, type SaleMerchant } from '../settings';

/** PUT /saas/merchant as the wizard sends it: only the website and the points, absent fields stay (CONTRACT E). */
export type SaleSettingsChange = Pick<SaleMerchantPatch, 'website' | 'point_percent'>;
