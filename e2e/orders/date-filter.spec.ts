import { expectNoAxeViolations } from '../support/axe';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { REVIEW_LOOKS, lookName, openInLook } from '../support/looks';
import { OrdersPage } from '../pages/orders';

// The order list's day filter (D269; doc 2 §2 "filters" on /sale-order): from and to Vietnam days,
// filtered by the sale service (GET /order from/to, the creation time in unix seconds, both
// included), kept in the address, in both languages; a wrong range says so and changes nothing.
// phoco's seeded orders are only read.

interface Listed {
  order_code: string;
  created_at: number;
}

const VN_OFFSET_S = 7 * 3600;
/** 'YYYY-MM-DD' of the Vietnam day holding a unix second. */
const vnDay = (seconds: number) => new Date((seconds + VN_OFFSET_S) * 1000).toISOString().slice(0, 10);
/** The Vietnam day's first second. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 - VN_OFFSET_S;
/** 'DD/MM/YYYY', how the fields take a day. */
const typed = (day: string) => day.split('-').reverse().join('/');

test.describe('D269: the order list filtered by the days orders were created on', () => {
  for (const look of REVIEW_LOOKS) {
    test(`orders of the chosen days come from the service, stay in the address, and a wrong range is refused (${lookName(look)})`, async ({
      page,
    }, info) => {
      test.slow();
      await page.setViewportSize({ width: look.width, height: 812 });
      await OrdersPage.open(page, DEMO.phoco);
      await openInLook(page, '/sale-order', look);
      const o = new OrdersPage(page, look.lang);
      await o.waitForRows();

      // The newest order's creation day, and what the service holds for that day, independently.
      const [newest] = await o.api<Listed[]>('/order?page=1&page_size=1');
      expect(newest, 'phoco has orders').toBeDefined();
      const day = vnDay(newest!.created_at);
      const start = dayStart(day);
      const expected = await o.api<Listed[]>(`/order?page=1&page_size=10&from=${start}&to=${start + 86_399}`);
      expect(expected.length).toBeGreaterThan(0);
      for (const order of expected) expect(vnDay(order.created_at)).toBe(day);

      const days = page.getByTestId('order-days');
      const from = days.getByTestId('range-from');
      const to = days.getByTestId('range-to');
      await from.fill(typed(day));
      await to.fill(typed(day));
      await days.getByTestId('order-days-apply').click();
      await expect(page).toHaveURL(new RegExp(`[?&]from=${day}&to=${day}(&|$)`));
      await o.waitForRows();
      await expect(o.rows).toHaveCount(expected.length);
      for (const order of expected) await expect(o.rows.filter({ hasText: order.order_code })).toHaveCount(1);
      await expectNoAxeViolations(page, `order list, one day (${lookName(look)})`, info);

      // A reload shows the same days and the same orders.
      await page.reload();
      await o.waitForRows();
      await expect(from).toHaveValue(typed(day));
      await expect(to).toHaveValue(typed(day));
      await expect(o.rows).toHaveCount(expected.length);

      // The end before the start: said under the fields (in the page's language), nothing sent, the list kept.
      const address = page.url();
      const before = new Date((start - 86_400 + VN_OFFSET_S) * 1000).toISOString().slice(0, 10);
      await to.fill(typed(before));
      await days.getByTestId('order-days-apply').click();
      await expect(days.getByTestId('order-days-error')).toHaveText(t(look.lang, 'table:timeRange.errors.endBeforeStart'));
      await expect(to).toHaveValue(typed(before));
      expect(page.url()).toBe(address);
      await expect(o.rows).toHaveCount(expected.length);
      await expectNoAxeViolations(page, `order list, a wrong range (${lookName(look)})`, info);

      // Clearing shows every day again, and the address is plain.
      await days.getByTestId('order-days-clear').click();
      await expect(page).not.toHaveURL(/[?&](from|to)=/);
      await expect(from).toHaveValue('');
      await o.waitForRows();
    });
  }
});
