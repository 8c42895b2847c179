import { isPointPercent, normaliseWebsite, WEBSITE_PREFIX } from '../../../services/settings/schemas';

/** The tabs of /sale-setting (doc 2 §2), in their order; the first shown is the default. */
export const SALE_SETTING_TABS = ['digital', 'reward', 'payment', 'screen'] as const;
export type SaleSettingTab = (typeof SALE_SETTING_TABS)[number];

/** Digital order and payment setting for food-and-beverage merchants, reward point always, screen customisation with its flag. */
export function tabsFor(isFnb: boolean, screenCustomisation: boolean): SaleSettingTab[] {
  return SALE_SETTING_TABS.filter((tab) =>
    tab === 'digital' || tab === 'payment' ? isFnb : tab === 'screen' ? screenCustomisation : true,
  );
}

/** The part after the fixed `https://` (what the field holds); a pasted full address loses its prefix. */
export function websiteRest(value: string | null): string {
  if (!value) return '';
  return value.startsWith(WEBSITE_PREFIX) ? value.slice(WEBSITE_PREFIX.length) : value;
}

/** The website to save: prefix + the field with every space removed (doc 2 §5), or null when it is not a valid address. */
export function websiteToSave(rest: string): string | null {
  const stripped = websiteRest(rest.replace(/\s+/g, ''));
  return stripped ? normaliseWebsite(`${WEBSITE_PREFIX}${stripped}`) : null;
}

/** What the points field accepts as typed or pasted: digits with at most one decimal point (doc 2 §5). */
export const POINT_TEXT = /^\d*(\.\d*)?$/;
export const pointTextAllowed = (text: string) => POINT_TEXT.test(text);

/** The percent to save, or null when the field is empty or out of 0..100. */
export function pointToSave(text: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(text) && !/^\d+\.$/.test(text)) return null;
  const value = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  return isPointPercent(value) ? value : null;
}

/** The saved percent as the field shows it (no trailing zeros). */
export const pointText = (value: number) => String(value);
