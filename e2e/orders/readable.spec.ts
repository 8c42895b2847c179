import { expectNoAxeViolations } from '../support/axe';
import { textContrast } from '../support/contrast';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { REVIEW_LOOKS, inEachLook, lookName, openInLook } from '../support/looks';
import { OrdersPage, type SaleOrder } from '../pages/orders';

// Readable and whole (D222, D223) on /sale-order and an order's page: the status badges were drawn in their own
// background colour (1:1, which axe only lists "to review") and the dish picker's category buttons
// were squeezed into one row ("Tấ", "T"). The axe check below also runs the contrast and clipping
// guards (D222, D223) on exactly these states. phoco's seeded orders are only read.

test.describe('Issue 24 §6: orders, readable and whole', () => {
  test("issue 24 §6: the order list's status badges, an order's badge and its category row are readable and whole (vi and en, 1366 and 375 px)", async ({
    page,
  }, info) => {
    test.setTimeout(360_000);
    await inEachLook(page, DEMO.phoco, REVIEW_LOOKS, '/sale-order', async (look) => {
      const o = new OrdersPage(page, look.lang);
      await o.waitForRows();
      // Every status badge on the first page (orders being chosen, in progress, completed).
      const labels = [0, 1, 2].map((status) => o.tx(`status.${status}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const badges = o.table.getByText(new RegExp(`^(${labels.join('|')})$`));
      await expect(badges.first()).toBeVisible();
      for (const badge of await badges.all()) expect(await textContrast(badge), await badge.innerText()).toBeGreaterThanOrEqual(4.5);
      await expectNoAxeViolations(page, `order list (${lookName(look)})`, info);

      const [open] = await o.api<SaleOrder[]>('/order?order_status=2&page=1&page_size=1');
      const [inProgress] = await o.api<SaleOrder[]>('/order?order_status=1&page=1&page_size=1');
      const order = open ?? inProgress;
      expect(order, 'an order still open on phoco').toBeDefined();
      await openInLook(page, `/sale-order/${order!.order_id}`, look);
      await o.waitForOrder();
      await expect(o.status).toHaveText(o.tx(`status.${order!.status}`));
      expect(await textContrast(o.status), 'the badge beside the title').toBeGreaterThanOrEqual(4.5);

      // Every category keeps its whole name, and the keyboard reaches the last one, scrolled into view.
      const categories = page.getByTestId('order-category');
      await expect(categories.nth(1)).toBeVisible();
      const count = await categories.count();
      expect(count).toBeGreaterThan(5);
      const cut = await categories.evaluateAll((buttons) =>
        buttons
          .map((b) => b.querySelector('.mantine-Button-label'))
          .filter((l) => l !== null && l.scrollWidth > l.clientWidth + 1)
          .map((l) => l!.textContent),
      );
      expect(cut, 'category names cut by their buttons').toEqual([]);
      await categories.first().focus();
      for (let i = 1; i < count; i += 1) await page.keyboard.press('Tab');
      await expect(categories.last()).toBeFocused();
      await expect(categories.last()).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page, `order page (${lookName(look)})`, info);
    });
  });
});
