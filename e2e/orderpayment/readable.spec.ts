import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { REVIEW_LOOKS, lookName, openInLook, signInInLook } from '../support/looks';
import { guestOrder, OrderPaymentPage } from '../pages/orderpayment';

// Readable and whole (D222, D223) on the payment screen: at 375 px the fourth way to pay was cut off ("Liên kế"). The
// tabs now wrap a label between words instead (D222); the axe check also runs the clipping guard.

const WAYS = ['cash', 'qr', 'card', 'link'] as const;

test.describe('Issue 24 §6: payment tabs, whole', () => {
  test('issue 24 §6: the four ways to pay show their whole names (vi and en, 1366 and 375 px)', async ({ page, sandbox }, info) => {
    test.setTimeout(360_000);
    const merchant = await sandbox.createMerchant();
    for (const [i, look] of REVIEW_LOOKS.entries()) {
      // A bill of its own per look, at its own table: choosing the link tab leaves a link pending on
      // the bill, which takes no more dishes (Bàn 3 to Bàn 6 of the copy).
      const order = await guestOrder(sandbox, merchant, `Bàn ${3 + i}`);
      const path = `/sale-order/payment/${order.orderId}`;
      if (i === 0) await signInInLook(page, merchant, path, look);
      else await openInLook(page, path, look);
      const s = new OrderPaymentPage(page, look.lang);
      await expect(s.total).toBeVisible({ timeout: 20_000 });
      for (const way of WAYS) {
        // Wholly inside the control, which hides what runs past its edge.
        await expect(s.tabs.getByText(s.tx(`tabs.${way}`), { exact: true })).toBeInViewport({ ratio: 1 });
      }
      await expectNoAxeViolations(page, `payment screen, four tabs (${lookName(look)})`, info);
      await s.chooseTab('link');
      await expect(s.tabs.getByRole('radio', { name: s.tx('tabs.link') })).toBeChecked();
    }
  });
});
