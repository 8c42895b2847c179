import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { withFeatures } from '../support/config';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';
import type { ProviderRoute } from '../support/einvoice';

/** Page object of /e-inv-setting: the terms, the form, the modals after a save (doc 2 §2, §4, §5). */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A required field's accessible name ends in its asterisk. */
const startsWith = (text: string) => new RegExp(`^${escape(text)}`);

export const PROVIDER_NAMES: Record<ProviderRoute, string> = {
  'm-invoice': 'M-Invoice',
  misa: 'MISA meInvoice',
  fpt: 'FPT eInvoice',
  viettel: 'Viettel S-Invoice',
};

export class EinvoiceSetupPage {
  readonly heading: Locator;
  readonly terms: Locator;
  readonly termsAgree: Locator;
  readonly termsFrame: Locator;
  readonly taxCode: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly formError: Locator;
  readonly success: Locator;
  readonly serialModal: Locator;
  readonly confirm: Locator;
  readonly declaration: Locator;
  readonly summary: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string, params: Record<string, string | number> = {}) => this.tx(key, params);
    this.heading = page.getByRole('heading', { level: 1, name: tx('title') });
    this.terms = page.getByRole('dialog', { name: tx('terms.title') });
    this.termsAgree = this.terms.getByRole('button', { name: tx('terms.agree') });
    this.termsFrame = this.terms.getByTestId('einv-terms-frame');
    this.taxCode = page.getByRole('textbox', { name: startsWith(tx('field.taxCode')) });
    this.username = page.getByRole('textbox', { name: startsWith(tx('field.username')) });
    this.password = page.getByLabel(startsWith(tx('field.password')));
    this.save = page.getByRole('button', { name: tx('save'), exact: true });
    this.cancel = page.getByRole('button', { name: tx('cancel'), exact: true });
    this.formError = page.getByTestId('einv-setup-error');
    this.success = page.getByRole('dialog', { name: tx('success.title') });
    this.serialModal = page.getByRole('dialog', { name: tx('serial.title') });
    this.confirm = page.getByRole('dialog', { name: tx('confirm.title') });
    this.declaration = page.getByTestId('einv-declaration');
    this.summary = page.getByTestId('einv-active-summary');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `einvoice:setup.${key}`, params);
  }

  /** Signs in with the e-invoice flag on and opens the page; the terms show unless the cookie is there. */
  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<EinvoiceSetupPage> {
    await withFeatures(page, { einvoice: true });
    await signIn(page, user);
    // The portal's cookie notice sits over the bottom of the page: out of the way before the terms modal opens.
    await expect(page.getByRole('button', { name: t(lang, 'shell:cookie.accept') })).toBeVisible({ timeout: 15_000 });
    await acceptCookies(page, lang);
    await page.goto(P('/e-inv-setting'));
    const setup = new EinvoiceSetupPage(page, lang);
    await expect(setup.heading).toBeVisible({ timeout: 15_000 });
    return setup;
  }

  provider(route: ProviderRoute): Locator {
    return this.page.getByRole('radio', { name: PROVIDER_NAMES[route], exact: true });
  }

  /** With the merchant account: the button that opens the provider's linking window. */
  ssoLinkButton(again = false): Locator {
    return this.page.getByRole('button', { name: this.tx(again ? 'sso.relink' : 'sso.link'), exact: true });
  }

  /** With the merchant account: whether the link exists, as the form says it. */
  ssoStatus(linked: boolean): Locator {
    return this.page.getByText(this.tx(linked ? 'sso.linked' : 'sso.notLinked'), { exact: true });
  }

  method(key: 'einv_provider_account' | 'merchant_account', provider: string): Locator {
    return this.page.getByRole('radio', { name: this.tx(`method.${key}`, { provider }) });
  }

  get serialSelect(): Locator {
    return this.serialModal.getByRole('combobox', { name: startsWith(this.tx('serial.serial')) });
  }

  /** What the modal says of VAT (D235: per item, or none on a sales invoice); it offers no rate to pick. */
  get vatNote(): Locator {
    return this.serialModal.getByTestId('einv-serial-vat');
  }

  /** By the six-character symbol; providers write the template digit in front or not (registry `serialSymbol`). */
  async chooseSerial(symbol: string): Promise<void> {
    await this.serialSelect.click();
    await this.page.getByRole('option', { name: new RegExp(`^\\d?${escape(symbol)} `) }).click();
  }

  async fillCredentials(c: { taxCode: string; username: string; password: string }): Promise<void> {
    await this.taxCode.fill(c.taxCode);
    await this.username.fill(c.username);
    await this.password.fill(c.password);
  }
}
