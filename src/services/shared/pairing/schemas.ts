import { z } from '../../../config/zod-classic';

/** What the sale service answers about a device's pairing, the same for each kind (./calls.ts). Times are unix seconds. */

export const pairCodeCreatedSchema = z.object({
  pairing_id: z.number().int().positive(),
  pair_code: z.string().regex(/^\d{6}$/),
  expires_at: z.number().int(),
});

export const devicePairingSchema = z.object({
  pairing_id: z.number().int().positive(),
  status: z.enum(['PENDING', 'PAIRED']),
  created_at: z.number().int(),
  expires_at: z.number().int().nullable(),
  claimed_at: z.number().int().nullable(),
  connected: z.boolean(),
});

export const unpairedSchema = z.object({ pairing_id: z.number().int() });
