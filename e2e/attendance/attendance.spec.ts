import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { LOOKS, inEachLook, lookName } from '../support/looks';
import { AttendancePage } from '../pages/attendance';

// attendance area: /attendance (doc 2 §2 attendance list, §3, §7, §8 attendance delete; D137).

test.describe('Issue 13: attendance', () => {
  test('doc 2 §2, §8: the check-ins, paged, masked; delete after a confirmation, the toast names the card', async ({
    page,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    const a = await AttendancePage.open(page, merchant);
    await a.waitForRows();
    await expect(a.rows).toHaveCount(10);
    await expect(a.rows.first()).toContainText(/\d{6}\*{6}\d{4}/);
    await expectNoAxeViolations(page, 'attendance list', info);
    const first = a.rows.first();
    const card = ((await first.textContent()) ?? '').match(/CARD\d{4}/)?.[0];
    expect(card).toBeTruthy();
    await first.getByRole('button', { name: new RegExp(a.tx('list.delete'), 'i') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(card!);
    await expectNoAxeViolations(page, 'attendance delete confirmation', info);
    await dialog.getByRole('button', { name: a.tx('delete.confirm'), exact: true }).click();
    await expect(page.getByText(a.tx('delete.successBody', { card: card! }))).toBeVisible();
    // The page in the address survives a reload.
    await page.goto(page.url().replace(/\/attendance.*$/, '/attendance?page=2'));
    await a.waitForRows();
    await expect(a.rows).toHaveCount(10);
  });

  // One sweep through the four looks: one throwaway copy, one sign-in, one page load per look.
  test('doc 2 §2: the list is axe clean (vi and en, 1280 and 375 px)', async ({ page, sandbox }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await inEachLook(page, merchant, LOOKS, '/attendance', async (look) => {
      const a = new AttendancePage(page, look.lang);
      await a.waitForRows();
      await expectNoAxeViolations(page, `attendance list (${lookName(look)})`, info);
    });
  });
});
