import { z } from 'zod';

/**
 * The sale settings' limits (doc 2 §5, §9), shared by the portal's checks and the sandbox's: one
 * number each, so the screen and the service refuse the same things.
 */

/** The shop logo: PNG/JPEG, at most 100 KB (40×40 recommended). */
export const LOGO_MAX_BYTES = 102_400;
/** The ordering site's banner (764×320 recommended) and the customer display's images (1507×776): 700 KB. */
export const BANNER_MAX_BYTES = 716_800;
export const BACKGROUND_MAX_BYTES = 716_800;

export const SAAS_IMAGE_KINDS = ['logo', 'banner', 'background'] as const;
export type SaasImageKind = (typeof SAAS_IMAGE_KINDS)[number];
export const SAAS_IMAGE_MAX_BYTES: Record<SaasImageKind, number> = {
  logo: LOGO_MAX_BYTES,
  banner: BANNER_MAX_BYTES,
  background: BACKGROUND_MAX_BYTES,
};

/** The ordering website: https, at most 200 characters, stored ending with '/'. */
export const WEBSITE_PREFIX = 'https://';
export const WEBSITE_MAX = 200;

/** At most 4 customer-display banners; the three texts 1..200 characters. */
export const UI_BANNERS_MAX = 4;
export const UI_TEXT_MAX = 200;

/** The e-order links: https, at most 2048 characters (as the widget's). */
export const LINK_MAX = 2048;

/** The stored path of one uploaded sale image (GET with the session, like the product images). */
export const SAAS_IMAGE_PATH = /^\/api\/sale\/saas\/image\/(\d{1,9})$/;
export const saasImagePath = (id: number) => `/api/sale/saas/image/${id}`;

/**
 * The ordering website as the service stores it, or null when it is not one: https, a host of
 * letters, digits, dots and hyphens (optionally a port), an optional path, no query, fragment, spaces,
 * credentials or control characters. The host is lowercased and the path ends with '/', because the
 * tables' QR appends `order/{table_id}` to it.
 */
export function normaliseWebsite(raw: string): string | null {
  if (raw.length === 0 || raw.length > WEBSITE_MAX) return null;
  const match =
    /^https:\/\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)(:\d{1,5})?(\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*)?$/.exec(
      raw,
    );
  if (!match) return null;
  const path = match[3] ?? '/';
  const url = `https://${match[1]!.toLowerCase()}${match[2] ?? ''}${path.endsWith('/') ? path : `${path}/`}`;
  return url.length > WEBSITE_MAX ? null : url;
}

/** Points per order in percent: 0..100 with at most 2 decimals (the column is numeric(5,2)). */
export function isPointPercent(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 100 &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6
  );
}

/**
 * An e-order link (success, cancel, checkout/result): https, at most 2048 characters, no spaces or
 * control characters, no user name or password in it. The same rule as the widget's URLs (CONTRACT14 §A).
 */
export function isHttpsLink(raw: string): boolean {
  if (raw.length === 0 || raw.length > LINK_MAX || /[\s\u0000-\u001f\u007f]/.test(raw) || !raw.startsWith('https://')) return false;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The e-wallet access and secret keys: 8..255 visible ASCII characters (8 at least, so the masked last 4 never give a key away). */
export const WALLET_KEY = /^[\x21-\x7E]{8,255}$/;
/** The e-wallet partner code and the QR point-of-sale channel id. */
export const PAYMENT_CODE = /^[A-Za-z0-9_.-]{1,64}$/;
/** A key as answered: '' when none is stored, else '••••' and its last 4 characters. */
export const MASK = '••••';
export const maskKey = (key: string) => (key ? `${MASK}${key.slice(-4)}` : '');

// --- wire shapes (CONTRACT14 §D, §E) ------------------------------------------------------------------

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

export const saasImageSchema = z.object({ url: z.string().regex(SAAS_IMAGE_PATH) });

export const paymentConfigSchema = z.array(
  z.discriminatedUnion('group', [
    z.object({
      group: z.literal('ewallet'),
      data: z.object({ url: z.string(), access_key: z.string(), secret_key: z.string(), partner_code: z.string() }),
    }),
    z.object({ group: z.literal('qr'), data: z.object({ channel_id: z.string() }) }),
  ]),
);
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const paymentMethodsSchema = z.object({
  payment_method: z.array(z.object({ id: z.number(), name: z.string(), group: z.enum(['ewallet', 'qr']), active: z.boolean() })),
  endpoint: z.object({ redirect_url: z.string(), cancel_url: z.string(), ipn_url: z.string() }),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** What the e-order form shows: the links, each method's switch and values; the keys only as their masks. */
export interface PaymentSetup {
  redirectUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  ewallet: { id: number; active: boolean; url: string; accessKeyMask: string; secretKeyMask: string; partnerCode: string };
  qr: { id: number; active: boolean; channelId: string };
}

/** POST /payment-method. A key sent '' keeps the stored one. */
export interface PaymentSetupBody {
  redirect_url: string;
  cancel_url: string;
  ipn_url: string;
  data: Array<
    | { id: number; data: { url: string; access_key: string; secret_key: string; partner_code: string } }
    | { id: number; data: { channel_id: string } }
  >;
}

export const uiCustomSchema = z.object({
  banners: z.array(z.string()).max(UI_BANNERS_MAX),
  first_welcome: z.string(),
  second_welcome: z.string(),
  order_img: z.string(),
  success_payment_img: z.string(),
  thank_content: z.string(),
});
export type UiCustom = z.infer<typeof uiCustomSchema>;

export const defaultImagesSchema = z.object({ order: z.array(z.string()), success: z.array(z.string()) });
export type DefaultImages = z.infer<typeof defaultImagesSchema>;

/** What the screen customisation loads at once: the saved look (null before a first save) and the stock images. */
export interface UiCustomLoad {
  ui: UiCustom | null;
  defaults: DefaultImages;
}

/** The field errors of a VALIDATION_ERROR answer (CONTRACT14 §A). */
export const validationErrorsSchema = z.object({ errors: z.array(z.object({ field: z.string(), msg: z.string() })) });

/** POST /payment-method answers the plain text 'success' (doc 2 §7). */
export const paymentSavedSchema = z.literal('success');
