import jpeg from 'jpeg-js';
import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the products area: the list /sale-product, its stop-sale dialog, and the product form. */

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export class ProductsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly addButton: Locator;
  readonly search: Locator;
  readonly statusFilter: Locator;
  readonly stopDialog: Locator;
  readonly stopConfirm: Locator;
  readonly formHeading: Locator;
  readonly name: Locator;
  readonly code: Locator;
  readonly price: Locator;
  readonly categories: Locator;
  readonly taxClass: Locator;
  readonly imageInput: Locator;
  readonly imageSize: Locator;
  readonly imageProblem: Locator;
  readonly save: Locator;
  readonly submitError: Locator;
  readonly savedNote: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.addButton = page.getByRole('link', { name: tx('list.add'), exact: true });
    this.search = page.getByRole('searchbox', { name: startsWith(tx('list.search')) });
    this.statusFilter = page.getByTestId('product-status-filter');
    this.stopDialog = page.getByRole('dialog', { name: tx('stop.title') });
    this.stopConfirm = this.stopDialog.getByRole('button', { name: tx('stop.confirm'), exact: true });
    this.formHeading = page.getByRole('heading', { level: 1 });
    this.name = page.getByTestId('product-name');
    this.code = page.getByTestId('product-code');
    this.price = page.getByTestId('product-price');
    this.categories = page.getByTestId('product-categories');
    this.taxClass = page.getByTestId('product-tax-class');
    this.imageInput = page.getByTestId('product-image-input');
    this.imageSize = page.getByTestId('product-image-size');
    this.imageProblem = page.getByTestId('product-image-problem');
    this.save = page.getByRole('button', { name: tx('form.save'), exact: true });
    this.submitError = page.getByTestId('product-submit-error');
    this.savedNote = page.getByTestId('product-saved');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `products:${key}`, params);
  }

  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/sale-product',
    lang: Lang = 'vi',
  ): Promise<ProductsPage> {
    await signIn(page, user, { to: path });
    const products = new ProductsPage(page, lang);
    await acceptCookies(page, lang);
    return products;
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }

  rowOf(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  stopButton(name: string): Locator {
    return this.rowOf(name).getByRole('button', { name: this.tx('list.stopLabel', { name }) });
  }

  editLink(name: string): Locator {
    return this.rowOf(name).getByRole('link', { name: this.tx('list.editLabel', { name }) });
  }

  /** Picks categories in the multi-select by typing part of each name. */
  async chooseCategory(search: string, name: string): Promise<void> {
    await this.categories.click();
    await this.categories.fill(search);
    await this.page.getByRole('option', { name, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** Picks a VAT tax class by the words of its option (name and today's rate). */
  async chooseTaxClass(label: string): Promise<void> {
    await this.taxClass.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.taxClass).toHaveValue(label);
  }

  text(text: string): Locator {
    return this.page.getByText(text, { exact: true }).first();
  }
}

/**
 * A phone-sized photograph stand-in (sky, a plate, sensor noise) encoded at quality 97: about 3 MB,
 * deterministic. The same picture the shrink's unit test uses.
 */
export function threeMegabytePhoto(): Buffer {
  const width = 2200;
  const height = 1650;
  const data = new Uint8Array(width * height * 4);
  let seed = 20261124;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const d = Math.hypot(x - width / 2, y - height / 1.8) / (height / 2.5);
      const noise = (random() - 0.5) * 90;
      const base = d < 1 ? [200 - d * 80, 120 + d * 60, 60] : [90 + y / 20, 140 + y / 30, 200 - y / 40];
      data[at] = Math.max(0, Math.min(255, base[0]! + noise));
      data[at + 1] = Math.max(0, Math.min(255, base[1]! + noise));
      data[at + 2] = Math.max(0, Math.min(255, base[2]! + noise));
      data[at + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ width, height, data }, 97).data);
}
