import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/**
 * Page objects of Pay by Link: /pay-by-link (the form, the result, the list of links) and the payer's
 * side, the sandbox's hosted checkout page opened from a link in a second browser context.
 */

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export class PayLinkPage {
  readonly orderId: Locator;
  readonly amount: Locator;
  readonly submit: Locator;
  readonly result: Locator;
  readonly url: Locator;
  readonly copy: Locator;
  readonly copyStatus: Locator;
  readonly qr: Locator;
  readonly another: Locator;
  readonly table: Locator;
  readonly search: Locator;
  readonly statusFilter: Locator;
  readonly widgetFailed: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.orderId = page.getByRole('textbox', { name: startsWith(this.tx('form.orderId')) });
    this.amount = page.getByRole('textbox', { name: startsWith(this.tx('form.amount')) });
    this.submit = page.getByTestId('paylink-submit');
    this.result = page.getByTestId('paylink-result');
    this.url = page.getByTestId('paylink-link-url');
    this.copy = page.getByTestId('paylink-link-copy');
    this.copyStatus = page.getByTestId('paylink-link-copy-status');
    this.qr = page.getByTestId('paylink-link-qr');
    this.another = page.getByTestId('paylink-new');
    this.table = page.getByTestId('paylink-table');
    this.search = page.getByTestId('paylink-search');
    this.statusFilter = page.getByRole('combobox', { name: this.tx('list.statusLabel') });
    this.widgetFailed = page.getByTestId('paylink-widget-failed');
  }

  tx(key: string, params?: Record<string, string | number>): string {
    return t(this.lang, `paylink:${key}`, params);
  }

  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<PayLinkPage> {
    // Straight to the screen (one page load), then the cookie banner, once the screen is up to show it.
    await signIn(page, user, { to: '/pay-by-link' });
    const screen = new PayLinkPage(page, lang);
    // CI once saw the form stay disabled for the whole 20 s; say which state it was in (the widget id
    // still loading, or its load failed and what the alert said) so the next failure names its cause.
    await expect(screen.orderId)
      .toBeEditable({ timeout: 20_000 })
      .catch(async (error: Error) => {
        const failed = (await screen.widgetFailed.isVisible()) ? await screen.widgetFailed.innerText() : null;
        throw new Error(`${error.message}\nthe widget id's load: ${failed === null ? 'still waiting' : `failed: ${failed}`}`);
      });
    await acceptCookies(page);
    return screen;
  }

  /** Opens /pay-by-link and waits until the widget id is in (the form takes typing). */
  async goto(search = ''): Promise<void> {
    await this.page.goto(P(`/pay-by-link${search ? `?${search}` : ''}`));
    await expect(this.orderId).toBeEditable({ timeout: 20_000 });
  }

  /** The row of a link in the list, by its order id. */
  row(orderId: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: orderId, exact: true }) });
  }

  async create(orderId: string, amount: string): Promise<string> {
    await this.orderId.fill(orderId);
    await this.amount.fill(amount);
    await this.submit.click();
    await expect(this.result).toBeVisible();
    return (await this.url.getAttribute('href')) ?? '';
  }
}

/** The payer: the hosted checkout page in a browser context of its own (no portal sign-in, no storage shared). */
export class PayerPage {
  readonly view: Locator;
  readonly amount: Locator;
  readonly orderId: Locator;
  readonly paid: Locator;
  readonly expired: Locator;
  readonly pay: Locator;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    this.view = page.getByTestId('checkout-view');
    this.amount = page.getByTestId('checkout-amount');
    this.orderId = page.getByTestId('checkout-order-id');
    this.paid = page.getByTestId('checkout-paid');
    this.expired = page.getByTestId('checkout-expired');
    this.pay = page.getByTestId('checkout-pay');
  }

  static async open(browser: Browser, url: string, options: { width?: number; locale?: string } = {}): Promise<PayerPage> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 800 },
      locale: options.locale ?? 'vi-VN',
    });
    const page = await context.newPage();
    await page.goto(url);
    const payer = new PayerPage(context, page);
    await expect(payer.view).toBeVisible({ timeout: 20_000 });
    return payer;
  }

  method(name: 'qr_code' | 'credit_card' | 'ewallet'): Locator {
    return this.page.getByTestId(`checkout-method-${name}`);
  }

  /** The hosted page's VietQR for the link (the QR panel of the checkout area). */
  get qr(): Locator {
    return this.page.getByTestId('hosted-qr');
  }

  async payByCard(card: { number: string; expiry: string; cvc: string; holder: string }): Promise<void> {
    await this.method('credit_card').click();
    await this.page.getByTestId('hosted-card-number').fill(card.number);
    await this.page.getByTestId('hosted-card-expiry').fill(card.expiry);
    await this.page.getByTestId('hosted-card-cvc').fill(card.cvc);
    await this.page.getByTestId('hosted-card-holder').fill(card.holder);
    await this.pay.click();
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** The link's query values (the signed parameters of contract 14 §B). */
export function linkParams(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
