import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import type { SandboxClient, ThrowawayMerchant } from '../support/sandbox';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the orderpayment area: /sale-order/payment/{order_id} and its `?customer` view. */

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export interface OpenOrder {
  orderId: number;
  invoiceId: number;
  orderCode: string;
  total: number;
}

/** A guest orders from a table's QR (sandbox trigger table-order): an open bill with dishes. */
export async function guestOrder(sandbox: SandboxClient, merchant: ThrowawayMerchant, table = 'Bàn 3'): Promise<OpenOrder> {
  const answer = await sandbox.trigger<{
    order: { invoice_data: { order_id: number; invoice_id: number; order_code: string; total_price: number } };
  }>('table-order', { table, merchant: merchant.alias });
  const invoice = answer.order.invoice_data;
  return { orderId: invoice.order_id, invoiceId: invoice.invoice_id, orderCode: invoice.order_code, total: invoice.total_price };
}

export interface PaymentRow {
  payment_id: number;
  method: string;
  status: string;
  amount: number;
  receive_amount: number | null;
  return_amount: number | null;
}

export class OrderPaymentPage {
  readonly tabs: Locator;
  readonly total: Locator;
  readonly received: Locator;
  readonly change: Locator;
  readonly complete: Locator;
  readonly success: Locator;
  readonly home: Locator;
  readonly print: Locator;
  readonly qr: Locator;
  readonly terminal: Locator;
  readonly connection: Locator;
  readonly pay: Locator;
  readonly waiting: Locator;
  readonly disconnected: Locator;
  readonly uncertain: Locator;
  readonly retry: Locator;
  readonly printFrame: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.tabs = page.getByTestId('payment-tabs');
    this.total = page.getByTestId('payment-total');
    this.received = page.getByRole('textbox', { name: startsWith(this.tx('cash.received')) });
    this.change = page.getByTestId('cash-change');
    this.complete = page.getByRole('button', { name: this.tx('cash.complete') });
    this.success = page.getByTestId('payment-success');
    this.home = page.getByRole('button', { name: this.tx('success.home') });
    this.print = page.getByRole('button', { name: this.tx('success.print') });
    this.qr = page.getByTestId('payment-qr');
    this.terminal = page.getByRole('combobox', { name: startsWith(this.tx('card.terminal')) });
    this.connection = page.getByTestId('card-connection-status');
    this.pay = page.getByRole('button', { name: this.tx('card.pay') });
    this.waiting = page.getByTestId('card-waiting');
    this.disconnected = page.getByTestId('card-disconnected');
    this.uncertain = page.getByTestId('payment-uncertain');
    this.retry = page.getByRole('button', { name: this.tx('uncertain.retry') });
    this.printFrame = page.frameLocator('#receipt-print-frame').locator('body');
  }

  tx(key: string, params?: Record<string, string | number>): string {
    return t(this.lang, `orderpayment:${key}`, params);
  }

  static async open(
    page: Page,
    merchant: { username: string; password: string },
    orderId: number,
    lang: Lang = 'vi',
  ): Promise<OrderPaymentPage> {
    // Straight to the screen (one page load), then the cookie banner, once the screen is up to show it.
    await signIn(page, merchant, { to: `/sale-order/payment/${orderId}` });
    const screen = new OrderPaymentPage(page, lang);
    await expect(screen.total).toBeVisible({ timeout: 20_000 });
    await acceptCookies(page);
    return screen;
  }

  /** Opens the payment screen of an order and waits for its invoice (a full page load: session, shell, screen). */
  async goto(orderId: number): Promise<void> {
    await this.page.goto(P(`/sale-order/payment/${orderId}`));
    await expect(this.total).toBeVisible({ timeout: 20_000 });
  }

  async chooseTab(way: 'cash' | 'qr' | 'card' | 'link'): Promise<void> {
    await this.tabs.getByText(this.tx(`tabs.${way}`), { exact: true }).click();
  }

  async chooseTerminal(serial: string): Promise<void> {
    await this.terminal.click();
    await this.page.getByRole('option', { name: serial }).click();
  }

  /** The order's payments as the sale service keeps them (GET /payment?invoice_id=), with this tab's own sign-in. */
  async payments(invoiceId: number): Promise<PaymentRow[]> {
    return this.page.evaluate(async (id) => {
      const token = sessionStorage.getItem('access_token') ?? localStorage.getItem('access_token');
      const res = await fetch(`/api/sale/payment?invoice_id=${id}`, { headers: { authorization: `Bearer ${token ?? ''}` } });
      return ((await res.json()) as { data: PaymentRow[] }).data;
    }, invoiceId);
  }

  /** The terminals the sale service lists for this merchant. */
  async terminals(): Promise<Array<{ serial_number: string; status: string }>> {
    return this.page.evaluate(async () => {
      const token = sessionStorage.getItem('access_token') ?? localStorage.getItem('access_token');
      const res = await fetch('/api/sale/payment/device?page_size=10000', { headers: { authorization: `Bearer ${token ?? ''}` } });
      return ((await res.json()) as { data: Array<{ serial_number: string; status: string }> }).data;
    });
  }
}
