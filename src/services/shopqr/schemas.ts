import { z } from '../../config/zod-classic';
import { bankAccountSchema } from '../bank';

/** ShopQR virtual accounts (core §3, §7 /channel-payment, /metadata/list-staff; contract receiving-money.md, shopqr). */

export const VA_TYPES = ['STORE', 'STAFF', 'BILL'] as const;
export const SALE_CHANNELS = ['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER'] as const;
export const VA_ACCOUNT_LENGTH = 18;

export const vaTypeSchema = z.enum(VA_TYPES);
export type VaType = z.infer<typeof vaTypeSchema>;
export const saleChannelSchema = z.enum(SALE_CHANNELS);
export type SaleChannel = z.infer<typeof saleChannelSchema>;

const vaAccountNo = z.string().regex(/^[0-9A-Za-z]{18}$/);

export const shopQrRowSchema = z.object({
  /** What DELETE takes as channel_id. */
  channel_id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]),
  va_type: vaTypeSchema,
  va_account_no: vaAccountNo,
  bank_account_no: z.string().min(1),
  bank_code: z.string().nullish(),
  holder_name: z.string().nullable(),
  // A channel the portal does not know yet is shown as sent, not refused.
  channel: z.string().nullable(),
  amount: z.number().int().nonnegative().nullish(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  staff_id: z.string().nullable(),
  staff_name: z.string().nullish(),
  created_at: z.string().min(1),
});
export type ShopQrRow = z.infer<typeof shopQrRowSchema>;

export const shopQrListSchema = z.object({
  data: z.array(shopQrRowSchema),
  total_page: z.number().int().nonnegative(),
  page: z.number().int().positive().optional(),
  page_size: z.number().int().positive().optional(),
  total_count: z.number().int().nonnegative().optional(),
});

// Real services sometimes send a data: URL instead of the bare base64; both end as bare base64.
const pngBase64 = z
  .string()
  .transform((s) => s.replace(/^data:image\/png;base64,/, ''))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]+={0,2}$/)
      .min(16),
  );

export const shopQrDetailSchema = shopQrRowSchema.extend({
  qr_base64: pngBase64,
  /** The VietQR text the image encodes (sandbox; a real service may leave it out). */
  qr_payload: z.string().max(512).optional(),
});
export type ShopQrDetail = z.infer<typeof shopQrDetailSchema>;

export const deleteAnswerSchema = z.object({ success: z.literal(true) }).loose();

/** GET /metadata/list-staff: dropdown rows (no phone or e-mail). */
export const staffOptionSchema = z.object({
  id: z.number().int(),
  staff_id: z.string().min(1),
  full_name: z.string(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
});
export type StaffOption = z.infer<typeof staffOptionSchema>;

/** GET /bank/account rows as the ShopQR form offers them: the bank area's schema, phone not needed. */
export const linkedBankAccountSchema = bankAccountSchema.omit({ phone: true });
export type LinkedBankAccount = z.infer<typeof linkedBankAccountSchema>;

/** POST /channel-payment body (core §7). */
export interface NewShopQr {
  type: VaType;
  bank_account_no: string;
  store_id: number | null;
  store_name: string | null;
  staff_id: string | null;
  channel: SaleChannel | null;
  amount: number | null;
}
