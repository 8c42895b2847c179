import { z } from '../../../config/zod-classic';

/**
 * Vietnam's provinces and wards for the address pickers (core §7 /address/*, /region/*; the two-tier
 * list of D239, which replaces D93's). Shared by every form with an address (stores, customers).
 */

/** One entry of a picker: a province (city) or ward with its id in that call family. */
export interface Place<K extends string | number> {
  id: K;
  name: string;
}

/** One entry of /address/country, /address/city, /address/ward (numeric ids). */
export const addressOptionSchema = z.object({ id: z.number().int().positive(), name: z.string().min(1) });
export type AddressOption = z.infer<typeof addressOptionSchema>;
export const addressOptionsSchema = z.array(addressOptionSchema);

/** One entry of /region/provinces, /region/wards/{province code} (the statistics office's codes). */
export const regionOptionSchema = z.object({ code: z.string().regex(/^\d{2,5}$/), name: z.string().min(1) });
export type RegionOption = z.infer<typeof regionOptionSchema>;
export const regionOptionsSchema = z.array(regionOptionSchema);
