import { expect, type Page } from '@playwright/test';
import { P } from './env';
import type { Lang } from './i18n';

/** The four ways every screen is checked (WCAG 2.2 AA in the end-to-end tests): both languages, desktop and 375 px. */
export const LOOKS = [
  { lang: 'vi', width: 1280 },
  { lang: 'en', width: 1280 },
  { lang: 'vi', width: 375 },
  { lang: 'en', width: 375 },
] as const satisfies ReadonlyArray<{ lang: Lang; width: number }>;

/**
 * The looks issue 24's review read the portal in (§6: text people can read, labels never cut): a
 * common laptop's 1366 px and a phone's 375 px, in both languages.
 */
export const REVIEW_LOOKS = [
  { lang: 'vi', width: 1366 },
  { lang: 'en', width: 1366 },
  { lang: 'vi', width: 375 },
  { lang: 'en', width: 375 },
] as const satisfies ReadonlyArray<{ lang: Lang; width: number }>;

export type Look = (typeof LOOKS)[number] | (typeof REVIEW_LOOKS)[number];

export const lookName = (look: Look): string => `${look.lang}, ${look.width} px`;

/**
 * Opens `path` in the look's language at its width. The language is the one the portal remembers on
 * the device (what the switch in the top bar writes), so the page opens in it from the first paint.
 */
export async function openInLook(page: Page, path: string, look: Look): Promise<void> {
  await page.setViewportSize({ width: look.width, height: 812 });
  await page.evaluate((lang) => window.localStorage.setItem('language', lang), look.lang);
  await page.goto(P(path));
  await expect(page.locator('html')).toHaveAttribute('lang', look.lang);
}
