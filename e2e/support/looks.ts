import { expect, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { BASE_URL, P } from './env';
import type { Lang } from './i18n';
import { signIn } from './sign-in';

/** The four ways every screen is checked (WCAG 2.2 AA in the end-to-end tests): both languages, desktop and 375 px. */
export const LOOKS = [
  { lang: 'vi', width: 1280 },
  { lang: 'en', width: 1280 },
  { lang: 'vi', width: 375 },
  { lang: 'en', width: 375 },
] as const satisfies ReadonlyArray<{ lang: Lang; width: number }>;

/**
 * The looks the portal is read in (§6: text people can read, labels never cut): a
 * common laptop's 1366 px and a phone's 375 px, in both languages.
 */
export const REVIEW_LOOKS = [
  { lang: 'vi', width: 1366 },
  { lang: 'en', width: 1366 },
  { lang: 'vi', width: 375 },
  { lang: 'en', width: 375 },
] as const satisfies ReadonlyArray<{ lang: Lang; width: number }>;

export type Look = { readonly lang: Lang; readonly width: number };

export const lookName = (look: Look): string => `${look.lang}, ${look.width} px`;

/**
 * The two runs a long flow makes when each of its states is scanned in all four looks: Vietnamese at
 * 1366 px and English at 375 px. Every assertion of the flow runs in both languages and at both
 * widths; `expectReadableAtBothWidths` scans each state at the run's other width too, so the four
 * looks are still scanned at every state without running the flow four times.
 */
export const FLOW_LOOKS = [
  { lang: 'vi', width: 1366 },
  { lang: 'en', width: 375 },
] as const satisfies ReadonlyArray<Look>;

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

/**
 * The cookie notice answered before the first page loads (the cookie the banner's accept button
 * writes, src/screens/shared/CookieBanner.tsx), so a sweep's first page needs no second load to
 * scan it without the banner. Tests of the banner itself do not call this.
 */
export async function cookiesAnswered(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'cookie', value: 'accepted', url: BASE_URL }]);
}

/**
 * A sweep's sign-in: signs in through the API and opens `path` straight in the look (its language
 * stored, its width set, the cookie notice answered), one page load. The next looks open with
 * `openInLook`.
 */
export async function signInInLook(page: Page, creds: { username: string; password: string }, path: string, look: Look): Promise<void> {
  await cookiesAnswered(page);
  await page.setViewportSize({ width: look.width, height: 812 });
  await signIn(page, creds, { lang: look.lang, to: path });
  await expect(page.locator('html')).toHaveAttribute('lang', look.lang);
}

/**
 * Scans the page as it is now in its own look, then at the other width in the same language (the
 * window resized in place, the state kept), and puts the width back. A state that only a long flow
 * reaches is so scanned in all four looks by the flow's two runs (FLOW_LOOKS).
 */
export async function expectReadableAtBothWidths(page: Page, screen: string, look: Look, info: TestInfo): Promise<void> {
  const height = page.viewportSize()?.height ?? 812;
  await expectNoAxeViolations(page, `${screen} (${lookName(look)})`, info);
  const other = { lang: look.lang, width: look.width === 375 ? 1366 : 375 };
  await page.setViewportSize({ width: other.width, height });
  await expectNoAxeViolations(page, `${screen} (${lookName(other)})`, info);
  await page.setViewportSize({ width: look.width, height });
}

/**
 * A sweep: opens `path` in each look in turn and runs `check` there. The first look signs in
 * (signInInLook); the next ones only load the page again in their language and width (openInLook).
 * One test, one sign-in, one page load per look, instead of a test per look that signs in and
 * loads the page twice.
 */
export async function inEachLook<L extends Look>(
  page: Page,
  creds: { username: string; password: string },
  looks: ReadonlyArray<L>,
  path: string,
  check: (look: L) => Promise<void>,
): Promise<void> {
  for (const [i, look] of looks.entries()) {
    if (i === 0) await signInInLook(page, creds, path, look);
    else await openInLook(page, path, look);
    await check(look);
  }
}
