import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { inEachLook, lookName, type Look } from '../support/looks';
import { OrdersPage } from '../pages/orders';

// Taking an order by touch and keyboard on /sale-order/{id} (D333–D336): dish tiles with photos, a tap
// adds, a long press sets the quantity, the stepper, a kitchen note per line, search without tone
// marks, the till's keys, the phone's basket sheet (D355); axe-clean and unclipped (the scan includes the clipping guard, categories row included) in vi
// and en at 375, 768, 1024 and 1366 px.

const TOUCH_LOOKS = [
  { lang: 'vi', width: 1366 },
  { lang: 'en', width: 1024 },
  { lang: 'vi', width: 768 },
  { lang: 'en', width: 375 },
  { lang: 'en', width: 1366 },
  { lang: 'vi', width: 1024 },
  { lang: 'en', width: 768 },
  { lang: 'vi', width: 375 },
] as const satisfies ReadonlyArray<Look>;

test.describe('Issue 28: order taking built for touch', () => {
  test('issue 28 §1: tiles, long press, stepper, a note that reaches the order, search without tone marks and the keys', async ({
    page,
    sandbox,
  }) => {
    test.slow();
    const merchant = await sandbox.createMerchant('colan');
    const o = await OrdersPage.open(page, merchant);
    await o.waitForRows();
    await o.createButton.click();
    await o.waitForOrder();

    // "sua tuoi" finds "Sữa tươi …": the service folds tone marks (D336).
    await o.productSearch.fill('sua tuoi vinamilk 180ml');
    const milk = page.getByRole('button', { name: new RegExp(`^${o.tx('edit.add')} Sữa tươi Vinamilk 180ml,`) });
    await expect(milk).toBeVisible({ timeout: 15_000 });
    await expect(milk.locator('[data-testid="order-dish-photo"], [data-testid="order-dish-initials"]')).toBeVisible();
    await milk.click();
    await milk.click();
    await expect(milk.getByTestId('order-dish-count')).toHaveText('2');
    await expect(o.basketLines).toHaveCount(1);
    const total = await page.getByTestId('order-basket-total').textContent();

    // The stepper: one more, one less.
    await o.basketLines.first().getByTestId('order-basket-more').click();
    await expect(milk.getByTestId('order-dish-count')).toHaveText('3');
    await o.basketLines.first().getByTestId('order-basket-less').click();
    await expect(milk.getByTestId('order-dish-count')).toHaveText('2');
    await expect(page.getByTestId('order-basket-total')).toHaveText(total!);

    // A long press opens the quantity entry (D335).
    const box = (await milk.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect(page.getByTestId('order-quantity-input')).toBeVisible();
    await page.mouse.up();
    await page.getByTestId('order-quantity-input').fill('5');
    await page.getByTestId('order-quantity-save').click();
    await expect(milk.getByTestId('order-dish-count')).toHaveText('5');

    // The keys: / to the search, Enter adds the first match, + and − on the last line (D336).
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('/');
    await expect(o.productSearch).toBeFocused();
    await o.productSearch.fill('CL01234');
    await o.productSearch.press('Enter');
    await expect(o.basketLines).toHaveCount(2, { timeout: 15_000 });
    await page.getByTestId('order-keys-hint').click();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('-');
    await expect(o.basketLines.nth(1).getByTestId('order-basket-amount')).toHaveValue('2');

    // A note per line goes with the dishes and comes back on the order (D333).
    await o.basketLines.first().getByTestId('order-basket-note').fill('ít đá <b>nhé</b>');
    await o.submit.click();
    await expect(o.added).toBeVisible({ timeout: 15_000 });
    const detail = await o.api<{ products_data: Array<{ name: string; amount: number; note: string | null }> }>(`/order/${o.orderId()}`);
    expect(detail.products_data).toEqual([
      expect.objectContaining({ name: 'Sữa tươi Vinamilk 180ml', amount: 5, note: 'ít đá <b>nhé</b>' }),
      expect.objectContaining({ amount: 2, note: null }),
    ]);
  });

  test('issue 28 §1 (D373): on a tablet a basket of ten lines keeps its total and send in sight, below the header, at 1024 × 768 and 768 × 1024', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant('colan');
    const o = await OrdersPage.open(page, merchant);
    await o.waitForRows();
    await o.createButton.click();
    await o.waitForOrder();
    const dishes = page.getByTestId('order-dish');
    await expect(dishes.nth(9)).toBeVisible({ timeout: 15_000 });
    for (let i = 0; i < 10; i += 1) await dishes.nth(i).click();
    await expect(o.basketLines).toHaveCount(10);
    const panel = page.getByTestId('order-side-panel');
    for (const size of [
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
    ]) {
      await page.setViewportSize(size);
      // The dishes scrolled far down: the panel stays beside them.
      await page.mouse.wheel(0, 3000);
      await expect(panel.getByTestId('order-basket-total')).toBeInViewport({ ratio: 1 });
      // A trial click proves the send button is in view and nothing covers it.
      await panel.getByTestId('order-submit').click({ trial: true });
      const header = (await page.getByRole('banner').boundingBox())!;
      expect((await panel.boundingBox())!.y, 'the panel starts below the header').toBeGreaterThanOrEqual(header.y + header.height - 0.5);
    }
  });

  test('issue 28 §1: the order page is axe-clean and unclipped, categories row included, in vi and en at 375, 768, 1024 and 1366 px', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(300_000);
    const merchant = await sandbox.createMerchant('colan');
    const o = await OrdersPage.open(page, merchant);
    await o.waitForRows();
    await o.createButton.click();
    await o.waitForOrder();
    const path = `/sale-order/${o.orderId()}`;
    await inEachLook(page, merchant, TOUCH_LOOKS, path, async (look) => {
      const edit = new OrdersPage(page, look.lang);
      await edit.waitForOrder();
      // A few dishes in the grid keep each scan short (the merchant has thousands); the layout is the same.
      await edit.productSearch.fill('vinamilk 180ml');
      await expect(page.getByTestId('order-dish').first()).toContainText('Vinamilk', { timeout: 15_000 });
      await page.getByTestId('order-dish').first().click();
      await expect(edit.basketLines).toHaveCount(1);
      await expect(page.getByTestId('order-category').first()).toHaveText(edit.tx('edit.allCategories'));
      await expectNoAxeViolations(page, `order taking (${lookName(look)})`, info);
      if (look.width < 768) {
        // D355: the bar opens the basket as a bottom sheet, inside the screen, and Escape closes it.
        const toggle = page.getByTestId('order-sheet-toggle');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const sheet = page.getByTestId('order-basket-panel');
        await expect(sheet.getByTestId('order-basket-line')).toHaveCount(1);
        await expect(sheet.getByTestId('order-submit')).toBeInViewport();
        const box = (await sheet.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(look.width + 0.5);
        await expectNoAxeViolations(page, `order basket sheet (${lookName(look)})`, info);
        await page.keyboard.press('Escape');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(toggle).toBeFocused();
      }
    });
  });
});
