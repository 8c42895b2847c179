import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { openInLook } from '../support/looks';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

// The kitchen screen (beyond the spec; docs/areas/kitchen.md, D325–D328): a kitchen device paired in a
// browser context of its own with the code the cashier makes on /sale-display; the cashier's sends are
// made from the signed-in tab with the order calls the order page uses, one of them replayed.

/** The first dish's note for the kitchen (D333), markup included: the ticket shows it as text. */
const NOTE = 'ít hành <b>cay</b>';

/** Opens a bill on the merchant's first table, confirms it, and sends two dishes (the first with a note) twice with one Idempotency-Key. */
async function sendTableDishes(page: Page): Promise<{ orderId: number; tableName: string; dishes: string[] }> {
  return page.evaluate(async (note) => {
    const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
    const call = async (method: string, path: string, body?: unknown, key?: string) => {
      const res = await fetch(`/api/sale${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as { data: unknown };
    };
    const [table] = (await call('GET', '/fnb/table?page_size=1')).data as Array<{ table_id: number; table_name: string }>;
    const orderId = ((await call('POST', '/order', { table_id: table!.table_id })).data as { order_id: number }).order_id;
    await call('PUT', '/order/confirm', { order_id: orderId });
    const products = (
      (await call('GET', '/inventory/product?page_size=100')).data as Array<{ product_id: number; name: string; status: number }>
    )
      .filter((p) => p.status === 0)
      .slice(0, 2);
    const body = {
      order_id: orderId,
      products: products.map((p, i) => ({ product_id: p.product_id, amount: 1, ...(i === 0 ? { note } : {}) })),
    };
    const key = crypto.randomUUID();
    // A double confirm: the same send twice with one key.
    await Promise.all([call('PUT', '/order/product', body, key), call('PUT', '/order/product', body, key)]);
    return { orderId, tableName: table!.table_name, dishes: products.map((p) => p.name) };
  }, NOTE);
}

const KITCHEN_LOOKS: ReadonlyArray<{ lang: Lang; width: number }> = [375, 768, 1366].flatMap((width) =>
  (['vi', 'en'] as const).map((lang) => ({ lang, width })),
);

test('issue 28 §2: a paired kitchen gets a table’s send once, marks it done, the cashier’s order page shows it done, and the cashier unpairs it (D347)', async ({
  page,
  browser,
  baseURL,
  sandbox,
}, testInfo) => {
  test.slow();
  const merchant = await sandbox.createMerchant();
  await signIn(page, merchant, { lang: 'vi' });
  await page.goto(P('/sale-display'));
  await acceptCookies(page, 'vi');
  await page.getByTestId('kitchen-code-make').click();
  await expect(page.getByTestId('kitchen-code-value')).toHaveText(/\d{6}/);
  const code = /\d{6}/.exec((await page.getByTestId('kitchen-code-value').textContent()) ?? '')![0];

  const device = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  try {
    const kitchen = await device.newPage();
    await device.addCookies([{ name: 'cookie', value: 'accepted', url: baseURL! }]);
    await kitchen.goto(P('/kitchen'));
    await kitchen.getByTestId('kitchen-pair-code').fill(code);
    await kitchen.getByTestId('kitchen-pair-code').press('Enter');
    await expect(kitchen.getByTestId('kitchen-board')).toBeVisible();

    const { orderId, tableName, dishes } = await sendTableDishes(page);
    await expect(kitchen.getByTestId('kitchen-ticket')).toHaveCount(1, { timeout: 5_000 });
    await expect(kitchen.getByRole('region', { name: tableName })).toContainText(dishes[0]!);
    // D333: the line's note follows it onto the ticket, as text (no <b> element made of it).
    await expect(kitchen.getByTestId('kitchen-ticket')).toContainText(NOTE);
    await expect(kitchen.getByTestId('kitchen-ticket').locator('b')).toHaveCount(0);

    // Every look: the ticket once (each load replays the board), no violation, no clipped label.
    for (const look of KITCHEN_LOOKS) {
      await openInLook(kitchen, '/kitchen', look);
      await expect(kitchen.getByTestId('kitchen-ticket')).toHaveCount(1);
      await expect(kitchen.getByRole('status')).toHaveText(t(look.lang, 'kitchen:board.link.connected'));
      await expectNoAxeViolations(kitchen, `kitchen board (${look.lang}, ${look.width} px)`, testInfo);
    }

    await kitchen.getByTestId('kitchen-line-done').first().click();
    await expect(kitchen.getByTestId('kitchen-line-done')).toHaveCount(1);
    await kitchen.getByTestId('kitchen-ticket-done').click();
    await expect(kitchen.getByTestId('kitchen-ticket')).toHaveCount(0);
    await expect(kitchen.getByText(t('en', 'kitchen:board.empty'))).toBeVisible();

    await page.goto(P(`/sale-order/${orderId}`));
    const badges = page.getByTestId('order-line-kitchen');
    await expect(badges).toHaveCount(2);
    for (const badge of await badges.all()) await expect(badge).toHaveText(t('vi', 'kitchen:cashier.done'));

    // D347: the cashier sees the kitchen screen on /sale-display and unpairs it (a lost tablet): the
    // device's board says so at once and its token opens nothing more.
    await page.goto(P('/sale-display'));
    const row = page.getByTestId('kitchen-pairing-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('vi', 'kitchen:pairing.connected'));
    await expectNoAxeViolations(page, 'sale-display with a paired kitchen (vi)', testInfo);
    await row.getByRole('button', { name: t('vi', 'kitchen:pairing.unpair') }).click();
    await expect(page.getByTestId('kitchen-pairing-row')).toHaveCount(0);
    await expect(kitchen.getByText(t('en', 'kitchen:board.unpaired'))).toBeVisible();
  } finally {
    await device.close();
  }
});
