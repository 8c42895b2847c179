import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { REVIEW_LOOKS, inEachLook, lookName } from '../support/looks';
import { OrdersPage } from '../pages/orders';

// D301: the owner voids an unpaid order with a reason; the order then says who voided it, when and
// why, and the list shows it voided. A throwaway merchant; one guest order per look.

interface GuestOrder {
  order: { invoice_data: { order_id: number; order_code: string } };
}

const TABLES = ['Bàn 2', 'Bàn 3', 'Bàn 5', 'Bàn 6'];

test('issue 27 §1: the owner voids an unpaid order with a reason and sees it voided (vi, en; 1366, 375 px)', async ({
  page,
  sandbox,
}, info) => {
  test.slow();
  const merchant = await sandbox.createMerchant();
  const orders: GuestOrder['order']['invoice_data'][] = [];
  for (const table of TABLES) {
    orders.push((await sandbox.trigger<GuestOrder>('table-order', { table, merchant: merchant.alias })).order.invoice_data);
  }
  let i = 0;
  await inEachLook(page, merchant, REVIEW_LOOKS, `/sale-order/${orders[0]!.order_id}`, async (look) => {
    const order = orders[i]!;
    if (i > 0) await page.goto(page.url().replace(/\/sale-order\/\d+/, `/sale-order/${order.order_id}`));
    i += 1;
    const o = new OrdersPage(page, look.lang);
    await o.waitForOrder();
    await page.getByRole('button', { name: o.tx('void.open') }).click();
    const dialog = page.getByRole('dialog', { name: o.tx('void.title', { code: order.order_code }) });
    await expect(dialog).toBeVisible();

    // "Other" needs a few words: said under the field, nothing sent.
    await dialog.getByRole('radio', { name: o.tx('void.reasons.OTHER') }).check();
    await dialog.getByRole('button', { name: o.tx('void.submit') }).click();
    await expect(dialog.getByText(o.tx('void.problems.noteRequired'))).toBeVisible();
    await expectNoAxeViolations(page, `void dialog (${lookName(look)})`, info);
    expect((await o.orderOnServer(order.order_id)).invoice_data.status).not.toBe(3);

    await dialog.getByTestId('order-void-note').fill('Khách đổi ý');
    await dialog.getByRole('button', { name: o.tx('void.submit') }).click();
    const notice = page.getByTestId('order-voided');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText(o.tx('void.voidedTitle'));
    await expect(page.getByTestId('order-voided-reason')).toHaveText(o.tx('void.voidedReason', { reason: o.tx('void.reasons.OTHER') }));
    await expect(notice).toContainText('Khách đổi ý');
    await expect(page.getByTestId('order-status')).toHaveText(t(look.lang, 'orders:status.3'));
    expect((await o.orderOnServer(order.order_id)).invoice_data.status).toBe(3);
    if (look.width === 375) await page.screenshot({ path: `/tmp/wt-void-voided-${look.lang}-375.png`, fullPage: true });
  });

  // The list filtered to voided orders shows the four, each with its readable badge.
  await page.goto(page.url().replace(/\/sale-order\/\d+.*$/, '/sale-order?order_status=3'));
  const o = new OrdersPage(page, 'en');
  await o.waitForRows();
  await expect(o.rows).toHaveCount(TABLES.length);
  await expect(o.rows.first()).toContainText(t('en', 'orders:status.3'));
});
