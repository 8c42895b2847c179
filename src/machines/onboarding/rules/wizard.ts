import { visibleText } from '../../../rules/text';

/**
 * The onboarding wizard's three steps (D169): the ordering website, the reward-point percent and the
 * first product category. Each check gives a message key of the onboarding namespace, or null.
 */

/** The fixed part of the website field (doc 2 §5 Sale settings: "website has fixed prefix"). */
export const WEBSITE_PREFIX = 'https://';
/** The service keeps at most 200 characters with the prefix and the '/' it appends (CONTRACT E). */
export const WEBSITE_MAX = 200 - WEBSITE_PREFIX.length - 1;
export const CATEGORY_NAME_MAX = 50;

/** What the person typed after the prefix, spaces stripped (doc 2 §5) and a pasted prefix removed. */
export function websiteRest(typed: string): string {
  return typed.replace(/\s+/g, '').replace(/^https?:\/\//i, '');
}

/**
 * A host name with a dot, an optional port, then an optional path of the characters the sale service
 * keeps (no query or fragment: the tables' QR appends order/{table_id} to it).
 */
const WEBSITE =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+(?::\d{1,5})?(?:\/[a-z0-9\-._~%!$&'()*+,;=:@/]*)?$/i;

export type WebsiteError = 'websiteRequired' | 'websiteInvalid' | 'websiteTooLong';

export function websiteError(typed: string): WebsiteError | null {
  const rest = websiteRest(typed);
  if (rest === '') return 'websiteRequired';
  if (rest.length > WEBSITE_MAX) return 'websiteTooLong';
  return WEBSITE.test(rest) ? null : 'websiteInvalid';
}

export const websiteUrl = (typed: string) => `${WEBSITE_PREFIX}${websiteRest(typed)}`;

/** Whatever was stored (https://order.example.vn/) as the field shows it (order.example.vn). */
export function websiteField(stored: string | null): string {
  return stored ? stored.replace(/^https?:\/\//i, '').replace(/\/$/, '') : '';
}

/**
 * doc 2 §5 "Reward point percent": digits with one optional decimal point; anything else typed or
 * pasted is refused (the field keeps its value). At most 2 decimals (the service's limit).
 */
export const POINT_INPUT = /^\d{0,3}(?:\.\d{0,2})?$/;
export const acceptsPointInput = (value: string) => POINT_INPUT.test(value);

export type PointError = 'pointRequired' | 'pointRange';

export function pointError(value: string): PointError | null {
  if (value === '' || value === '.') return 'pointRequired';
  if (!POINT_INPUT.test(value)) return 'pointRange';
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? null : 'pointRange';
}

export function pointField(stored: number): string {
  return stored > 0 ? String(stored) : '';
}

export type CategoryError = 'categoryRequired' | 'categoryTooLong' | 'categoryControl';

const CONTROL = /[\u0000-\u001f\u007f]/;

export function categoryError(typed: string): CategoryError | null {
  const name = visibleText(typed);
  if (name === '') return 'categoryRequired';
  if (name.length > CATEGORY_NAME_MAX) return 'categoryTooLong';
  return CONTROL.test(name) ? 'categoryControl' : null;
}

export const categoryName = (typed: string) => visibleText(typed);
