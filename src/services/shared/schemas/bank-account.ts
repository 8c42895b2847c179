import { z } from '../../../config/zod-classic';

/**
 * A linked bank account as GET /bank/account lists it (core §3 Bank account). Shared: the bank area
 * manages these, the ShopQR form offers them as the account a code pays into.
 */
export const bankAccountSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  holder_name: z.string(),
  bank_code: z.string().min(1),
  is_internal_transfer: z.boolean(),
  phone: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
