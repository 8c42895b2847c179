import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { switchLanguage, toastsGone } from '../support/shell';
import { OrdersPage } from '../pages/orders';

// D214, D216: while a payment waits on an order (here its VietQR, shown on the payment
// screen), the order's dishes cannot change, so the guest is charged what the QR asks. Adding dishes
// then says so in the user's language, keeps the basket, and offers to cancel that payment first.

interface GuestOrder {
  order: { invoice_data: { order_id: number; invoice_id: number; total_price: number } };
}

for (const lang of ['vi', 'en'] as const) {
  test(`issue 24 §1 (${lang}): adding dishes to an order whose VietQR is shown is refused, the basket kept; cancelling the QR lets the dishes be added`, async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    // A guest orders from a table's QR: an open bill with dishes.
    const bill = (await sandbox.trigger<GuestOrder>('table-order', { table: 'Bàn 3', merchant: merchant.alias })).order.invoice_data;
    const o = await OrdersPage.open(page, merchant, '/sale-order', lang);
    if (lang === 'en') await switchLanguage(page, 'en');
    await o.waitForRows();
    const payments = async () =>
      (await o.api<Array<{ method: string; status: string; amount: number }>>(`/payment?invoice_id=${bill.invoice_id}`)).map((p) => [
        p.method,
        p.status,
        p.amount,
      ]);

    // The payment screen's QR tab shows the order's VietQR: it now holds the order's amount.
    await page.goto(P(`/sale-order/payment/${bill.order_id}?tab=qr`));
    await expect(page.getByTestId('payment-qr')).toBeVisible({ timeout: 20_000 });
    expect(await payments()).toEqual([['QR', 'PENDING', bill.total_price]]);

    // Back on the order, the cashier adds a dish.
    await page.goto(P(`/sale-order/${bill.order_id}`));
    await o.waitForOrder();
    await o.addButton(o.productRows.first()).click();
    await expect(o.basketLines).toHaveCount(1);
    await o.submit.click();
    await expect(o.paymentPending).toBeVisible({ timeout: 15_000 });
    await expect(o.paymentPending).toContainText(o.tx('edit.pendingTitle'));
    await expect(o.pendingPayments).toHaveCount(1);
    await expect(o.pendingPayments.first()).toContainText(o.tx('edit.pendingMethod.QR'));
    await expect(o.pendingPayments.first()).toContainText(new Intl.NumberFormat('vi-VN').format(bill.total_price));
    // Nothing was added; what was being added is still there.
    await expect(o.basketLines).toHaveCount(1);
    expect((await o.orderOnServer(bill.order_id)).invoice_data.total_price).toBe(bill.total_price);
    await toastsGone(page);
    await expectNoAxeViolations(page, `order editing, payment pending (${lang})`, info);

    await o.pendingCancel.click();
    await expect(o.paymentPending).toBeHidden();
    await expect(page.getByText(o.tx('edit.pendingCancelledTitle'))).toBeVisible();
    await expect(o.basketLines).toHaveCount(1);
    expect(await payments()).toEqual([['QR', 'CANCELLED', bill.total_price]]);

    await o.submit.click();
    await expect(o.added).toBeVisible();
    await expect(o.basketLines).toHaveCount(0);
    expect((await o.orderOnServer(bill.order_id)).invoice_data.total_price).toBeGreaterThan(bill.total_price);
  });
}
