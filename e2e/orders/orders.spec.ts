import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { switchLanguage } from '../support/shell';
import { OrdersPage, type SaleOrder } from '../pages/orders';

// Orders area: /sale-order and /sale-order/{order_id} (doc 2 §1 create button, §2, §3
// Order/invoice, §4 order status and customer in order flow, §5 quick create, §7 /order, §9 popup 2 s,
// attach 1 s). Tests that change orders use a throwaway copy of their merchant.

/** A mobile number no seeded customer has (09 + 8 digits from the clock and a random part). */
const freshPhone = () => `09${String(Date.now() % 1e4).padStart(4, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

test.describe('Issue 13: orders', () => {
  test('doc 2 §1, §2, §4, §5: colan opens a counter order, adds dishes by search, confirms, and quick-creates its customer', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant('colan');
    const o = await OrdersPage.open(page, merchant);
    await o.waitForRows();
    // Not a food-and-beverage merchant: the list creates a table-less order and opens it.
    await o.createButton.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-order/')}\\d+$`), { timeout: 15_000 });
    await o.waitForOrder();
    await expect(o.status).toHaveText(o.tx('status.2'));
    await expect(o.submit).toHaveText(o.tx('edit.confirm'));

    // 2,000 products: the search is the service's, accents ignored.
    await o.productSearch.fill('sua tuoi vinamilk 180ml');
    await expect(o.productRows.first()).toContainText('Sữa tươi Vinamilk 180ml', { timeout: 15_000 });
    const milk = o.productRows.first();
    await o.addButton(milk).click();
    await o.addButton(milk).click();
    await o.productSearch.fill('CL01234');
    await expect(o.productRows).toHaveCount(1, { timeout: 15_000 });
    await o.addButton(o.productRows.first()).click();
    await expect(o.basketLines).toHaveCount(2);
    await expect(o.basketLines.first().getByTestId('order-basket-amount')).toHaveValue('2');
    await expectNoAxeViolations(page, 'order editing (vi, desktop)', info);

    await o.submit.click();
    await expect(o.added).toBeVisible();
    await expect(o.status).toHaveText(o.tx('status.1'));
    await expect(o.basketLines).toHaveCount(0);
    // The popup closes by itself (2 s).
    await expect(o.added).toBeHidden({ timeout: 5_000 });
    const orderId = o.orderId();
    const server = await o.orderOnServer(orderId);
    expect(server.invoice_data.status).toBe(1);
    expect(server.products_data.map((l) => l.amount).sort()).toEqual([1, 2]);
    await expect(o.orderTotal).toContainText(new Intl.NumberFormat('vi-VN').format(server.invoice_data.total_price));
    await expect(o.pay).toBeEnabled();

    // The customer: an unknown phone, quick create, attached 1 s later.
    const phone = freshPhone();
    await o.customerOpen.click();
    await o.phone.fill(phone);
    await o.customerNew.click();
    await o.customerName.fill(' Lan');
    await o.customerCreate.click();
    await expect(o.customerDialog.getByText(o.tx('customer.errors.name.leadingSpace'))).toBeVisible();
    await expectNoAxeViolations(page, 'order customer quick create (vi, desktop)', info);
    await o.customerName.fill('Nguyễn Thị Lan');
    await o.customerCreate.click();
    await expect(o.customer).toHaveText('Nguyễn Thị Lan', { timeout: 10_000 });
    const after = await o.orderOnServer(orderId);
    expect(after.invoice_data.name).toBe('Nguyễn Thị Lan');
    expect(after.invoice_data.customer_id).toBeGreaterThan(0);
  });

  test('issue 13 "never twice": a double click on confirm adds once, and a lost answer sent again adds once', async ({ page, sandbox }) => {
    test.slow();
    const merchant = await sandbox.createMerchant('colan');
    const o = await OrdersPage.open(page, merchant);
    await o.waitForRows();
    await o.createButton.click();
    await o.waitForOrder();
    const orderId = o.orderId();
    await o.productSearch.fill('CL01234');
    await expect(o.productRows).toHaveCount(1, { timeout: 15_000 });
    await o.addButton(o.productRows.first()).click();
    await o.submit.dblclick();
    await expect(o.added).toBeVisible();
    expect((await o.orderOnServer(orderId)).products_data.map((l) => l.amount)).toEqual([1]);

    // The service adds the dishes, but the answer never reaches the page: the basket stays frozen,
    // "send again" repeats the same attempt (same Idempotency-Key) and the dish is still added once.
    await expect(o.added).toBeHidden({ timeout: 5_000 });
    let lost = false;
    await page.route('**/api/sale/order/product', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await o.addButton(o.productRows.first()).click();
    await o.submit.click();
    await expect(o.uncertain).toBeVisible({ timeout: 15_000 });
    await expect(o.basketLines.first().getByTestId('order-basket-amount')).toBeDisabled();
    expect((await o.orderOnServer(orderId)).products_data.map((l) => l.amount)).toEqual([2]);
    // A reload keeps the unanswered attempt and offers it again.
    await page.reload();
    await o.waitForOrder();
    await expect(o.uncertain).toBeVisible();
    await o.sendAgain.click();
    await expect(o.added).toBeVisible();
    expect((await o.orderOnServer(orderId)).products_data.map((l) => l.amount)).toEqual([2]);
  });

  test('doc 2 §1, §2, D349: phoco (food and beverage) takes a counter order from the list too (the one it can take offline); search in the address survives a reload; the detail dialog', async ({
    page,
  }, info) => {
    const o = await OrdersPage.open(page, DEMO.phoco);
    await o.waitForRows();
    await expect(o.createButton).toBeVisible();
    const first = o.rows.first();
    const code = ((await first.locator('th').first().textContent()) ?? '').trim();
    expect(code).not.toBe('');
    await o.search.fill(code);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${code}`), { timeout: 5_000 });
    // The search matches codes that contain the text (DH000101 also finds DH00010100): every row does.
    await expect(o.rows.first()).toContainText(code);
    await expect(o.rows.filter({ hasNotText: code })).toHaveCount(0);
    await page.reload();
    await o.waitForRows();
    await expect(o.search).toHaveValue(code);
    await expect(o.rows.first()).toContainText(code);
    await expect(o.rows.filter({ hasNotText: code })).toHaveCount(0);
    await o.rows
      .first()
      .getByRole('button', { name: o.tx('list.viewLabel', { code }) })
      .click();
    await expect(o.detail).toBeVisible();
    await expect(page.getByTestId('order-detail-lines')).toBeVisible({ timeout: 10_000 });
    await expectNoAxeViolations(page, 'order detail (vi, desktop)', info);
  });

  test('doc 2 §2: a completed order opened for editing goes to /sale-order?page=1&page_size=10', async ({ page }) => {
    const o = await OrdersPage.open(page, DEMO.phoco);
    await o.waitForRows();
    const [done] = await o.api<SaleOrder[]>('/order?order_status=0&page=1&page_size=1');
    expect(done?.status).toBe(0);
    await page.goto(P(`/sale-order/${done!.order_id}`));
    await expect(page).toHaveURL(new RegExp(`${P('/sale-order')}\\?page=1&page_size=10$`), { timeout: 15_000 });
    await o.waitForRows();
  });

  test('doc 2 §1: English at 375 px and Vietnamese at 375 px, list and editing, axe clean', async ({ page, sandbox }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant('colan');
    await page.setViewportSize({ width: 375, height: 812 });
    await OrdersPage.open(page, merchant);
    await switchLanguage(page, 'en');
    const en = new OrdersPage(page, 'en');
    await en.waitForRows();
    await expectNoAxeViolations(page, 'order list (en, 375 px)', info);
    await en.createButton.click();
    await en.waitForOrder();
    await en.productSearch.fill('coca');
    await expect(en.productRows.first()).toContainText('Coca-Cola', { timeout: 15_000 });
    await en.addButton(en.productRows.first()).click();
    await expect(en.submit).toHaveText(en.tx('edit.confirm'));
    await expectNoAxeViolations(page, 'order editing (en, 375 px)', info);
    await en.customerOpen.click();
    await expect(en.customerDialog).toBeVisible();
    await expectNoAxeViolations(page, 'order customer (en, 375 px)', info);
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'vi');
    const vi = new OrdersPage(page, 'vi');
    await expect(vi.submit).toHaveText(vi.tx('edit.confirm'));
    await expectNoAxeViolations(page, 'order editing (vi, 375 px)', info);
    await page.setViewportSize({ width: 1280, height: 800 });
    await switchLanguage(page, 'en');
    await expectNoAxeViolations(page, 'order editing (en, desktop)', info);
  });
});
