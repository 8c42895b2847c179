import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the invoices area: /sale-invoice and /sale-invoice/create. */
export class InvoicesPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly createButton: Locator;
  readonly createHeading: Locator;
  readonly productSearch: Locator;
  readonly lines: Locator;
  readonly total: Locator;
  readonly submit: Locator;
  readonly cancelDialog: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.search = page.getByRole('searchbox', { name: tx('list.searchLabel') });
    this.createButton = page.getByRole('button', { name: tx('list.create'), exact: true });
    this.createHeading = page.getByRole('heading', { level: 1, name: tx('create.title') });
    // The counter sale's dishes are the till's (D354): the order page's picker and basket lines.
    this.productSearch = page.getByRole('searchbox', { name: t(lang, 'orders:edit.search'), exact: true });
    this.lines = page.getByTestId('invoice-lines');
    this.total = page.getByTestId('invoice-total');
    this.submit = page.getByTestId('invoice-submit');
    this.cancelDialog = page.getByRole('dialog', { name: tx('cancel.title') });
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `invoices:${key}`, params);
  }

  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/sale-invoice',
    lang: Lang = 'vi',
  ): Promise<InvoicesPage> {
    await signIn(page, user, { to: path });
    await acceptCookies(page, lang);
    return new InvoicesPage(page, lang);
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }

  rowOf(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** The dish's tile (a tap adds one). */
  addProduct(name: string): Locator {
    return this.page.getByTestId('order-dish').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** A line's amount box in the sale's lines. */
  amountOf(name: string): Locator {
    return this.lines.getByRole('textbox', { name: t(this.lang, 'orders:edit.amountLabel', { name }) });
  }

  text(text: string): Locator {
    return this.page.getByText(text, { exact: true }).first();
  }
}
