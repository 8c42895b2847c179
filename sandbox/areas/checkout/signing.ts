import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Payment links are signed (CONTRACT14 §B, D147): the URL carries the six values the spec's link shape
 * has (appId, orderId, amount, merchantId, createdAt) plus expiresAt, and `sig` = base64url
 * HMAC-SHA256 over them joined by '\n' with the sandbox's signing key. The payer can read the values
 * but not change one: every public call recomputes the signature before looking anything up.
 *
 * The key is random per sandbox process unless SANDBOX_LINK_SIGNING_KEY is set (links then survive a
 * restart with a kept database). It is never answered, logged, or put in a URL.
 */
const SIGNING_KEY: Buffer = process.env.SANDBOX_LINK_SIGNING_KEY
  ? Buffer.from(process.env.SANDBOX_LINK_SIGNING_KEY, 'utf8')
  : randomBytes(32);

/** The link's signed values, as text exactly as they travel in the URL (after decoding). */
export interface LinkValues {
  appId: string;
  orderId: string;
  amount: string;
  merchantId: string;
  createdAt: string;
  expiresAt: string;
}

export const LINK_PARAMS = ['appId', 'orderId', 'amount', 'merchantId', 'createdAt', 'expiresAt'] as const;

/** Lifetime of a new link (D146). */
export const LINK_LIFETIME_SECONDS = 24 * 60 * 60;

export function signLink(values: LinkValues, key: Buffer = SIGNING_KEY): string {
  const text = LINK_PARAMS.map((name) => values[name]).join('\n');
  return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
}

/** True when `sig` is the signature of these values (constant-time comparison). */
export function verifyLink(values: LinkValues, sig: string, key: Buffer = SIGNING_KEY): boolean {
  const expected = Buffer.from(signLink(values, key), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** {checkout_url}?appId=…&orderId=…&amount=…&merchantId=…&createdAt=…&expiresAt=…&sig=… with every value URL-encoded. */
export function linkUrl(checkoutUrl: string, values: LinkValues): string {
  const query = [...LINK_PARAMS.map((name) => [name, values[name]] as const), ['sig', signLink(values)] as const]
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `${checkoutUrl}?${query}`;
}

/**
 * The signed values of a request (query or JSON body) and its signature, or null when one is missing
 * or not text. Lengths are capped before hashing so a huge value costs nothing.
 */
export function linkValuesOf(source: unknown): { values: LinkValues; sig: string } | null {
  if (typeof source !== 'object' || source === null) return null;
  const record = source as Record<string, unknown>;
  const out: Partial<LinkValues> = {};
  for (const name of LINK_PARAMS) {
    const value = record[name];
    if (typeof value !== 'string' || value.length === 0 || value.length > 256) return null;
    out[name] = value;
  }
  const sig = record.sig;
  if (typeof sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  return { values: out as LinkValues, sig };
}

/** HMAC of request details with the signing key: an idempotency fingerprint that keeps no card number readable. */
export function keyedDigest(text: string, key: Buffer = SIGNING_KEY): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
}
