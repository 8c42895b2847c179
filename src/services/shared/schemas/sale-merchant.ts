import { z } from '../../../config/zod-classic';

/**
 * The sale service's merchant record, GET and PUT /saas/merchant (CONTRACT14 §D, §E). Shared because
 * the settings area (which owns the call) and the sales onboarding wizard both read and write it: one
 * wire shape, so a change to it is made once.
 */
export const saleMerchantSchema = z.object({
  merchant_id: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  address: z.string(),
  hotline: z.string(),
  website: z.string().nullable(),
  point_percent: z.number(),
  is_fnb: z.boolean(),
});
export type SaleMerchant = z.infer<typeof saleMerchantSchema>;

/** PUT /saas/merchant: partial, absent = unchanged. */
export interface SaleMerchantPatch {
  logo?: string | null;
  banner?: string | null;
  website?: string;
  point_percent?: number;
}
