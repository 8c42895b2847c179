import type { Locator, Page } from '@playwright/test';
import { withFeatures } from '../support/config';
import { P } from '../support/env';
import { switchLanguage } from '../support/shell';
import { signIn } from '../support/sign-in';
import { providerAccount } from '../support/einvoice';
import { expect, test } from '../support/fixtures';
import type { Lang } from '../support/i18n';
import { EinvoiceSetupPage } from '../pages/einvoice-setup';

// On /e-inv-setting: the serial is written one way in the series picker and in the
// saved summary (D224: the six-character symbol, the kind of invoice named beside it in the picker),
// and the toasts that follow the save cover neither the bell nor the account name (D225: top centre,
// just below the top bar, at every width). FPT lists its
// series with the template digit in front ('1C26TFP'), the summary reads the backend's six characters
// ('C26TFP'): the two used to differ.

const yy = String(new Date().getFullYear()).slice(2);
const SYMBOL = `C${yy}TFP`;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator, what: string): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${what} is laid out`).not.toBeNull();
  return found!;
}

/** A toast stays clear of the top bar (its bell, language switch and account name) and inside the screen; one that closes meanwhile passes. */
async function expectToastClearOfTopBar(page: Page, toast: Locator): Promise<Box | null> {
  const viewport = page.viewportSize()!;
  // Toasts slide in from the side: measured once they are in place, inside the screen.
  await expect
    .poll(
      async () => {
        const b = await toast.boundingBox();
        return b === null || (b.x >= 0 && b.x + b.width <= viewport.width && b.y >= 0 && b.y + b.height <= viewport.height);
      },
      { message: 'the toast slides in and stays inside the screen' },
    )
    .toBe(true);
  const shown = await toast.boundingBox();
  if (shown === null) return null;
  const header = page.getByRole('banner');
  // The account button holds the avatar, the account name and its type (the name hidden at 375 px).
  const parts: [string, Locator][] = [
    ['the top bar', header],
    ['the bell', page.getByTestId('notification-bell')],
    ['the account name', page.getByTestId('user-menu')],
    ['the language switch', page.getByTestId('language-switch')],
  ];
  for (const [what, locator] of parts) {
    const part = await box(locator, what);
    expect(overlaps(shown, part), `the toast ${JSON.stringify(shown)} covers ${what} ${JSON.stringify(part)}`).toBe(false);
  }
  return shown;
}

/** `cookieNotice`: the cookie notice is left unanswered, so the toast must also stand clear of it. */
const CASES: { lang: Lang; width: number; height: number; cookieNotice: boolean }[] = [
  { lang: 'vi', width: 1366, height: 768, cookieNotice: false },
  { lang: 'en', width: 1366, height: 768, cookieNotice: true },
  { lang: 'vi', width: 375, height: 812, cookieNotice: true },
  { lang: 'en', width: 375, height: 812, cookieNotice: false },
];

test.describe('Issue 24 §7: the serial written one way, and toasts clear of the top bar', () => {
  for (const { lang, width, height, cookieNotice } of CASES) {
    test(`issue 24 §7: FPT's serial reads ${SYMBOL} in the picker and the summary; the saved toast covers neither bell nor account name${cookieNotice ? ' nor the cookie notice' : ''} (${lang}, ${width} px)`, async ({
      page,
      sandbox,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height });
      const merchant = await sandbox.createMerchant();
      await page.context().addCookies([{ name: 'einv_term_shown', value: '1', url: sandbox.baseURL }]);
      if (cookieNotice) {
        await withFeatures(page, { einvoice: true });
        await signIn(page, merchant);
        await page.goto(P('/e-inv-setting'));
      } else {
        await EinvoiceSetupPage.open(page, merchant);
      }
      if (lang === 'en') await switchLanguage(page, lang);
      const s = new EinvoiceSetupPage(page, lang);
      await expect(s.heading).toBeVisible();

      await s.provider('fpt').check();
      await s.fillCredentials(providerAccount(merchant, 'fpt'));
      await s.save.click();
      await expect(s.success).toBeVisible({ timeout: 20_000 });
      await s.success.getByRole('button', { name: s.tx('success.continue') }).click();
      await expect(s.serialSelect).toBeVisible({ timeout: 20_000 });

      // The picker: every series written as its six characters, the kind of invoice beside it.
      await s.serialSelect.click();
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      const labels = await options.allTextContents();
      expect(labels.length).toBeGreaterThan(1);
      for (const label of labels) expect(label, 'no template digit glued to the symbol').toMatch(/^[CK]\d\d[A-Z][A-Z0-9]{2} · \S/);
      await page.getByRole('option', { name: new RegExp(`^${SYMBOL} · `) }).click();
      await expect(s.serialSelect).toHaveValue(new RegExp(`^${SYMBOL} · `));
      await s.serialModal.getByRole('button', { name: s.tx('serial.save') }).click();
      await expect(s.serialModal).toBeHidden({ timeout: 20_000 });

      // The toasts of the set-up (saved, then the series saved, stacked while both show): each clear of the top bar.
      const toasts = page.locator('.mantine-Notification-root');
      await expect(toasts.filter({ hasText: s.tx('toast.serialSavedTitle') })).toBeVisible();
      for (const toast of await toasts.all()) {
        const shown = await expectToastClearOfTopBar(page, toast);
        if (cookieNotice && shown !== null) {
          const notice = await box(page.locator('[data-cookie-banner]'), 'the cookie notice');
          expect(overlaps(shown, notice), `the toast ${JSON.stringify(shown)} covers the cookie notice ${JSON.stringify(notice)}`).toBe(
            false,
          );
        }
      }
      // What it left uncovered still answers: the account menu opens while the toast shows.
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');

      // The summary: the same writing as the picker.
      await expect(s.summary).toContainText(`${s.tx('active.serial')}: ${SYMBOL}`);
      await expect(s.summary).not.toContainText(`1${SYMBOL}`);
    });
  }
});
