import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { REVIEW_LOOKS, lookName, openInLook } from '../support/looks';
import { guestOrder, OrderPaymentPage } from '../pages/orderpayment';

// Issue 24 §6 on the payment screen: at 375 px the fourth way to pay was cut off ("Liên kế"). The
// tabs now wrap a label between words instead (D222); the axe check also runs the clipping guard.

const WAYS = ['cash', 'qr', 'card', 'link'] as const;

test.describe('Issue 24 §6: payment tabs, whole', () => {
  for (const look of REVIEW_LOOKS) {
    test(`issue 24 §6: the four ways to pay show their whole names (${lookName(look)})`, async ({ page, sandbox }, info) => {
      test.slow();
      const merchant = await sandbox.createMerchant();
      const order = await guestOrder(sandbox, merchant);
      await page.setViewportSize({ width: look.width, height: 812 });
      await OrderPaymentPage.open(page, merchant, order.orderId);
      await openInLook(page, `/sale-order/payment/${order.orderId}`, look);
      const s = new OrderPaymentPage(page, look.lang);
      await expect(s.total).toBeVisible({ timeout: 20_000 });
      for (const way of WAYS) {
        // Wholly inside the control, which hides what runs past its edge.
        await expect(s.tabs.getByText(s.tx(`tabs.${way}`), { exact: true })).toBeInViewport({ ratio: 1 });
      }
      await expectNoAxeViolations(page, `payment screen, four tabs (${lookName(look)})`, info);
      await s.chooseTab('link');
      await expect(s.tabs.getByRole('radio', { name: s.tx('tabs.link') })).toBeChecked();
    });
  }
});
