import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { LOOKS, inEachLook, lookName } from '../support/looks';
import { InvoicesPage } from '../pages/invoices';

// Invoices area: /sale-invoice and /sale-invoice/create (doc 2 §2, §3 Invoice list row,
// §7 /invoice; D136). Tests that record or cancel use a throwaway copy of phoco of their own.

test.describe('Issue 13: sale invoices', () => {
  test('D136: record a counter sale (a double click and a lost answer record it once), find it by number, cancel it', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(300_000);
    const merchant = await sandbox.createMerchant();
    const inv = await InvoicesPage.open(page, merchant);
    await inv.waitForRows();
    await inv.createButton.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-invoice/create')}$`));
    await expect(inv.createHeading).toBeVisible();
    // Nothing to sell yet: says so, sends nothing.
    await inv.submit.click();
    await expect(page.getByText(inv.tx('create.noLines'))).toBeVisible();

    await inv.productSearch.fill('pho bo');
    await inv.addProduct('Phở bò tái').click();
    await inv.addProduct('Phở bò tái').click();
    await expect(inv.lines).toContainText('Phở bò tái');
    await expect(inv.amountOf('Phở bò tái')).toHaveValue('2');
    await page.getByRole('radio', { name: inv.tx('method.CARD') }).check();
    await expectNoAxeViolations(page, 'invoice create form', info);

    // The first answer is lost (the request reaches the service, the reply does not): the form locks and offers a retry with the same key.
    let attempts = 0;
    const keys: string[] = [];
    await page.route('**/api/sale/invoice', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      attempts += 1;
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (attempts === 1) {
        await route.fetch();
        return route.abort('failed');
      }
      return route.continue();
    });
    await inv.submit.dblclick();
    await expect(page.getByTestId('invoice-uncertain')).toBeVisible();
    await inv.submit.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-invoice')}$`));
    expect(attempts).toBe(2);
    expect(new Set(keys).size).toBe(1);
    await page.unroute('**/api/sale/invoice');
    await inv.waitForRows();
    // Exactly one sale recorded: the newest invoice is it, the one before is a seeded order's.
    const code = ((await inv.rows.first().getByRole('rowheader').textContent()) ?? '').trim();
    expect(code).toMatch(/^HD\d+$/);
    expect(code).toBeTruthy();
    await inv.search.fill(code!.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${code!.toLowerCase()}`));
    await expect(inv.rows).toHaveCount(1);
    await inv.search.fill('HD');
    await expect(inv.rows).toHaveCount(1);
    await expect(inv.rows.first()).toContainText(inv.tx('status.paid'));

    // Delete = cancel after a confirmation; the row stays, cancelled.
    await inv.rows
      .first()
      .getByRole('button', { name: inv.tx('list.cancelLabel', { code: code! }) })
      .click();
    await expect(inv.cancelDialog).toBeVisible();
    await expectNoAxeViolations(page, 'invoice cancel confirmation', info);
    await page.getByTestId('invoice-cancel-confirm').click();
    await expect(inv.text(inv.tx('cancel.successTitle'))).toBeVisible();
    await expect(inv.rows.first()).toContainText(inv.tx('status.cancelled'));
  });

  test('D136: staff see the invoices', async ({ page }) => {
    const inv = await InvoicesPage.open(page, DEMO.staff);
    await inv.waitForRows();
    await expect(inv.rows.first()).toBeVisible();
  });

  test('doc 2 §2: the list and the create form are axe clean (vi and en, 1280 and 375 px)', async ({ page }, info) => {
    test.setTimeout(360_000);
    await inEachLook(page, DEMO.phoco, LOOKS, '/sale-invoice', async (look) => {
      const inv = new InvoicesPage(page, look.lang);
      await inv.waitForRows();
      await expectNoAxeViolations(page, `invoice list (${lookName(look)})`, info);
      await inv.createButton.click();
      await expect(inv.createHeading).toBeVisible();
      await inv.productSearch.fill('pho bo');
      await inv.addProduct('Phở bò tái').click();
      await expectNoAxeViolations(page, `invoice create form (${lookName(look)})`, info);
    });
  });
});
