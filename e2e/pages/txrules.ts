import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';

/** Page object of the txrules area: the list /setting-tx, its delete dialog and the form /setting-tx/create|update. */
export class TxRulesPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly add: Locator;
  readonly sync: Locator;
  readonly deleteDialog: Locator;
  readonly deleteConfirm: Locator;
  readonly form: Locator;
  readonly store: Locator;
  readonly cardType: Locator;
  readonly issuers: Locator;
  readonly acquirer: Locator;
  readonly save: Locator;
  readonly formError: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.add = page.getByTestId('txrules-add');
    this.sync = page.getByTestId('txrules-sync');
    this.deleteDialog = page.getByRole('dialog', { name: tx('delete.title') });
    this.deleteConfirm = this.deleteDialog.getByRole('button', { name: tx('delete.confirm'), exact: true });
    this.form = page.locator('form');
    this.store = page.getByTestId('store-filter');
    this.cardType = page.getByTestId('txrule-card');
    this.issuers = page.getByTestId('txrule-issuers');
    this.acquirer = page.getByTestId('txrule-acquirer');
    this.save = page.getByTestId('txrule-save');
    this.formError = page.getByTestId('txrule-error');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `txrules:${key}`, params);
  }

  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<TxRulesPage> {
    // signIn stores the language too: the page opens in it from the first paint.
    await signIn(page, user, { lang, to: '/setting-tx' });
    await acceptCookies(page, lang);
    const rules = new TxRulesPage(page, lang);
    await rules.waitForRows();
    return rules;
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }

  rowOf(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  logo(row: Locator, name: string): Locator {
    return row.getByRole('img', { name: this.tx('list.logoAlt', { name }), exact: true });
  }

  async pickStore(name: string): Promise<void> {
    await this.store.click();
    await this.store.fill(name.split(' - ').pop()!);
    await this.page.getByRole('option', { name }).click();
  }

  async pick(select: Locator, option: string): Promise<void> {
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async pickIssuers(names: string[]): Promise<void> {
    for (const name of names) {
      await this.issuers.click();
      await this.page.getByRole('option', { name, exact: true }).click();
    }
    await this.page.keyboard.press('Escape');
  }
}
