import { z } from '../../../config/zod-mini';

// zod/mini: these schemas load with the sign-in page, where every kilobyte counts.

/** Wire shapes of the portal service's /user and /business calls (core §3, §7). */

export const tokenPairSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginMethodSchema = z.enum(['email', 'password', 'original', 'keycloak']);
export type LoginMethod = z.infer<typeof loginMethodSchema>;

/** What the client keeps of a session; expiresAt is local time in ms (skew-tolerant, see decisions). */
export const storedTokensSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.nullable(z.string().check(z.minLength(1))),
  expiresAt: z.number(),
  remember: z.boolean(),
  method: loginMethodSchema,
});
export type StoredTokens = z.infer<typeof storedTokensSchema>;

export const salespersonSchema = z.object({ name: z.string(), phone: z.string() });

export const merchantSessionSchema = z.object({
  tax_no: z.string(),
  name: z.string(),
  ref_id: z.nullable(z.string()),
  is_fnb: z.boolean(),
  saleperson: z.nullable(salespersonSchema),
});
export type MerchantSession = z.infer<typeof merchantSessionSchema>;

export const userInfoSchema = z.object({
  id: z.int(),
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
  trademark: z.nullable(z.string()),
  business: z.nullable(z.string()),
  tax_no: z.string(),
  address: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  email: z.nullable(z.string()),
  website: z.nullable(z.string()),
  merchant_code: z.string(),
  representative_name: z.nullable(z.string()),
  position: z.nullable(z.string()),
  indentification_no: z.nullable(z.string()),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

export const loginFailDataSchema = z.object({ failed_count: z.int(), max_attempts: z.int() });
export const lockedDataSchema = z.object({ locked_until: z.number() });
