import { expect, type Locator, type Page } from '@playwright/test';
import { withFeatures } from '../support/config';
import { switchLanguage } from '../support/shell';
import type { Lang } from '../support/i18n';
import { OrdersPage } from './orders';

/** The e-invoice export on /sale-order: the export dialog, the e-invoice column, the bulk checkboxes and run. */
export class OrdersEinvoicePage extends OrdersPage {
  readonly dialog: Locator;
  readonly submit: Locator;
  readonly done: Locator;
  /** The exported invoice as the dialog names it: symbol, number and lookup code (D224). */
  readonly code: Locator;
  readonly notSetUp: Locator;
  readonly pending: Locator;
  readonly business: Locator;
  readonly lookup: Locator;
  readonly bulkStart: Locator;
  readonly bulkRun: Locator;
  readonly bulkProgress: Locator;
  readonly bulkStopped: Locator;
  readonly bulkFinished: Locator;
  readonly bulkRetry: Locator;
  readonly bulkClose: Locator;
  readonly bulkResults: Locator;

  constructor(page: Page, lang: Lang = 'vi') {
    super(page, lang);
    this.dialog = page.getByTestId('einvoice-export');
    this.submit = page.getByTestId('einvoice-submit');
    this.done = page.getByTestId('einvoice-done');
    this.code = page.getByTestId('einvoice-code');
    this.notSetUp = page.getByTestId('einvoice-not-set-up');
    this.pending = page.getByTestId('einvoice-pending');
    this.business = page.getByTestId('einvoice-business');
    this.lookup = page.getByTestId('einvoice-lookup');
    this.bulkStart = page.getByTestId('bulk-start');
    this.bulkRun = page.getByTestId('bulk-run');
    this.bulkProgress = page.getByTestId('bulk-progress');
    this.bulkStopped = page.getByTestId('bulk-stopped');
    this.bulkFinished = page.getByTestId('bulk-finished');
    this.bulkRetry = page.getByTestId('bulk-retry');
    this.bulkClose = page.getByTestId('bulk-close');
    this.bulkResults = page.getByTestId('bulk-result');
  }

  static async openWithEinvoice(
    page: Page,
    user: { username: string; password: string },
    lang: Lang = 'vi',
    path = '/sale-order',
  ): Promise<OrdersEinvoicePage> {
    await withFeatures(page, { einvoice: true });
    await OrdersPage.open(page, user, path, lang);
    if (lang === 'en') await switchLanguage(page, 'en');
    return new OrdersEinvoicePage(page, lang);
  }

  field(name: 'name' | 'company' | 'taxCode' | 'address' | 'email' | 'phone'): Locator {
    return this.page.getByTestId(`einvoice-${name}`);
  }

  row(code: string): Locator {
    return this.rows.filter({ hasText: code });
  }

  /** The list narrowed to one order by its code (the service's search). */
  async find(code: string): Promise<Locator> {
    await this.search.fill(code);
    await expect(this.rows).toHaveCount(1, { timeout: 15_000 });
    await expect(this.rows.first()).toContainText(code);
    return this.rows.first();
  }

  async openDetail(code: string): Promise<void> {
    const row = await this.find(code);
    await row.getByRole('button', { name: this.tx('list.viewLabel', { code }) }).click();
    await expect(this.detail).toBeVisible();
  }

  exportButton(row: Locator, code: string): Locator {
    return row.getByRole('button', { name: this.tx('einvoice.exportLabel', { code }) });
  }

  pick(row: Locator): Locator {
    return row.getByTestId('order-pick');
  }

  /**
   * A stored code `{CQT code}::{lookup code}::{number}` as the screens write it (D224): with the
   * symbol where the export named it, else number and lookup code.
   */
  codeText(eivCode: string, symbol?: string): string {
    const [, lookupCode, number] = eivCode.split('::') as [string, string, string];
    const values = { serial: symbol ?? '', number: String(Number(number)), lookupCode };
    return this.tx(symbol ? 'einvoice.code.full' : 'einvoice.code.noSerial', values);
  }
}
