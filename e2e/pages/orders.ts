import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the orders area: the list /sale-order with its detail dialog, and order editing /sale-order/{id}. */

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export interface SaleOrderLine {
  product_id: number;
  code: string;
  name: string;
  amount: number;
  price: number;
}
export interface SaleOrder {
  order_id: number;
  order_code: string;
  status: number;
  customer_id: number;
  name: string;
  total_price: number;
}

export class OrdersPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly detail: Locator;
  readonly title: Locator;
  readonly status: Locator;
  readonly productSearch: Locator;
  readonly products: Locator;
  readonly productRows: Locator;
  readonly basketLines: Locator;
  readonly submit: Locator;
  readonly added: Locator;
  readonly orderTotal: Locator;
  readonly uncertain: Locator;
  readonly sendAgain: Locator;
  readonly customer: Locator;
  readonly customerOpen: Locator;
  readonly customerDialog: Locator;
  readonly phone: Locator;
  readonly customerNew: Locator;
  readonly customerName: Locator;
  readonly customerCreate: Locator;
  readonly pay: Locator;
  /** A payment waiting on the order locks its dishes (D214): the alert, its lines and buttons. */
  readonly paymentPending: Locator;
  readonly pendingPayments: Locator;
  readonly pendingCancel: Locator;
  readonly pendingKeep: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.createButton = page.getByTestId('order-create');
    this.search = page.getByRole('searchbox', { name: startsWith(tx('list.search')) });
    this.detail = page.getByTestId('order-detail');
    this.title = page.getByTestId('order-title');
    this.status = page.getByTestId('order-status');
    this.productSearch = page.getByRole('searchbox', { name: startsWith(tx('edit.search')) });
    this.products = page.getByRole('list', { name: tx('edit.productsLabel') });
    this.productRows = this.products.getByTestId('order-product');
    this.basketLines = page.getByTestId('order-basket-line');
    this.submit = page.getByTestId('order-submit');
    this.added = page.getByTestId('order-added');
    this.orderTotal = page.getByTestId('order-total');
    this.uncertain = page.getByTestId('order-uncertain');
    this.sendAgain = page.getByTestId('order-send-again');
    this.customer = page.getByTestId('order-customer');
    this.customerOpen = page.getByTestId('order-customer-open');
    this.customerDialog = page.getByRole('dialog', { name: tx('customer.dialogTitle') });
    this.phone = page.getByTestId('order-customer-phone');
    this.customerNew = page.getByTestId('order-customer-new');
    this.customerName = page.getByTestId('order-customer-name');
    this.customerCreate = page.getByTestId('order-customer-create-submit');
    this.pay = page.getByTestId('order-pay');
    this.paymentPending = page.getByTestId('order-payment-pending');
    this.pendingPayments = page.getByTestId('order-pending-payment');
    this.pendingCancel = page.getByTestId('order-pending-cancel');
    this.pendingKeep = page.getByTestId('order-pending-keep');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `orders:${key}`, params);
  }

  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/sale-order',
    lang: Lang = 'vi',
  ): Promise<OrdersPage> {
    await signIn(page, user, { to: path });
    const orders = new OrdersPage(page, lang);
    await acceptCookies(page, lang);
    return orders;
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  }

  /** The editing page has loaded its order and its dishes. */
  async waitForOrder(): Promise<void> {
    await expect(this.title).toBeVisible({ timeout: 15_000 });
    await expect(this.page.getByTestId('order-products-loading')).toHaveCount(0, { timeout: 15_000 });
  }

  /** The order id in the address of the editing page. */
  orderId(): number {
    const match = /\/sale-order\/(\d+)$/.exec(new URL(this.page.url()).pathname);
    if (!match) throw new Error(`not an order page: ${this.page.url()}`);
    return Number(match[1]);
  }

  addButton(row: Locator): Locator {
    return row.getByRole('button', { name: startsWith(this.tx('edit.add')) });
  }

  /** The sale service as the page's own session sees it (the tab's access token). */
  async api<T>(path: string): Promise<T> {
    const token = await this.page.evaluate(
      () => window.localStorage.getItem('access_token') ?? window.sessionStorage.getItem('access_token'),
    );
    const res = await this.page.request.get(`/api/sale${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), `GET /api/sale${path}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  }

  async orderOnServer(orderId: number): Promise<{ invoice_data: SaleOrder; products_data: SaleOrderLine[] }> {
    return this.api(`/order/${orderId}`);
  }
}
