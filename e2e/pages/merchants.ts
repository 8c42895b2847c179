import { expect, type Locator, type Page } from '@playwright/test';
import { withFeatures } from '../support/config';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';

/** An accessible name that starts with the label (a required field's name ends in its asterisk). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * Page object of the master merchant area (D23, D100, D101): /master-merchant and
 * /master-merchant/new. The area exists only with `features.masterMerchant`; `withMasterMerchant`
 * serves this run's configuration with the flag on.
 */
export class MerchantsPage {
  readonly listHeading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly newLink: Locator;
  readonly formHeading: Locator;
  readonly submit: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.listHeading = page.getByRole('heading', { level: 1, name: this.tx('list.title') });
    this.table = page.getByRole('table', { name: this.tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.newLink = page.getByRole('main').getByRole('link', { name: this.tx('list.new'), exact: true });
    this.formHeading = page.getByRole('heading', { level: 1, name: this.tx('form.title') });
    this.submit = page.getByRole('button', { name: this.tx('form.submit'), exact: true });
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `merchants:${key}`, params);
  }

  field(name: 'name' | 'tax_no' | 'address' | 'phone'): Locator {
    return this.page.getByRole('textbox', { name: startsWith(this.tx(`form.field.${name}`)) });
  }

  /** The master merchant flag on for this page only (the sandbox's default is off). */
  static withMasterMerchant(page: Page): Promise<void> {
    return withFeatures(page, { masterMerchant: true });
  }

  static async openList(page: Page, lang: Lang = 'vi'): Promise<MerchantsPage> {
    await page.goto(P('/master-merchant'));
    const m = new MerchantsPage(page, lang);
    await m.waitForList();
    return m;
  }

  /** The list page is open: its heading shown and its rows in. */
  async waitForList(): Promise<void> {
    await expect(this.listHeading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }
}
