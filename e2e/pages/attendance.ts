import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the attendance area: /attendance. */
export class AttendancePage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: this.tx('list.title') });
    this.table = page.getByRole('table', { name: this.tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `attendance:${key}`, params);
  }

  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/attendance',
    lang: Lang = 'vi',
  ): Promise<AttendancePage> {
    await signIn(page, user, { to: path });
    await acceptCookies(page, lang);
    return new AttendancePage(page, lang);
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }
}
