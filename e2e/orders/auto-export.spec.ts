import { einvoiceFault, portalApi, setUpEinvoice } from '../support/einvoice';
import { withFeatures } from '../support/config';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { FLOW_LOOKS, expectReadableAtBothWidths, lookName } from '../support/looks';
import { decodeQrPng } from '../support/qr';
import { signIn } from '../support/sign-in';
import { OrdersEinvoicePage } from '../pages/orders-einvoice';

// the invoice at the moment of sale (D248–D252): with "Auto export" on, a cash payment
// queues the order's invoice in the sale service; the cashier closes the tab at once, and a new tab
// finds the order with its invoice (symbol and number) issued by the sale service on its own. With
// "Print invoice" on, the bill printed from the order carries the symbol, number, lookup code and a
// QR of the provider's lookup page. M-Invoice: its lookup page is https://tracuu.minvoice.com.vn.

const M_INVOICE_LOOKUP = 'https://tracuu.minvoice.com.vn';

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const orders = (lang: Lang, key: string, params?: Record<string, string | number>) => t(lang, `orders:${key}`, params);

// Each flow runs twice, Vietnamese at 1366 px and English at 375 px, and scans its states at both
// widths of its language: the four looks of every state (FLOW_LOOKS).
test.describe('Issue 25 §3: the invoice at the moment of sale', () => {
  for (const look of FLOW_LOOKS) {
    test(`issue 25 §3: paid by cash with the tab closed at once, the order shows its invoice and the bill prints it (${lookName(look)})`, async ({
      page,
      context,
      sandbox,
    }, info) => {
      test.slow();
      await page.setViewportSize({ width: look.width, height: 812 });
      const merchant = await sandbox.createMerchant();
      const api = await portalApi(sandbox, merchant);
      await setUpEinvoice(api, merchant, { provider: 'm-invoice', autoExport: true, printInvoice: true });
      const symbol = ((await api.request('GET', '/api/portal/einvoice/setting')).body.data as { serial: string }).serial;
      // A guest orders from a table's QR (trigger table-order): an open bill with dishes.
      const placed = await sandbox.trigger<{
        order: { invoice_data: { order_id: number; order_code: string; total_price: number } };
      }>('table-order', { table: 'Bàn 3', merchant: merchant.alias });
      const order = {
        orderId: placed.order.invoice_data.order_id,
        orderCode: placed.order.invoice_data.order_code,
        total: placed.order.invoice_data.total_price,
      };

      // The cashier takes cash on the payment screen and closes the tab as soon as it went through.
      await withFeatures(page, { einvoice: true });
      const o0 = await OrdersEinvoicePage.openWithEinvoice(page, merchant, look.lang, `/sale-order/payment/${order.orderId}`);
      await expect(page).toHaveURL(new RegExp(`${P(`/sale-order/payment/${order.orderId}`)}`));
      const received = page.getByRole('textbox', { name: startsWith(t(o0.lang, 'orderpayment:cash.received')) });
      await received.fill(String(order.total));
      await page.getByRole('button', { name: t(o0.lang, 'orderpayment:cash.complete') }).click();
      await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 20_000 });
      await page.close();

      // The sale service issues it by itself, once, with the order id as the provider's key.
      await expect
        .poll(async () => (await api.request('GET', `/api/sale/order/${order.orderId}`)).body.data.invoice_data.eiv_code as string | null, {
          message: 'the order gets its code without a tab open',
          timeout: 20_000,
        })
        .toMatch(/^[^:]*::[A-Z0-9]+::\d+$/);
      const saved = (await api.request('GET', `/api/sale/order/${order.orderId}`)).body.data.invoice_data;
      // The job keeps the serial as M-Invoice answered it (template digit in front); every screen shows the symbol (D224).
      expect(saved.einvoice_job.state).toBe('ISSUED');
      expect(saved.einvoice_job.serial).toMatch(new RegExp(`^\\d?${symbol}$`));
      const [, lookupCode, number] = (saved.eiv_code as string).split('::') as [string, string, string];

      // A new tab: the list's row and the detail show symbol and number.
      const tab = await context.newPage();
      await tab.setViewportSize({ width: look.width, height: 812 });
      // The same browser: the session is the tab's, so the cashier signs in again; the language chosen stays.
      await withFeatures(tab, { einvoice: true });
      await signIn(tab, merchant, { lang: look.lang });
      await tab.goto(P('/sale-order'));
      await expect(tab.locator('html')).toHaveAttribute('lang', look.lang);
      const o = new OrdersEinvoicePage(tab, look.lang);
      await o.waitForRows();
      const row = await o.find(order.orderCode);
      await expect(row.getByTestId('order-einvoice-code')).toHaveText(o.codeText(saved.eiv_code));
      await expect(row.getByTestId('order-einvoice-serial')).toHaveText(o.tx('einvoice.auto.serial', { serial: symbol }));
      // The day's count as the service answers it (the merchant's copy may hold other orders paid today).
      const today = (await api.request('GET', '/api/sale/order?page=1&page_size=1')).body.today as { paid: number; not_invoiced: number };
      expect(today.paid).toBeGreaterThanOrEqual(1);
      await expect(tab.getByTestId('order-today-text')).toHaveText(
        o.tx(`list.today_${today.not_invoiced === 1 ? 'one' : 'other'}`, { paid: today.paid, count: today.not_invoiced }),
      );
      await o.openDetail(order.orderCode);
      await expect(tab.getByTestId('order-detail-einvoice-serial')).toHaveText(symbol);
      await expect(tab.getByTestId('order-detail-eiv-code')).toHaveText(o.codeText(saved.eiv_code));
      await expectReadableAtBothWidths(tab, 'order with its invoice at the sale', look, info);

      // Print invoice on: the bill carries the invoice and a QR of the provider's lookup page.
      await tab.getByTestId('order-detail-print').click();
      const receipt = tab.frameLocator('#receipt-print-frame').locator('body');
      await expect(receipt.getByTestId('receipt-invoice')).toContainText(t(look.lang, 'common:receipt.invoice.title'));
      await expect(receipt.getByTestId('receipt-invoice-symbol')).toHaveText(symbol);
      await expect(receipt.getByTestId('receipt-invoice-number')).toHaveText(String(Number(number)));
      await expect(receipt.getByTestId('receipt-invoice-lookup-code')).toHaveText(lookupCode);
      await expect(receipt.getByTestId('receipt-invoice-lookup-url')).toHaveText(M_INVOICE_LOOKUP);
      const qr = receipt.getByTestId('receipt-invoice-qr').locator('img');
      // The print frame is laid out but hidden (the printer's): the image is read, not seen.
      await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
      const src = (await qr.getAttribute('src')) ?? '';
      expect(decodeQrPng(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'))).toBe(M_INVOICE_LOOKUP);
    });
  }

  for (const look of FLOW_LOOKS) {
    test(`issue 25 §3: an invoice the provider refused reaches the bell, which opens the order, and the order's retry issues it (${lookName(look)})`, async ({
      page,
      sandbox,
    }, info) => {
      test.slow();
      await page.setViewportSize({ width: look.width, height: 812 });
      const merchant = await sandbox.createMerchant();
      const api = await portalApi(sandbox, merchant);
      await setUpEinvoice(api, merchant, { provider: 'm-invoice', autoExport: true });
      // M-Invoice refuses the invoice, dated at the payment and once more dated now (D254): the sale
      // service fails the job at once (D250).
      await einvoiceFault(api, merchant, 'm-invoice', 'create-fails', { count: 2 });
      const placed = await sandbox.trigger<{
        order: { invoice_data: { order_id: number; invoice_id: number; order_code: string; total_price: number } };
      }>('table-order', { table: 'Bàn 4', merchant: merchant.alias });
      const bill = placed.order.invoice_data;

      const o = await OrdersEinvoicePage.openWithEinvoice(page, merchant, look.lang);
      await o.waitForRows();
      // Paid by cash at another till (the sale service's call): the failure arrives on this page's sockets.
      const paid = await api.request('POST', '/api/sale/payment/cash', {
        body: { invoice_id: bill.invoice_id, payment_method: 'CASH', receive_amount: bill.total_price, return_amount: 0 },
        headers: { 'idempotency-key': `e2e-auto-${bill.order_id}` },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toHaveAccessibleName(new RegExp(t(look.lang, 'notifications:bell.label')));
      await bell.click();
      // The bell's list may reload as the failure's own notification arrives right after it opens; the
      // tab is chosen once the list shows it chosen.
      const invoiceTab = page.getByTestId('bell-tab-3');
      await expect(async () => {
        await invoiceTab.click();
        await expect(invoiceTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      // The table's bill may also have a new-order notification (the guest's order): the e-invoice one is named so.
      const item = page
        .getByTestId('bell-item')
        .filter({ hasText: t(look.lang, 'notifications:bell.einvoiceFailed', { code: bill.order_code }) });
      await expect(item).toHaveCount(1, { timeout: 20_000 });
      await expectReadableAtBothWidths(page, "the bell's e-invoice tab", look, info);
      await item.click();
      await expect(page).toHaveURL(new RegExp(`${P('/sale-order')}\\?q=${bill.order_code}$`));
      await expect(o.rows).toHaveCount(1);
      const row = o.rows.first();
      await expect(row.getByTestId('order-einvoice-failed')).toHaveText(orders(look.lang, 'einvoice.auto.failed'));

      // The retry from the order: the sale service issues it, dated at the payment, and the list shows it.
      await o.openDetail(bill.order_code);
      await expect(page.getByTestId('order-detail-einvoice-job')).toContainText(orders(look.lang, 'einvoice.auto.failed'));
      await expectReadableAtBothWidths(page, 'a failed invoice with its retry', look, info);
      await page.getByTestId('order-detail-einvoice-retry').click();
      await expect(
        page.locator('.mantine-Notification-root').filter({ hasText: orders(look.lang, 'einvoice.auto.retriedTitle') }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(row.getByTestId('order-einvoice-code')).toBeVisible({ timeout: 20_000 });
      const saved = (await api.request('GET', `/api/sale/order/${bill.order_id}`)).body.data.invoice_data;
      expect(saved.einvoice_job.state).toBe('ISSUED');
      await expect(row.getByTestId('order-einvoice-code')).toHaveText(o.codeText(saved.eiv_code));
    });
  }
});
