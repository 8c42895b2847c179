import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { withFeatures } from '../support/config';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the settings area: /sale-setting (its tabs, or the dropdown at 375 px) and /e-order. */

/** A real 1×1 PNG (the browser shows it) and a text file that only claims to be one. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const TEXT_AS_PNG = Buffer.from('this is not an image, only text renamed .png');

/**
 * The text of a QR image read with zbarimg, as a phone would (the table QR is a plain address, not
 * VietQR, so e2e/support/qr.ts's VietQR parse does not apply).
 */
export function decodeQrText(png: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-settings-qr-'));
  try {
    const file = join(dir, 'qr.png');
    writeFileSync(file, png);
    return execFileSync('/usr/bin/zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A table's QR on /sale-table, found as a person does: the card by its name, its QR button (the tables' own texts). */
export async function tableQr(page: Page, name: string): Promise<{ tableId: string; png: Buffer }> {
  const card = page.getByTestId('table-card').filter({ has: page.getByTestId('table-name').getByText(name, { exact: true }) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: t('vi', 'tables:card.qr', { name }) }).click();
  const image = page.getByTestId('table-qr-image');
  await expect(image).toBeVisible();
  return { tableId: (await card.getAttribute('data-table-id'))!, png: await image.screenshot() };
}

export type SettingsTab = 'digital' | 'reward' | 'payment' | 'screen';

/** The screen-customisation flag on for this page only (a deployment turns it on in its config.json). */
export const withScreenCustomisation = (page: Page) => withFeatures(page, { screenCustomisation: true });

export class SettingsPage {
  readonly heading: Locator;
  readonly tabSelect: Locator;
  readonly website: Locator;
  readonly digitalSave: Locator;
  readonly percent: Locator;
  readonly rewardSave: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: this.tx('title') });
    this.tabSelect = page.getByRole('combobox', { name: this.tx('tabs.label') });
    this.website = page.getByTestId('settings-website');
    this.digitalSave = page.getByTestId('digital-save');
    this.percent = page.getByTestId('reward-percent');
    this.rewardSave = page.getByTestId('reward-save');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `settings:${key}`, params);
  }

  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/sale-setting',
    lang: Lang = 'vi',
  ): Promise<SettingsPage> {
    await signIn(page, user, { to: path });
    await acceptCookies(page, lang);
    const sp = new SettingsPage(page, lang);
    return sp;
  }

  async ready(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.page.getByText(this.tx('loading'))).toHaveCount(0, { timeout: 15_000 });
  }

  tab(tab: SettingsTab): Locator {
    return this.page.getByRole('tab', { name: this.tx(`tabs.${tab}`) });
  }

  /** A tab by its tab on wide screens, by the dropdown on narrow ones. */
  async openTab(tab: SettingsTab): Promise<void> {
    if (await this.tabSelect.isVisible()) {
      await this.tabSelect.click();
      await this.page.getByRole('option', { name: this.tx(`tabs.${tab}`) }).click();
    } else await this.tab(tab).click();
    await expect(this.page).toHaveURL(new RegExp(`tab=${tab}`));
  }

  async pick(testId: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByTestId(testId).setInputFiles(file);
  }

  /** A text anywhere on the page (a toast's title or message). */
  text(value: string): Locator {
    return this.page.getByText(value, { exact: true }).first();
  }
}
