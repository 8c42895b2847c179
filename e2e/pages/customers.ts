import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the customers area: the list /sale-customer and the form /sale-customer/create, /update?id=. */

/** An accessible name that starts with the label (a required field's name ends in its asterisk). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export class CustomersPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly addButton: Locator;
  readonly createHeading: Locator;
  readonly editHeading: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly city: Locator;
  readonly district: Locator;
  readonly ward: Locator;
  readonly address: Locator;
  readonly save: Locator;
  readonly saveError: Locator;
  readonly summary: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.search = page.getByRole('searchbox', { name: tx('list.searchLabel') });
    this.addButton = page.getByRole('button', { name: tx('list.add'), exact: true });
    this.createHeading = page.getByRole('heading', { level: 1, name: tx('form.createTitle') });
    this.editHeading = page.getByRole('heading', { level: 1, name: tx('form.editTitle') });
    this.name = page.getByRole('textbox', { name: startsWith(tx('form.name')) });
    this.phone = page.getByRole('textbox', { name: startsWith(tx('form.phone')) });
    this.city = page.getByTestId('customer-city');
    this.district = page.getByTestId('customer-district');
    this.ward = page.getByTestId('customer-ward');
    this.address = page.getByRole('textbox', { name: startsWith(tx('form.address')) });
    this.save = page.getByRole('button', { name: tx('form.save'), exact: true });
    this.saveError = page.getByTestId('customer-save-error');
    this.summary = page.getByTestId('customer-summary');
  }

  /** A text of the customers namespace in the page's language. */
  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `customers:${key}`, params);
  }

  /** Signs in, opens /sale-customer (or another customers address), answers the cookie banner. */
  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/sale-customer',
    lang: Lang = 'vi',
  ): Promise<CustomersPage> {
    await signIn(page, user, { to: path });
    const customers = new CustomersPage(page, lang);
    await acceptCookies(page, lang);
    return customers;
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }

  rowOf(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  editLink(name: string): Locator {
    return this.rowOf(name).getByRole('link', { name: this.tx('list.editLabel', { name }) });
  }

  /** Picks an entry of a virtualised address picker by typing part of its name. */
  async choose(picker: Locator, search: string, name: string): Promise<void> {
    await expect(picker).toBeEnabled({ timeout: 15_000 });
    await picker.click();
    await picker.fill(search);
    await this.page.getByRole('option', { name, exact: true }).click();
    await expect(picker).toHaveValue(name);
  }

  /** A text anywhere on the page (a toast's title or message). */
  text(text: string): Locator {
    return this.page.getByText(text, { exact: true }).first();
  }
}
