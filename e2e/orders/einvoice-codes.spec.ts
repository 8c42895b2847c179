import type { Page } from '@playwright/test';
import { completedOrders, portalApi, setUpEinvoice, type PortalApi } from '../support/einvoice';
import { expect, test } from '../support/fixtures';
import type { Lang } from '../support/i18n';
import { OrdersEinvoicePage } from '../pages/orders-einvoice';

// On /sale-order: an exported invoice is named the way the merchant reads it, by its
// symbol (ký hiệu), number (số) and lookup code (mã tra cứu), never by the stored
// `{CQT code}::{lookup code}::{number}` (D224). M-Invoice issues the invoice uncoded (its CQT code
// comes after signing), so the stored code is the "::DLBGLTG52H::1" shape.

// The flow scans nothing: it reads the names the screens give, in each language and at each width
// once (Vietnamese at 1366 px, English at 375 px), not in all four combinations.
const CASES: { lang: Lang; width: number; height: number }[] = [
  { lang: 'vi', width: 1366, height: 768 },
  { lang: 'en', width: 375, height: 812 },
];

async function storedCode(api: PortalApi, orderId: number): Promise<string> {
  const code = (await api.request('GET', `/api/sale/order/${orderId}`)).body.data.invoice_data.eiv_code as string | null;
  expect(code, `order ${orderId} carries its code`).toMatch(/^::[A-Z0-9]+::\d+$/);
  return code!;
}

const toastWith = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('Issue 24 §7: e-invoice codes on the orders', () => {
  for (const { lang, width, height } of CASES) {
    test(`issue 24 §7: the export message, its toast, the bulk results and the list name symbol, number and lookup code (${lang}, ${width} px)`, async ({
      page,
      sandbox,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height });
      const merchant = await sandbox.createMerchant();
      const api = await portalApi(sandbox, merchant);
      await setUpEinvoice(api, merchant, { provider: 'm-invoice' });
      const symbol = ((await api.request('GET', '/api/portal/einvoice/setting')).body.data as { serial: string }).serial;
      expect(symbol).toMatch(/^C\d\dTMV$/);
      const [one, two, three] = await completedOrders(api, 3);
      const o = await OrdersEinvoicePage.openWithEinvoice(page, merchant, lang);
      await o.waitForRows();

      // One order from its detail: the message and the toast name the invoice.
      await o.openDetail(one!.order_code);
      await page.getByTestId('order-detail-export').click();
      await o.submit.click();
      await expect(o.done).toBeVisible({ timeout: 20_000 });
      const code = await storedCode(api, one!.order_id);
      const named = o.codeText(code, symbol);
      await expect(o.code).toHaveText(named);
      await expect(o.done).not.toContainText('::');
      await expect(toastWith(page, o.tx('einvoice.exportedToast'))).toContainText(named);
      await o.dialog.getByRole('button', { name: o.tx('einvoice.close') }).click();
      // The order keeps no symbol: the detail and the list name number and lookup code.
      await expect(page.getByTestId('order-detail-eiv-code')).toHaveText(o.codeText(code), { timeout: 10_000 });
      await page.keyboard.press('Escape');
      await expect(o.detail).toBeHidden();
      const row = await o.find(one!.order_code);
      await expect(row.getByTestId('order-einvoice-code')).toHaveText(o.codeText(code));

      // Two more in bulk: each result names its invoice with the symbol the provider answered.
      for (const order of [two!, three!]) await o.pick(await o.find(order.order_code)).check();
      await expect(page.getByTestId('bulk-bar')).toContainText('2');
      await o.bulkStart.click();
      await expect(o.bulkFinished).toBeVisible({ timeout: 30_000 });
      for (const order of [two!, three!]) {
        const result = o.bulkResults.filter({ hasText: order.order_code });
        await expect(result).toHaveAttribute('data-status', 'exported');
        await expect(result).toContainText(o.codeText(await storedCode(api, order.order_id), symbol));
        await expect(result).not.toContainText('::');
      }
    });
  }
});
