import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';
import { withEinvoice } from './einvoice-sso';

/** Page object of /e-inv-template (doc 2 §2): the gallery, its filter, the setup form and its summary. */
export class TemplatePage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly name: Locator;
  readonly type: Locator;
  readonly logo: Locator;
  readonly chosenLogo: Locator;
  readonly submit: Locator;
  readonly summary: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: this.tx('template.title') });
    this.cards = page.getByTestId('template-card');
    this.name = page.getByRole('textbox', { name: this.tx('template.name') });
    this.type = page.getByRole('combobox', { name: this.tx('template.type') });
    this.logo = page.getByLabel(this.tx('template.logo.label'), { exact: true });
    this.chosenLogo = page.getByTestId('template-logo');
    this.submit = page.getByRole('button', { name: this.tx('template.submit') });
    this.summary = page.getByTestId('template-summary');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `einvoice:${key}`, params);
  }

  /** A filter type's radio (a chip: the input is visually hidden, so a pointer clicks its label). */
  filter(type: string): Locator {
    return this.page.getByRole('radio', { name: this.tx(`template.types.${type}`), exact: true });
  }

  async chooseFilter(type: string): Promise<void> {
    const id = await this.filter(type).getAttribute('id');
    await this.page.locator(`label[for="${id}"]`).click();
    await expect(this.filter(type)).toBeChecked();
  }

  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<TemplatePage> {
    await withEinvoice(page.context());
    // signIn stores the language too: the page opens in it from the first paint.
    await signIn(page, user, { lang });
    await acceptCookies(page, lang);
    await page.goto(P('/e-inv-template'));
    const template = new TemplatePage(page, lang);
    await expect(template.heading).toBeVisible({ timeout: 15_000 });
    return template;
  }
}
