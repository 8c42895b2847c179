import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t } from '../support/i18n';

/**
 * Page object of a transaction report (/tx-<channel>): the shared table with its filters, pager,
 * sorting, total and export. Vietnamese, as the report tests read it.
 */

/** The digits of a formatted number ("1.234.567 ₫" → 1234567). */
export const digits = (text: string | null): number => Number((text ?? '').replace(/[^\d-]/g, '') || '0');

export class ReportPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly skeletons: Locator;
  readonly pager: Locator;
  readonly pageSize: Locator;
  readonly total: Locator;
  /** The live summary under the table ("N giao dịch, trang …"). */
  readonly status: Locator;
  readonly statusFilter: Locator;
  readonly storeFilter: Locator;
  readonly storeList: Locator;
  readonly timeRange: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly apply: Locator;
  readonly rangeTooLong: Locator;
  readonly export: Locator;

  constructor(
    readonly page: Page,
    readonly channel: string,
  ) {
    const title = t('vi', `reports:title.${channel}`);
    this.heading = page.getByRole('heading', { level: 1, name: title });
    this.table = page.getByRole('table', { name: t('vi', 'reports:tableLabel', { report: title }) });
    this.rows = this.table.getByTestId('data-row');
    this.skeletons = this.table.getByTestId('skeleton-row');
    this.pager = page.getByRole('navigation', { name: t('vi', 'table:pagination.label') });
    this.pageSize = page.getByLabel(t('vi', 'table:rowsPerPage'), { exact: true });
    this.total = page.getByTestId('table-total');
    this.status = page.getByRole('status').filter({ hasText: /giao dịch, trang/ });
    this.statusFilter = page.getByRole('combobox', { name: t('vi', 'table:status.label'), exact: true });
    this.storeFilter = page.getByRole('combobox', { name: t('vi', 'table:store.label'), exact: true });
    this.storeList = page.getByRole('listbox', { name: t('vi', 'table:store.label') });
    this.timeRange = page.getByLabel(t('vi', 'table:timeRange.label'), { exact: true });
    this.from = page.getByLabel(t('vi', 'table:timeRange.from'), { exact: true });
    this.to = page.getByLabel(t('vi', 'table:timeRange.to'), { exact: true });
    this.apply = page.getByRole('button', { name: t('vi', 'table:timeRange.apply'), exact: true });
    this.rangeTooLong = page.getByRole('alert').filter({ hasText: t('vi', 'table:timeRange.errors.tooLong') });
    this.export = page.getByRole('button', { name: t('vi', 'table:export'), exact: true });
  }

  /** Opens /tx-<channel> with the given query (e.g. `range=lastMonth`) and waits for the rows. */
  static async open(page: Page, channel: string, query = ''): Promise<ReportPage> {
    await page.goto(P(`/tx-${channel}${query ? `?${query}` : ''}`));
    const report = new ReportPage(page, channel);
    await report.waitLoaded();
    return report;
  }

  /** The heading is up and no skeleton row is left (after opening, filtering, paging, sorting). */
  async waitLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.skeletons).toHaveCount(0, { timeout: 15_000 });
  }

  /** Picks a status in the status filter by its `table:status.values.*` key. */
  async filterByStatus(status: string): Promise<void> {
    await this.statusFilter.click();
    await this.page.getByRole('option', { name: t('vi', `table:status.values.${status}`), exact: true }).click();
  }

  pageButton(n: number): Locator {
    return this.pager.getByRole('button', { name: t('vi', 'table:pagination.page', { page: n }), exact: true });
  }

  /** A sortable column's header by its `reports:columns.*` key (its name ends in the sort hint). */
  sortableHeader(key: string): Locator {
    return this.table.getByRole('columnheader', { name: new RegExp(`^${t('vi', `reports:columns.${key}`)} \\(`) });
  }

  /** Index of a column by its Vietnamese header (row header cells count, so th and td are both read). */
  async columnIndex(key: string): Promise<number> {
    const headers = await this.table.getByRole('columnheader').allInnerTexts();
    const name = t('vi', `reports:columns.${key}`);
    // A sortable header also holds its sort hint, "(…)", for screen readers.
    const index = headers.findIndex(
      (h) =>
        h
          .replace(/[▲▼↕]/g, '')
          .replace(/\(.*\)/s, '')
          .trim() === name,
    );
    expect(index, `column ${key} (${name}) among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return index;
  }

  /** The texts of one column in every row shown. */
  async columnTexts(key: string): Promise<string[]> {
    const index = await this.columnIndex(key);
    return this.rows.locator(`:is(th, td):nth-child(${index + 1})`).allInnerTexts();
  }

  /** The numbers of one column in every row shown, read cell by cell. */
  async columnValues(key: string): Promise<number[]> {
    const index = await this.columnIndex(key);
    const count = await this.rows.count();
    const values: number[] = [];
    for (let i = 0; i < count; i += 1) values.push(digits(await this.rows.nth(i).locator('th, td').nth(index).innerText()));
    return values;
  }
}
