import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { switchLanguage } from '../support/shell';
import { CategoriesPage } from '../pages/categories';

// Categories area: /category (doc 2 §2, §3 Category, §7 /category, §8 "add product catalogue
// fail", §9 paging and chips). Each test uses a throwaway copy of its own merchant.

test.describe('Issue 12: categories', () => {
  test('doc 2 §2, §7: add a category, see it first on page 1, then delete it after a confirmation (vi, desktop)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    const c = await CategoriesPage.open(page, merchant);
    await c.waitForRows();
    await expect(c.rows).toHaveCount(10);
    await expect(c.rows.first()).toContainText('Trà');
    await expectNoAxeViolations(page, 'category list', info);

    await c.addButton.click();
    await expect(c.addDialog).toBeVisible();
    // Nothing typed: the name says it is needed and nothing is sent.
    await c.save.click();
    await expect(c.addDialog.getByText(c.tx('form.nameRequired'))).toBeVisible();
    await c.name.fill('Bánh mì chảo');
    await c.description.fill('Bánh mì pate, trứng');
    await expectNoAxeViolations(page, 'category add dialog', info);
    await c.save.click();
    await expect(c.addDialog).toBeHidden();
    await expect(c.text(c.tx('form.createdTitle'))).toBeVisible();
    await expect(c.rows.first()).toContainText('Bánh mì chảo');
    await expect(c.rows.first()).toContainText('Bánh mì pate, trứng');

    // A name already used (accents and case do not count): refused, the dialog keeps what was typed.
    await c.addButton.click();
    await c.name.fill('do uong');
    await c.description.fill('trùng');
    await c.save.click();
    await expect(c.addError).toContainText(c.tx('form.nameTaken'));
    await expect(c.name).toHaveValue('do uong');
    await expect(c.description).toHaveValue('trùng');
    await c.addDialog.getByRole('button', { name: c.tx('form.cancel'), exact: true }).click();
    await expect(c.addDialog).toBeHidden();

    await c.deleteButton('Bánh mì chảo').click();
    await expect(c.deleteDialog).toContainText('Bánh mì chảo');
    await expectNoAxeViolations(page, 'category delete dialog', info);
    await c.deleteConfirm.click();
    await expect(c.text(c.tx('delete.successTitle'))).toBeVisible();
    await expect(c.rowOf('Bánh mì chảo')).toHaveCount(0);
    await expect(c.rows.first()).toContainText('Trà');
  });

  test('doc 2 §9: the page survives a reload and Back (the page is in the address)', async ({ page, sandbox }) => {
    const merchant = await sandbox.createMerchant('colan');
    const c = await CategoriesPage.open(page, merchant);
    await c.waitForRows();
    await page
      .getByRole('navigation', { name: t('vi', 'table:pagination.label') })
      .getByRole('button', { name: t('vi', 'table:pagination.page', { page: 2 }), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${P('/category')}\\?page=2$`));
    await expect(c.rows).toHaveCount(2);
    await expect(c.rows.first()).toContainText('Trái cây');
    // The index runs on across pages.
    await expect(c.rows.first()).toContainText('11');
    await page.reload();
    await c.waitForRows();
    await expect(c.rows.first()).toContainText('Trái cây');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${P('/category')}$`));
    await expect(c.rows).toHaveCount(10);
  });

  test('doc 2 §1 bilingual, 375 px: the list and the add dialog in English, axe clean', async ({ page, sandbox }, info) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const merchant = await sandbox.createMerchant();
    await CategoriesPage.open(page, merchant);
    await switchLanguage(page, 'en');
    const c = new CategoriesPage(page, 'en');
    await c.waitForRows();
    await expect(c.table.getByRole('columnheader', { name: c.tx('list.columns.name') })).toBeVisible();
    await expectNoAxeViolations(page, 'category list (en, 375 px)', info);
    await c.addButton.click();
    await c.name.fill('Smoothies');
    await expectNoAxeViolations(page, 'category add dialog (en, 375 px)', info);
    await c.save.click();
    await expect(c.rows.first()).toContainText('Smoothies');
  });

  test('doc 2 §1: at 375 px in Vietnamese and on desktop in English, axe clean', async ({ page, sandbox }, info) => {
    const merchant = await sandbox.createMerchant('colan');
    await CategoriesPage.open(page, merchant);
    await switchLanguage(page, 'en');
    const en = new CategoriesPage(page, 'en');
    await en.waitForRows();
    await expectNoAxeViolations(page, 'category list (en, desktop)', info);
    await switchLanguage(page, 'vi');
    await page.setViewportSize({ width: 375, height: 812 });
    const vi = new CategoriesPage(page, 'vi');
    await vi.waitForRows();
    await expectNoAxeViolations(page, 'category list (vi, 375 px)', info);
  });
});
