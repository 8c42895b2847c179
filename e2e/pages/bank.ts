import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';
import { BANKS } from '../../sandbox/areas/bank/seed';

/** Page object of the bank area: the list /bank, the add form /bank/add and their dialogs. */

/** An accessible name that starts with the label (a required field's name ends in its asterisk). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export class BankPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly addButton: Locator;
  readonly addHeading: Locator;
  readonly accountNo: Locator;
  readonly bank: Locator;
  readonly holder: Locator;
  readonly phone: Locator;
  readonly continue: Locator;
  /** The form's own message for a refusal by the bank (write-locked, already linked). */
  readonly addError: Locator;
  readonly terms: Locator;
  readonly termsText: Locator;
  readonly agree: Locator;
  readonly qrDialog: Locator;
  readonly qr: Locator;
  readonly qrClose: Locator;
  readonly success: Locator;
  readonly deleteDialog: Locator;
  readonly deleteConfirm: Locator;
  readonly deleteCancel: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.addButton = page.getByRole('button', { name: tx('list.add'), exact: true });
    this.addHeading = page.getByRole('heading', { level: 1, name: tx('add.title') });
    this.accountNo = page.getByRole('textbox', { name: startsWith(tx('add.accountNo')) });
    this.bank = page.getByRole('combobox', { name: startsWith(tx('add.bank')) });
    this.holder = page.getByTestId('bank-holder');
    this.phone = page.getByRole('textbox', { name: startsWith(tx('add.phone')) });
    this.continue = page.getByRole('button', { name: tx('add.continue'), exact: true });
    this.addError = page.getByTestId('bank-add-error');
    this.terms = page.getByRole('dialog', { name: tx('terms.title') });
    this.termsText = page.getByTestId('bank-terms');
    this.agree = page.getByRole('button', { name: tx('terms.agree'), exact: true });
    this.qrDialog = page.getByRole('dialog', { name: tx('qr.title') });
    this.qr = page.getByTestId('bank-qr');
    this.qrClose = this.qrDialog.getByRole('button', { name: tx('qr.close') }).last();
    this.success = page.getByTestId('bank-verify-success');
    this.deleteDialog = page.getByRole('dialog', { name: tx('delete.title') });
    this.deleteConfirm = this.deleteDialog.getByRole('button', { name: tx('delete.confirm'), exact: true });
    this.deleteCancel = this.deleteDialog.getByRole('button', { name: tx('delete.cancel'), exact: true }).first();
  }

  /** A text of the bank namespace in the page's language. */
  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `bank:${key}`, params);
  }

  /** Signs the merchant in, opens /bank, answers the cookie banner and waits for the rows. */
  static async open(page: Page, merchant: { username: string; password: string }, lang: Lang = 'vi'): Promise<BankPage> {
    await signIn(page, merchant, { to: '/bank' });
    const bank = new BankPage(page, lang);
    await expect(bank.heading).toBeVisible({ timeout: 15_000 });
    await acceptCookies(page, lang);
    await expect(bank.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
    return bank;
  }

  rowOf(account: string): Locator {
    return this.rows.filter({ hasText: account });
  }

  statusOf(account: string): Locator {
    return this.rowOf(account).getByTestId('bank-status');
  }

  verifyButton(account: string): Locator {
    return this.rowOf(account).getByRole('button', { name: this.tx('list.verifyLabel', { account }) });
  }

  deleteButton(account: string): Locator {
    return this.rowOf(account).getByRole('button', { name: this.tx('list.deleteLabel', { account }) });
  }

  /** What the bank dropdown shows for a bank code ("Techcombank – Ngân hàng …"). */
  bankLabel(code: string): string {
    const bank = BANKS.find((b) => b.bank_code === code);
    if (!bank) throw new Error(`no bank ${code} in the sandbox seed`);
    return `${bank.short_name} – ${bank.name}`;
  }

  /**
   * Picks a bank in the searchable dropdown (core §9: at most 216 px high) by typing its short name,
   * then choosing it with the arrow keys and Enter. Not a click: a toast at top-centre (the holder
   * lookup's answer) can lie over the option, and a click retrying under it hovers the toast,
   * which pauses its auto-close, so the click waited out the test's time-out.
   */
  async chooseBank(code: string): Promise<void> {
    const label = this.bankLabel(code);
    await this.bank.click();
    await this.bank.fill(label.split(' – ')[0]!);
    const option = this.page.getByRole('option', { name: label, exact: true });
    await expect(option).toBeVisible();
    const options = await this.page.getByRole('option').count();
    for (let i = 0; i <= options && (await option.getAttribute('data-combobox-selected')) === null; i += 1) {
      await this.bank.press('ArrowDown');
    }
    await expect(option, `${label}: highlighted by the arrow keys`).toHaveAttribute('data-combobox-selected', 'true');
    await this.bank.press('Enter');
    await expect(this.bank).toHaveValue(label);
  }

  /** Types an account, picks its bank and types the phone on /bank/add. */
  async fillForm(account: { account_no: string; bank_code: string }, phone: string): Promise<void> {
    await this.accountNo.fill(account.account_no);
    await this.chooseBank(account.bank_code);
    await this.phone.fill(phone);
  }

  /** Scrolls the terms text to `top` px, or to its end. */
  async scrollTerms(top: number | 'end'): Promise<void> {
    await this.termsText.evaluate((el, to) => el.scrollTo({ top: to === 'end' ? el.scrollHeight : to }), top);
  }

  /** Continue, then read the terms to the end (Agree stays off until then) and agree. */
  async agreeToTerms(): Promise<void> {
    await this.continue.click();
    await expect(this.terms).toBeVisible();
    await expect(this.agree).toBeDisabled();
    await this.scrollTerms('end');
    await expect(this.agree).toBeEnabled();
    await this.agree.click();
  }
}

/**
 * Counts the server's connect answers on one socket.io namespace (packet `40/va,{…}` on the page's
 * websocket): from the first one on, the server sends that namespace's events for this merchant to
 * the page. Call before the page loads.
 */
export function watchNamespaceJoins(page: Page, namespace: string): { count: number } {
  const joins = { count: 0 };
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith(`40${namespace},`)) joins.count += 1;
    });
  });
  return joins;
}
