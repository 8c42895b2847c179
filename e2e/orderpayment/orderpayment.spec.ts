import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { decodeVietQrPng } from '../support/qr';
import { switchLanguage } from '../support/shell';
import { guestOrder, OrderPaymentPage } from '../pages/orderpayment';

// Taking payment (orderpayment area): /sale-order/payment/{order_id} (doc 2 §2 Order payment
// panel, §4 cash and card terminal, §5, §7 /payment/*, §8, §9) and its ?customer view. Every test has
// a throwaway merchant and an order a guest placed from a table's QR (trigger table-order).

const vnd = (amount: number) =>
  new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(amount);

test.describe('Issue 13: order payment', () => {
  // Each test signs in, loads several screens and waits on the sandbox's events: slow on a busy machine.
  test.beforeEach(() => test.slow());

  test('doc 2 §2, §7 /payment/qr: the VietQR carries the amount and the order code, the guest pays it, success on both screens, the bill prints (copy on reprint)', async ({
    page,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    const s = await OrderPaymentPage.open(page, merchant, order.orderId);
    await expect(s.total).toHaveText(vnd(order.total));
    await expectNoAxeViolations(page, 'payment screen, cash tab (vi, desktop)', info);

    await s.chooseTab('qr');
    await expect(s.qr).toBeVisible();
    const decoded = decodeVietQrPng(await s.qr.screenshot());
    expect(decoded.amount).toBe(order.total);
    expect(decoded.pointOfInitiation).toBe('dynamic');
    expect(decoded.purpose).toContain(order.orderCode);
    await expectNoAxeViolations(page, 'payment screen, QR tab', info);

    // The guest's screen: a second window of the same browser, opened from the QR tab.
    const [guest] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: s.tx('display.open') }).click()]);
    await expect(guest).toHaveURL(/\?customer$/);
    await expect(guest.getByTestId('customer-display')).toBeVisible();

    // The guest sees the same QR and the total.
    const guestQr = guest.getByTestId('customer-display-qr');
    await expect(guestQr).toBeVisible();
    expect(decodeVietQrPng(await guestQr.screenshot()).raw).toBe(decoded.raw);
    await expect(guest.getByTestId('customer-display-total')).toHaveText(vnd(order.total));
    await expectNoAxeViolations(guest, 'customer display, QR', info);

    await sandbox.trigger('order-qr-paid', { order_code: order.orderCode, merchant: merchant.alias });
    await expect(s.success).toBeVisible();
    await expect(s.success).toContainText(order.orderCode);
    await expect(page).toHaveURL(/success=true/);
    await expect(guest.getByTestId('customer-display-success')).toBeVisible();
    await expectNoAxeViolations(page, 'payment success', info);

    // Print preview: the frame holds the receipt alone; the second print says it is a copy.
    await s.print.click();
    await expect(s.printFrame.getByTestId('receipt-order-code')).toHaveText(order.orderCode);
    await expect(s.printFrame.getByTestId('receipt-total')).toHaveText(vnd(order.total));
    await expect(s.printFrame.getByTestId('receipt-method')).toHaveText(t('vi', 'common:receipt.method.QR'));
    await expect(s.printFrame.getByTestId('receipt-copy')).toHaveCount(0);
    await expect(s.print).toBeEnabled();
    await s.print.click();
    await expect(s.printFrame.getByTestId('receipt-copy')).toHaveText(t('vi', 'common:receipt.copy'));

    expect((await s.payments(order.invoiceId)).filter((p) => p.status === 'SUCCESS')).toHaveLength(1);
    // The guest ordered at a table, so home is the tables (doc 2 §2: /sale-table when the invoice has a table).
    await s.home.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-table')}$`));
  });

  test('doc 2 §4 cash, §5, §9 (en, 375 px): change unknown below the total, 13 characters, Complete only when enough, one payment', async ({
    page,
    sandbox,
  }, info) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    await OrderPaymentPage.open(page, merchant, order.orderId);
    await switchLanguage(page, 'en');
    const s = new OrderPaymentPage(page, 'en');
    await expect(s.received).toBeVisible();
    await expect(s.complete).toBeDisabled();
    await s.received.fill(String(order.total - 1000));
    await expect(s.change).toHaveText(s.tx('cash.changeUnknown'));
    await expect(s.complete).toBeDisabled();
    await s.received.fill('12345678901234567');
    await expect(s.received).toHaveValue('1.234.567.890.123');
    const received = order.total + 15_000;
    await s.received.fill(String(received));
    await expect(s.change).toHaveText(vnd(15_000));
    await expectNoAxeViolations(page, 'payment screen, cash (en, 375 px)', info);
    await s.complete.click();
    await expect(s.success).toBeVisible();
    await expect(s.success).toContainText(s.tx('method.CASH'));
    await expectNoAxeViolations(page, 'payment success (en, 375 px)', info);
    const payments = await s.payments(order.invoiceId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'CASH', status: 'SUCCESS', receive_amount: received, return_amount: 15_000 });
    // An order already paid goes home (doc 2 §2): the tables, since the guest ordered at one.
    await page.goto(P(`/sale-order/payment/${order.orderId}`));
    await expect(page).toHaveURL(new RegExp(`${P('/sale-table')}$`));
  });

  test('doc 2 §4 card terminal: the terminal goes OFFLINE (pay disabled, the disconnect popup with the hotline), then ONLINE, then approves', async ({
    page,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    const s = await OrderPaymentPage.open(page, merchant, order.orderId);
    const serial = (await s.terminals()).find((terminal) => terminal.status === 'ONLINE')!.serial_number;
    await s.chooseTab('card');
    await s.chooseTerminal(serial);
    await expect(s.connection).toHaveAttribute('data-status', 'ONLINE');
    await expect(s.pay).toBeEnabled();
    await expectNoAxeViolations(page, 'payment screen, card tab', info);

    // Polled every 2 s: the drop shows without a reload, and Pay is off meanwhile.
    await sandbox.trigger('terminal', { serial, result: 'offline', merchant: merchant.alias });
    await expect(s.connection).toHaveAttribute('data-status', 'OFFLINE', { timeout: 6_000 });
    await expect(s.pay).toBeDisabled();
    await sandbox.trigger('terminal', { serial, result: 'online', merchant: merchant.alias });
    await expect(s.connection).toHaveAttribute('data-status', 'ONLINE', { timeout: 6_000 });

    // Paying, the terminal drops mid-payment: the disconnect popup names the POS hotline.
    await s.pay.click();
    await expect(s.waiting).toContainText(order.orderCode);
    await sandbox.trigger('terminal', { serial, result: 'offline', merchant: merchant.alias });
    await expect(s.disconnected).toBeVisible();
    await expect(s.disconnected).toContainText(t('vi', 'orderpayment:card.disconnectedBody', { hotline: '1900 555 598' }));
    await expectNoAxeViolations(page, 'card disconnect popup', info);
    await s.disconnected.getByRole('button', { name: s.tx('close') }).click();
    await sandbox.trigger('terminal', { serial, result: 'online', merchant: merchant.alias });
    await expect(s.connection).toHaveAttribute('data-status', 'ONLINE', { timeout: 6_000 });
    await s.pay.click();
    await expect(s.waiting).toBeVisible();
    await expectNoAxeViolations(page, 'card waiting popup', info);
    await sandbox.trigger('terminal', { serial, result: 'approve', merchant: merchant.alias });
    await expect(s.success).toBeVisible();
    const payments = await s.payments(order.invoiceId);
    expect(payments.filter((p) => p.status === 'SUCCESS')).toEqual([expect.objectContaining({ method: 'CARD' })]);
  });

  test('never twice: a double click, then an answer lost after the service took the payment, end with exactly one payment and one key', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    // Every cash request the till sends, with its invoice and key.
    const sent: { invoice: number; key: string }[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/api/sale/payment/cash')) return;
      const body = request.postDataJSON() as { invoice_id?: number } | null;
      sent.push({ invoice: body?.invoice_id ?? 0, key: request.headers()['idempotency-key'] ?? '' });
    });
    const keysOf = (invoice: number) => sent.filter((s) => s.invoice === invoice).map((s) => s.key);
    const first = await guestOrder(sandbox, merchant, 'Bàn 2');
    const s = await OrderPaymentPage.open(page, merchant, first.orderId);
    await s.received.fill(String(first.total));
    await s.complete.dblclick();
    await expect(s.success).toBeVisible();
    expect(await s.payments(first.invoiceId)).toHaveLength(1);

    // Second order: the service takes the payment but its answer never arrives.
    const second = await guestOrder(sandbox, merchant, 'Bàn 5');
    let lose = true;
    await page.route('**/api/sale/payment/cash', async (route) => {
      if (!lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await s.goto(second.orderId);
    await s.received.fill(String(second.total + 5000));
    await s.complete.click();
    // The lookup finds the payment: success without sending again.
    await expect(s.success).toBeVisible();
    expect(await s.payments(second.invoiceId)).toHaveLength(1);
    expect(keysOf(second.invoiceId)).toHaveLength(1);

    // Third order: the request never reaches the service; nothing is found; Send again reuses the key.
    const third = await guestOrder(sandbox, merchant, 'Bàn 6');
    await page.unroute('**/api/sale/payment/cash');
    let block = true;
    await page.route('**/api/sale/payment/cash', async (route) => {
      if (!block) return route.continue();
      block = false;
      await route.abort('internetdisconnected');
    });
    await s.goto(third.orderId);
    await s.received.fill(String(third.total));
    await s.complete.click();
    await expect(s.uncertain).toBeVisible();
    await expect(s.received).toHaveAttribute('readonly', '');
    expect(await s.payments(third.invoiceId)).toHaveLength(0);
    await s.retry.click();
    await expect(s.success).toBeVisible();
    expect(await s.payments(third.invoiceId)).toHaveLength(1);
    const thirdKeys = keysOf(third.invoiceId);
    expect(thirdKeys).toHaveLength(2);
    expect(thirdKeys[0]).toBe(thirdKeys[1]);
    // The double click sent one request, and nothing was queued and sent again for an earlier order:
    // the socket's "paid" cancels a cash call in flight, and a cancelled call is not queued (D366).
    expect(keysOf(first.invoiceId)).toHaveLength(1);
    expect(keysOf(second.invoiceId)).toHaveLength(1);
  });

  test('doc 2 §7 realtime: the socket drops without replay during the QR wait, the guest pays meanwhile, the screen still ends paid', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    const s = await OrderPaymentPage.open(page, merchant, order.orderId);
    await s.chooseTab('qr');
    await expect(s.qr).toBeVisible();
    await sandbox.trigger('realtime-drop', { forget: 'true', merchant: merchant.alias });
    await sandbox.trigger('order-qr-paid', { order_code: order.orderCode, merchant: merchant.alias });
    await expect(s.success).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/success=true/);
  });
  test('doc 2 §1 bilingual: every way at 375 px in Vietnamese and on desktop in English, axe clean', async ({ page, sandbox }, info) => {
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    await page.setViewportSize({ width: 375, height: 812 });
    const vi = await OrderPaymentPage.open(page, merchant, order.orderId);
    for (const way of ['qr', 'card', 'link'] as const) {
      await vi.chooseTab(way);
      if (way === 'qr') await expect(vi.qr).toBeVisible();
      if (way === 'card') await expect(vi.terminal).toBeVisible();
      if (way === 'link') await expect(page.getByTestId('order-link-url')).toBeVisible();
      await expectNoAxeViolations(page, `payment screen, ${way} (vi, 375 px)`, info);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await switchLanguage(page, 'en');
    const en = new OrderPaymentPage(page, 'en');
    for (const way of ['cash', 'qr', 'card'] as const) {
      await en.chooseTab(way);
      if (way === 'cash') await expect(en.received).toBeVisible();
      if (way === 'qr') await expect(en.qr).toBeVisible();
      if (way === 'card') await expect(en.terminal).toBeVisible();
      await expectNoAxeViolations(page, `payment screen, ${way} (en, desktop)`, info);
    }
  });
});
