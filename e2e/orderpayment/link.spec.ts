import { expectNoAxeViolations } from '../support/axe';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { switchLanguage } from '../support/shell';
import { guestOrder, OrderPaymentPage } from '../pages/orderpayment';

// the order payment screen's link tab (doc 2 §2 Order payment panel, §4 Pay by Link; D159):
// the order's link with its code and total, paid by test card on the hosted page in a second browser
// context; the payment screen hears payment_success (method LINK) and the order is completed.

/**
 * The payer on the hosted checkout page, in a browser context of its own. A second copy of the
 * paylink page object's payer (an area's tests never import another area's pages).
 */
class Payer {
  readonly orderId: Locator;
  readonly paid: Locator;
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    this.orderId = page.getByTestId('checkout-order-id');
    this.paid = page.getByTestId('checkout-paid');
  }
  static async open(browser: Browser, url: string): Promise<Payer> {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.getByTestId('checkout-view')).toBeVisible({ timeout: 20_000 });
    return new Payer(context, page);
  }
  async payByCard(card: { number: string; expiry: string; cvc: string; holder: string }): Promise<void> {
    await this.page.getByTestId('checkout-method-credit_card').click();
    await this.page.getByTestId('hosted-card-number').fill(card.number);
    await this.page.getByTestId('hosted-card-expiry').fill(card.expiry);
    await this.page.getByTestId('hosted-card-cvc').fill(card.cvc);
    await this.page.getByTestId('hosted-card-holder').fill(card.holder);
    await this.page.getByTestId('checkout-pay').click();
  }
}

const linkParams = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams);

const TEST_CARD = { number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', holder: 'NGUYEN VAN A' };

test.describe('Issue 14: paying an order by link', () => {
  test.beforeEach(() => test.slow());

  test('the link carries the order code and total, a reload gets the same link back, the payer pays by card, the screen shows paid and the order is completed', async ({
    page,
    browser,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    const s = await OrderPaymentPage.open(page, merchant, order.orderId);
    await s.chooseTab('link');
    const url = page.getByTestId('order-link-url');
    await expect(url).toBeVisible();
    const href = (await url.getAttribute('href')) ?? '';
    expect(linkParams(href)).toMatchObject({ orderId: order.orderCode, amount: String(order.total) });
    await expect(page.getByTestId('order-link-qr')).toBeVisible();
    await expectNoAxeViolations(page, 'payment screen, link tab (vi, desktop)', info);

    // A reload (the same tab's session) and a second visit never make a second link.
    await s.goto(order.orderId);
    await s.chooseTab('link');
    await expect(url).toHaveAttribute('href', href);

    const payer = await Payer.open(browser, href);
    await expect(payer.orderId).toHaveText(order.orderCode);
    await payer.payByCard(TEST_CARD);
    await expect(payer.paid).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(payer.page, 'hosted checkout, paid (375 px)', info);

    await expect(s.success).toBeVisible({ timeout: 30_000 });
    await expect(s.success).toContainText(order.orderCode);
    await expect(s.success).toContainText(s.tx('method.LINK'));
    await expect(page).toHaveURL(/success=true/);
    const payments = await s.payments(order.invoiceId);
    expect(payments.filter((p) => p.status === 'SUCCESS')).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'LINK', amount: order.total });

    // The paid link shows its state instead of taking a second payment.
    await payer.page.reload();
    await expect(payer.paid).toBeVisible();
    await payer.context.close();
  });

  test('at 375 px in English the link tab is readable and axe clean', async ({ page, sandbox }, info) => {
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    await page.setViewportSize({ width: 375, height: 812 });
    await OrderPaymentPage.open(page, merchant, order.orderId);
    await switchLanguage(page, 'en');
    const en = new OrderPaymentPage(page, 'en');
    await en.chooseTab('link');
    await expect(page.getByTestId('order-link-url')).toBeVisible();
    await expect(page.getByText(en.tx('link.hint'))).toBeVisible();
    await expectNoAxeViolations(page, 'payment screen, link tab (en, 375 px)', info);
  });
});
