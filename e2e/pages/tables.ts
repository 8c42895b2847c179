import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the tables area: the card grid /sale-table with its add card, update popup and QR popup. */

/** Reads a QR image as a phone camera would (zbarimg, installed by scripts/ensure-chromium.sh); the raw text. */
export function decodeQrText(png: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-table-qr-'));
  try {
    const file = join(dir, 'qr.png');
    writeFileSync(file, png);
    return execFileSync('/usr/bin/zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PNG's width and height from its header (IHDR). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export class TablesPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly cards: Locator;
  readonly skeletons: Locator;
  readonly search: Locator;
  readonly newName: Locator;
  readonly addButton: Locator;
  readonly createdNotice: Locator;
  readonly editDialog: Locator;
  readonly editName: Locator;
  readonly qrDialog: Locator;
  readonly qrImage: Locator;
  readonly qrText: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('grid.title') });
    this.grid = page.getByTestId('table-grid');
    this.cards = page.getByTestId('table-card');
    this.skeletons = page.getByTestId('table-skeleton');
    this.search = page.getByRole('searchbox', { name: tx('grid.search') });
    this.newName = page.getByRole('textbox', { name: tx('form.newTable') });
    this.addButton = page.getByRole('button', { name: tx('form.add'), exact: true });
    this.createdNotice = page.getByTestId('table-created');
    this.editDialog = page.getByRole('dialog', { name: tx('edit.title') });
    this.editName = this.editDialog.getByRole('textbox', { name: new RegExp(`^${tx('edit.name')}`) });
    this.qrDialog = page.getByRole('dialog');
    this.qrImage = page.getByTestId('table-qr-image');
    this.qrText = page.getByTestId('table-qr-text');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `tables:${key}`, params);
  }

  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<TablesPage> {
    await signIn(page, user, { to: '/sale-table' });
    await acceptCookies(page, lang);
    return new TablesPage(page, lang);
  }

  async waitForCards(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.skeletons).toHaveCount(0, { timeout: 15_000 });
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByTestId('table-name').getByText(name, { exact: true }) });
  }

  billButton(name: string): Locator {
    return this.card(name).getByTestId('table-bill');
  }

  qrButton(name: string): Locator {
    return this.card(name).getByRole('button', { name: this.tx('card.qr', { name }) });
  }

  editButton(name: string): Locator {
    return this.card(name).getByRole('button', { name: this.tx('card.edit', { name }) });
  }

  async closeQr(): Promise<void> {
    await this.page.getByRole('button', { name: this.tx('qr.close') }).click();
    await expect(this.qrImage).toHaveCount(0);
  }

  text(text: string): Locator {
    return this.page.getByText(text, { exact: true }).first();
  }
}
