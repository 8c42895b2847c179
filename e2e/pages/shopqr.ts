import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the ShopQR area: the list /payment, the form /payment/add and their dialogs. */

export type ShopQrType = 'STORE' | 'STAFF' | 'BILL';

export class ShopQrPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly skeletons: Locator;
  readonly add: Locator;
  readonly form: Locator;
  readonly bank: Locator;
  /** The bank-account dropdown's list (virtualised: only the rows in view exist). */
  readonly bankOptions: Locator;
  readonly staff: Locator;
  readonly channel: Locator;
  readonly amount: Locator;
  readonly store: Locator;
  readonly submit: Locator;
  readonly submitError: Locator;
  readonly detailDialog: Locator;
  readonly detailFields: Locator;
  readonly download: Locator;
  readonly detailClose: Locator;
  readonly qr: Locator;
  readonly deleteDialog: Locator;
  readonly deleteConfirm: Locator;
  readonly deleteCancel: Locator;
  readonly deleteError: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('title') });
    this.table = page.getByRole('table', { name: tx('tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.skeletons = this.table.getByTestId('skeleton-row');
    this.add = page.getByRole('link', { name: tx('add') });
    this.form = page.getByRole('form', { name: tx('form.title') });
    this.bank = page.getByTestId('shopqr-bank');
    this.bankOptions = page.getByTestId('shopqr-bank-options');
    this.staff = page.getByTestId('shopqr-staff');
    this.channel = page.getByTestId('shopqr-channel');
    this.amount = page.getByTestId('shopqr-amount');
    this.store = page.getByTestId('store-filter');
    this.submit = page.getByRole('button', { name: tx('form.submit') });
    this.submitError = page.getByTestId('shopqr-submit-error');
    this.detailDialog = page.getByRole('dialog', { name: tx('detail.title') });
    this.detailFields = this.detailDialog.getByTestId('shopqr-fields');
    this.download = this.detailDialog.getByRole('button', { name: tx('detail.download') });
    this.detailClose = this.detailDialog.getByRole('button', { name: tx('detail.close') }).last();
    this.qr = page.getByTestId('shopqr-qr');
    this.deleteDialog = page.getByRole('dialog', { name: tx('delete.title') });
    this.deleteConfirm = this.deleteDialog.getByRole('button', { name: tx('delete.confirm'), exact: true });
    this.deleteCancel = this.deleteDialog.getByRole('button', { name: tx('delete.cancel'), exact: true });
    this.deleteError = this.deleteDialog.getByTestId('shopqr-delete-error');
  }

  /** A text of the ShopQR screens' namespace in the page's language. */
  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `shopqr:${key}`, params);
  }

  /** Signs the merchant in, opens /payment, answers the cookie banner and waits for the rows. */
  static async open(page: Page, merchant: { username: string; password: string }): Promise<ShopQrPage> {
    await signIn(page, merchant, { to: '/payment' });
    const shopQr = new ShopQrPage(page);
    await expect(shopQr.heading).toBeVisible({ timeout: 15_000 });
    await acceptCookies(page);
    await expect(shopQr.skeletons).toHaveCount(0, { timeout: 15_000 });
    return shopQr;
  }

  type(type: ShopQrType): Locator {
    return this.page.getByRole('radio', { name: this.tx(`type.${type}`) });
  }

  rowOf(va: string): Locator {
    return this.rows.filter({ hasText: va });
  }

  detailButton(va: string): Locator {
    return this.rowOf(va).getByRole('button', { name: this.tx('actions.detail', { va }) });
  }

  deleteButton(va: string): Locator {
    return this.rowOf(va).getByRole('button', { name: this.tx('actions.delete', { va }) });
  }

  /** The virtual-account numbers of the rows shown, in order. */
  async vaNumbers(): Promise<string[]> {
    return (await this.rows.locator('th').allInnerTexts()).map((v) => v.trim());
  }

  /** Follows Add to /payment/add and waits for the form, with one verified account chosen. */
  async openAdd(options: { oneAccount?: boolean } = {}): Promise<void> {
    await this.add.click();
    await expect(this.page).toHaveURL(/\/portal\/payment\/add$/);
    await expect(this.form).toBeVisible({ timeout: 15_000 });
    // One verified account is chosen for the user.
    if (options.oneAccount !== false) await expect(this.bank).not.toHaveValue('');
  }

  /** Opens a select of the form (staff, channel) and picks the first option that matches. */
  async pick(input: Locator, option: string | RegExp): Promise<void> {
    await input.click();
    await this.page.getByRole('option', { name: option }).first().click();
  }

  /** Pastes `text` into the amount field as a clipboard paste event would deliver it. */
  async pasteAmount(text: string): Promise<void> {
    await this.amount.evaluate((el, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  }
}
