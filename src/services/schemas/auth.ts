import { z } from 'zod';

/** Wire shapes of the portal service's /user and /business calls (core §3, §7). */

export const tokenPairSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginMethodSchema = z.enum(['email', 'password', 'original', 'keycloak']);
export type LoginMethod = z.infer<typeof loginMethodSchema>;

/** What the client keeps of a session; expiresAt is local time in ms (skew-tolerant, see decisions). */
export const storedTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).nullable(),
  expiresAt: z.number(),
  remember: z.boolean(),
  method: loginMethodSchema,
});
export type StoredTokens = z.infer<typeof storedTokensSchema>;

export const salespersonSchema = z.object({ name: z.string(), phone: z.string() });

export const merchantSessionSchema = z.object({
  tax_no: z.string(),
  name: z.string(),
  ref_id: z.string().nullable(),
  is_fnb: z.boolean(),
  saleperson: salespersonSchema.nullable(),
});
export type MerchantSession = z.infer<typeof merchantSessionSchema>;

export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.string(),
  account_type: z.string(),
  phone: z.string(),
  merchant_id: z.string(),
  merchant: merchantSessionSchema,
  sso_registered: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const businessProfileSchema = z.object({
  name: z.string(),
  trademark: z.string().nullable(),
  business: z.string().nullable(),
  tax_no: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  merchant_code: z.string(),
  representative_name: z.string().nullable(),
  position: z.string().nullable(),
  indentification_no: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

export const loginFailDataSchema = z.object({ failed_count: z.number().int(), max_attempts: z.number().int() });
export const lockedDataSchema = z.object({ locked_until: z.number() });

export const errorBodySchema = z.object({
  error_code: z.string().optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
