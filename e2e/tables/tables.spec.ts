import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { LOOKS, inEachLook, lookName } from '../support/looks';
import { decodeQrText, pngSize, TablesPage } from '../pages/tables';

// Tables area: /sale-table (doc 2 §2 Table management, §4 table, §5 table create and
// rename, §8 table creation fail, QR without an ordering website, §9 notice 3 s, QR 220/600 px).
// Tests that change tables use a throwaway copy of phoco of their own (Bàn 1..12, Sân vườn 1..3).

const WEBSITE = 'https://order.phoco.example.vn/';

test.describe('Issue 13: tables', () => {
  test('doc 2 §2, §5, §9: add a table (Enter), open its bill, its QR names the table and the bill, rename, remove', async ({
    page,
    sandbox,
  }, info) => {
    // Six axe runs and several reloads: minutes on a loaded machine.
    test.setTimeout(300_000);
    const merchant = await sandbox.createMerchant();
    const tp = await TablesPage.open(page, merchant);
    await tp.waitForCards();
    await expect(tp.cards).toHaveCount(15);
    // Natural order: Bàn 2 before Bàn 10.
    const names = await tp.page.getByTestId('table-name').allTextContents();
    expect(names.indexOf('Bàn 2')).toBeLessThan(names.indexOf('Bàn 10'));
    await expectNoAxeViolations(page, 'table grid', info);

    // An empty name says so and sends nothing.
    await tp.newName.press('Enter');
    await expect(page.getByText(tp.tx('form.nameRequired'))).toBeVisible();
    // A name already used, accents and case aside: "Create Order Fail" (doc 2 §8), what was typed stays.
    await tp.newName.fill('ban 1');
    await tp.newName.press('Enter');
    await expect(tp.text(tp.tx('toast.createFail'))).toBeVisible();
    await expect(tp.newName).toHaveValue('ban 1');
    // Enter submits; the notice closes after 3 s and the grid is refetched with the new table.
    await tp.newName.fill('Bàn 16');
    await tp.newName.press('Enter');
    await expect(tp.createdNotice).toBeVisible();
    await expect(tp.createdNotice).toBeHidden({ timeout: 6_000 });
    await expect(tp.card('Bàn 16')).toBeVisible();
    await expect(tp.cards).toHaveCount(16);

    // The QR of a free table: {website}order/{table_id}, read from the screen like a phone would.
    await tp.qrButton('Bàn 16').click();
    await expect(tp.qrImage).toBeVisible();
    await expect(tp.qrImage).toHaveAttribute('width', '220');
    const tableId = (await tp.card('Bàn 16').getAttribute('data-table-id'))!;
    expect(decodeQrText(await tp.qrImage.screenshot())).toBe(`${WEBSITE}order/${tableId}`);
    // Save as image: a 600 px PNG of the same text.
    const download = page.waitForEvent('download');
    await page.getByTestId('table-qr-save').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('qr-Ban-16.png');
    const png = readFileSync(await file.path());
    expect(pngSize(png)).toEqual({ width: 600, height: 600 });
    expect(decodeQrText(png)).toBe(`${WEBSITE}order/${tableId}`);
    await expectNoAxeViolations(page, 'table QR popup', info);
    await tp.closeQr();

    // Create bill: POST /order {table_id}, then the order page.
    await tp.billButton('Bàn 16').click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-order/')}\\d+$`));
    const orderId = page.url().split('/').pop()!;
    await page.goto(P('/sale-table'));
    await tp.waitForCards();
    await expect(tp.billButton('Bàn 16')).toHaveText(tp.tx('card.view'));
    // The QR of a table with an open bill names the bill too.
    await tp.qrButton('Bàn 16').click();
    await expect(tp.qrImage).toBeVisible();
    expect(decodeQrText(await tp.qrImage.screenshot())).toBe(`${WEBSITE}order/${tableId}/${orderId}`);
    await tp.closeQr();
    // View detail goes to the same bill (never a second one).
    await tp.billButton('Bàn 16').click();
    await expect(page).toHaveURL(new RegExp(`${P(`/sale-order/${orderId}`)}$`));
    await page.goto(P('/sale-table'));
    await tp.waitForCards();

    // A table with an open bill cannot be removed.
    await tp.editButton('Bàn 16').click();
    await expect(tp.editDialog).toBeVisible();
    await tp.editDialog.getByTestId('table-remove').click();
    await tp.editDialog.getByTestId('table-remove-confirm').click();
    await expect(tp.editDialog.getByTestId('table-edit-error')).toHaveText(tp.tx('form.hasOrder'));
    // Rename: doc 2 §5, required.
    await tp.editName.fill('   ');
    await tp.editDialog.getByTestId('table-edit-save').click();
    await expect(tp.editDialog.getByText(tp.tx('form.nameRequired'))).toBeVisible();
    await tp.editName.fill('Bàn VIP');
    await expectNoAxeViolations(page, 'table update popup', info);
    await tp.editDialog.getByTestId('table-edit-save').click();
    await expect(tp.editDialog).toBeHidden();
    await expect(tp.card('Bàn VIP')).toBeVisible();
    await expect(tp.card('Bàn 16')).toHaveCount(0);

    // Remove a free table after a confirmation.
    await tp.editButton('Sân vườn 3').click();
    await tp.editDialog.getByTestId('table-remove').click();
    await tp.editDialog.getByTestId('table-remove-confirm').click();
    await expect(tp.editDialog).toBeHidden();
    await expect(tp.card('Sân vườn 3')).toHaveCount(0);

    // The search filters by name, accents aside.
    await tp.search.fill('san vuon');
    await expect(tp.cards).toHaveCount(2);
  });

  test('doc 2 §8: without an ordering website the QR button says require_setting_eorder_website; set one and the QR shows', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    await sandbox.trigger('ordering-website', { merchant: merchant.merchant_id });
    const tp = await TablesPage.open(page, merchant);
    await tp.waitForCards();
    await tp.qrButton('Bàn 2').click();
    await expect(tp.text(tp.tx('qr.require_setting_eorder_website'))).toBeVisible();
    await expect(tp.qrImage).toHaveCount(0);
    // Set meanwhile (another tab, the settings): asked again, the QR shows.
    await sandbox.trigger('ordering-website', { merchant: merchant.merchant_id, url: 'https://dat.mon.example.vn/' });
    await tp.qrButton('Bàn 2').click();
    await expect(tp.qrImage).toBeVisible();
    const id = await tp.card('Bàn 2').getAttribute('data-table-id');
    expect(decodeQrText(await tp.qrImage.screenshot())).toBe(`https://dat.mon.example.vn/order/${id}`);
  });

  test('core §6: a grocery (not food-and-beverage) has no tables page', async ({ page }) => {
    await TablesPage.open(page, DEMO.colan);
    await expect(page.getByRole('heading', { level: 1, name: new TablesPage(page).tx('grid.title') })).toHaveCount(0);
  });

  test('doc 2 §2: staff see the grid (a cashier opens bills, D135)', async ({ page }) => {
    const tp = await TablesPage.open(page, DEMO.staff);
    await tp.waitForCards();
    await expect(tp.cards).toHaveCount(15);
  });

  test('doc 2 §2: the grid, the update and QR popups are axe clean (vi and en, 1280 and 375 px)', async ({ page, sandbox }, info) => {
    test.setTimeout(360_000);
    const merchant = await sandbox.createMerchant();
    await inEachLook(page, merchant, LOOKS, '/sale-table', async (look) => {
      const tp = new TablesPage(page, look.lang);
      await tp.waitForCards();
      await expect(tp.cards.first()).toBeVisible();
      await expectNoAxeViolations(page, `table grid (${lookName(look)})`, info);
      await tp.editButton('Bàn 2').click();
      await expect(tp.editDialog).toBeVisible();
      await expectNoAxeViolations(page, `table update popup (${lookName(look)})`, info);
      await tp.editDialog.getByRole('button', { name: tp.tx('edit.close') }).click();
      await expect(tp.editDialog).toBeHidden();
      await tp.qrButton('Bàn 2').click();
      await expect(tp.qrImage).toBeVisible();
      await expectNoAxeViolations(page, `table QR popup (${lookName(look)})`, info);
    });
  });
});
