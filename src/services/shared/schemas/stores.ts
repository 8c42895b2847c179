import { z } from '../../../config/zod-classic';

/** A store as GET /metadata/store lists it for dropdowns (core §3 Store, §7). */
export const storeOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  store_name: z.string(),
  code: z.string(),
  address: z.string(),
  va_account_no: z.string().nullable(),
});
export type StoreOption = z.infer<typeof storeOptionSchema>;
