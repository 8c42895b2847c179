import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the categories area: the list /category, its add dialog and its delete dialog. */

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export class CategoriesPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly addButton: Locator;
  readonly addDialog: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly save: Locator;
  readonly addError: Locator;
  readonly deleteDialog: Locator;
  readonly deleteConfirm: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.addButton = page.getByRole('button', { name: tx('list.add'), exact: true });
    this.addDialog = page.getByRole('dialog', { name: tx('form.title') });
    this.name = this.addDialog.getByRole('textbox', { name: startsWith(tx('form.name')) });
    this.description = this.addDialog.getByRole('textbox', { name: startsWith(tx('form.description')) });
    this.save = this.addDialog.getByRole('button', { name: tx('form.save'), exact: true });
    this.addError = page.getByTestId('category-create-error');
    this.deleteDialog = page.getByRole('dialog', { name: tx('delete.title') });
    this.deleteConfirm = this.deleteDialog.getByRole('button', { name: tx('delete.confirm'), exact: true });
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `categories:${key}`, params);
  }

  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/category',
    lang: Lang = 'vi',
  ): Promise<CategoriesPage> {
    await signIn(page, user, { to: path });
    const categories = new CategoriesPage(page, lang);
    await acceptCookies(page, lang);
    return categories;
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

  text(text: string): Locator {
    return this.page.getByText(text, { exact: true }).first();
  }
}
