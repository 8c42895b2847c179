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
