import { z } from '../../config/zod-classic';

/**
 * Master merchant (core §2 Shell "master merchant profile", D23, D100, D101): the sub-merchants of
 * the signed-in merchant. The sandbox checks a new record with `newSubMerchantSchema`, the form's
 * rules read the same limits, so the portal and the service never disagree on what is valid.
 */

export const SUB_MERCHANT_NAME_MAX = 100;
export const SUB_MERCHANT_ADDRESS_MAX = 200;
/** core §5 store tax number: digits and hyphen, no spaces, at least 10; 14 = 10 digits, a hyphen and a 3-digit branch. */
export const TAX_NO_MIN = 10;
export const TAX_NO_MAX = 14;
export const TAX_NO_CHARACTERS = /^[0-9-]*$/;
/** core §5 mobile numbers: 0, 84 or +84, then 3–9 and 8 digits. */
export const VN_MOBILE = /^(?:0|\+?84)[3-9]\d{8}$/;

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const visible = (value: string) => value.replace(INVISIBLE, '').trim();

/** Text a person can see, at most `max` characters, without control characters (NUL, line breaks). */
const visibleText = (max: number) =>
  z
    .string()
    .transform(visible)
    .pipe(
      z
        .string()
        .min(1)
        .max(max)
        .regex(/^[^\p{Cc}]*$/u),
    );

export const newSubMerchantSchema = z.object({
  name: visibleText(SUB_MERCHANT_NAME_MAX),
  tax_no: z.string().transform(visible).pipe(z.string().min(TAX_NO_MIN).max(TAX_NO_MAX).regex(TAX_NO_CHARACTERS)),
  address: visibleText(SUB_MERCHANT_ADDRESS_MAX),
  phone: z
    .string()
    .transform((v) => v.replace(/[\s.]/g, ''))
    .pipe(z.string().regex(VN_MOBILE)),
});
export type NewSubMerchant = z.input<typeof newSubMerchantSchema>;
export const NEW_SUB_MERCHANT_FIELDS = ['name', 'tax_no', 'address', 'phone'] as const;
export type SubMerchantField = (typeof NEW_SUB_MERCHANT_FIELDS)[number];

export const subMerchantSchema = z.object({
  /** The sub-merchant's own merchant id (8 digits). */
  merchant_id: z.string().regex(/^\d{8}$/),
  name: z.string(),
  tax_no: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Unix milliseconds. */
  created_at: z.number().int().nonnegative(),
});
export type SubMerchant = z.infer<typeof subMerchantSchema>;
