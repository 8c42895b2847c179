import { z } from '../../config/zod-classic';

/**
 * The display relay of the sale service (docs/areas/display.md "Pairing"; beyond the spec, D141–D143).
 * Times are unix seconds, as every sale call.
 */

export const PAIR_CODE_LENGTH = 6;
export const PAIR_CODE_PATTERN = /^\d{6}$/;

export const pairCreatedSchema = z.object({
  pairing_id: z.number().int().positive(),
  pair_code: z.string().regex(PAIR_CODE_PATTERN),
  expires_at: z.number().int(),
});
export type PairCreated = z.infer<typeof pairCreatedSchema>;

export const pairClaimedSchema = z.object({
  display_token: z.string().regex(/^dsp_[A-Za-z0-9_-]{20,200}$/),
  pairing_id: z.number().int().positive(),
  shop_name: z.string().max(500),
});
export type PairClaimed = z.infer<typeof pairClaimedSchema>;

export const pairingSchema = z.object({
  pairing_id: z.number().int().positive(),
  status: z.enum(['PENDING', 'PAIRED']),
  created_at: z.number().int(),
  expires_at: z.number().int().nullable(),
  claimed_at: z.number().int().nullable(),
  connected: z.boolean(),
});
export type Pairing = z.infer<typeof pairingSchema>;
export const pairingsSchema = z.array(pairingSchema).max(1000);

export const unpairedSchema = z.object({ pairing_id: z.number().int() });

/** The stream's first event: which pairing this is and the shop's name for the welcome screen. */
export const streamPairedSchema = z.object({ pairing_id: z.number().int(), shop_name: z.string().max(500) });
