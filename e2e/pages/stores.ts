import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the stores area: the list /store, the add form /store/add and the delete dialog. */

/** An accessible name that starts with the label (a required field's name ends in its asterisk). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export class StoresPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly addButton: Locator;
  readonly addHeading: Locator;
  readonly name: Locator;
  readonly taxNo: Locator;
  readonly taxWarning: Locator;
  readonly country: Locator;
  readonly city: Locator;
  readonly district: Locator;
  readonly ward: Locator;
  readonly addressLine: Locator;
  readonly save: Locator;
  readonly addError: Locator;
  readonly deleteDialog: Locator;
  readonly deleteConfirm: Locator;
  readonly ownerOnly: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.addButton = page.getByRole('button', { name: tx('list.add'), exact: true });
    this.addHeading = page.getByRole('heading', { level: 1, name: tx('add.title') });
    this.name = page.getByRole('textbox', { name: startsWith(tx('add.name')) });
    this.taxNo = page.getByRole('textbox', { name: startsWith(tx('add.taxNo')) });
    this.taxWarning = page.getByTestId('store-taxno-warning');
    this.country = page.getByTestId('store-country');
    this.city = page.getByTestId('store-city');
    this.district = page.getByTestId('store-district');
    this.ward = page.getByTestId('store-ward');
    this.addressLine = page.getByRole('textbox', { name: startsWith(tx('add.addressLine')) });
    this.save = page.getByRole('button', { name: tx('add.save'), exact: true });
    this.addError = page.getByTestId('store-add-error');
    this.deleteDialog = page.getByRole('dialog', { name: tx('delete.title') });
    this.deleteConfirm = this.deleteDialog.getByRole('button', { name: tx('delete.confirm'), exact: true });
    this.ownerOnly = page.getByTestId('owner-only-note');
  }

  /** A text of the stores namespace in the page's language. */
  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `stores:${key}`, params);
  }

  /** Signs in, opens /store (or another stores address), answers the cookie banner. */
  static async open(page: Page, user: { username: string; password: string }, path = '/store', lang: Lang = 'vi'): Promise<StoresPage> {
    await signIn(page, user, { to: path });
    const stores = new StoresPage(page, lang);
    await acceptCookies(page, lang);
    return stores;
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }

  rowOf(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  deleteButton(name: string): Locator {
    return this.rowOf(name).getByRole('button', { name: this.tx('list.deleteLabel', { name }) });
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
