import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';

/** Page object of the dashboard: the day, month and year cards, the two doughnuts, recent transactions. */

export type Period = 'day' | 'month' | 'year';
export const PERIODS: readonly Period[] = ['day', 'month', 'year'];

export class DashboardPage {
  readonly heading: Locator;
  readonly broken: Locator;
  readonly retry: Locator;
  readonly revenueLegend: Locator;
  readonly recentTable: Locator;
  readonly recentRows: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t(lang, 'dashboard:title') });
    this.broken = page.getByTestId('dashboard-broken');
    this.retry = page.getByRole('button', { name: t(lang, 'dashboard:retry'), exact: true });
    this.revenueLegend = page.getByTestId('chart-revenue-legend');
    this.recentTable = page.getByRole('table', { name: t(lang, 'dashboard:recent') });
    this.recentRows = page.getByTestId('recent-table').getByTestId('data-row');
  }

  /** A period's card; `data-ready` says whether its part of the stream has arrived. */
  card(period: Period): Locator {
    return this.page.getByTestId(`card-${period}`);
  }

  /** A figure on a card; its `data-value` holds the exact number behind the formatted text. */
  figure(period: Period, what: 'revenue' | 'count'): Locator {
    return this.page.getByTestId(`card-${period}-${what}`);
  }

  /**
   * Beside a figure: the previous period over the same span (`span`, what the change compares with),
   * the whole previous period (`whole`, shown only when it differs) and the change (D63).
   */
  beside(period: Period, what: 'revenue' | 'count', part: 'span' | 'whole' | 'change'): Locator {
    return this.page.getByTestId(`card-${period}-${what}-${part}`);
  }

  /** A doughnut's segment (e.g. `revenue-card`, `revenue-qr`), its `data-value` the amount. */
  chartSegment(id: string): Locator {
    return this.page.getByTestId(`chart-${id}`);
  }

  /** Waits until every card and the recent table have loaded. */
  async waitUntilComplete(): Promise<void> {
    await expect(this.heading).toBeVisible();
    for (const period of PERIODS) await expect(this.card(period)).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
    await expect(this.page.getByTestId('recent-table').getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }
}
