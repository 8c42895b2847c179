import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';
import { withEinvoice } from './einvoice-sso';

/** Page object of /e-inv-declaration (doc 2 §2). */
export class DeclarationPage {
  readonly heading: Locator;
  readonly approved: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly add: Locator;
  readonly refresh: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: this.tx('declaration.title') });
    this.approved = page.getByTestId('declaration-approved');
    this.table = page.getByTestId('declaration-table');
    this.rows = this.table.locator('tbody tr');
    this.add = page.getByTestId('declaration-add');
    this.refresh = page.getByRole('button', { name: this.tx('declaration.refresh') });
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `einvoice:${key}`, params);
  }

  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<DeclarationPage> {
    await withEinvoice(page.context());
    // signIn stores the language too: the page opens in it from the first paint.
    await signIn(page, user, { lang });
    await acceptCookies(page, lang);
    await page.goto(P('/e-inv-declaration'));
    const declaration = new DeclarationPage(page, lang);
    await expect(declaration.heading).toBeVisible({ timeout: 15_000 });
    return declaration;
  }
}
