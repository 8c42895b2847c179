import type { Page } from '@playwright/test';
import { PHOCO_SUB_MERCHANTS } from '../../sandbox/areas/merchants/seed';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { acceptCookies, NotFoundPage, Shell, switchLanguage } from '../support/shell';
import { LOOKS, inEachLook, lookName, openInLook } from '../support/looks';
import { signIn } from '../support/sign-in';
import { MerchantsPage } from '../pages/merchants';

// Merchants area: the master merchant profile (core §2 Shell, D23: /master-merchant and
// /master-merchant/new behind features.masterMerchant; D100 list, D101 new record). Each test that
// adds a record has a throwaway phoco copy (a master of three).

/** The sidebar's master merchant section (a sub-menu of the list and the new record). */
const masterMerchantMenu = (page: Page) => new Shell(page).nav.getByRole('button', { name: t('vi', 'shell:nav.masterMerchant') });

test.describe('Issue 11: master merchant', () => {
  test('D23: with the flag off the menu has no master merchant and its address is not found', async ({ page }) => {
    await signIn(page, DEMO.phoco);
    await expect(masterMerchantMenu(page)).toHaveCount(0);
    await page.goto(P('/master-merchant'));
    await expect(new NotFoundPage(page).heading).toBeVisible();
  });

  test('D100, D101: the list, then a new record: the rules speak first, a taken tax code is refused, the record joins the list; axe clean', async ({
    page,
    sandbox,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 800 });
    const merchant = await sandbox.createMerchant('phoco');
    await MerchantsPage.withMasterMerchant(page);
    await signIn(page, merchant);
    await acceptCookies(page, 'vi');
    await expect(masterMerchantMenu(page)).toBeVisible();
    const m = await MerchantsPage.openList(page);
    await expect(m.rows).toHaveCount(3);
    await expect(m.rows.first()).toContainText(PHOCO_SUB_MERCHANTS[2].tax_no);
    await expectNoAxeViolations(page, 'master merchant list', testInfo);

    await m.newLink.click();
    await expect(page).toHaveURL(new RegExp(`${P('/master-merchant/new')}$`));
    await expect(m.formHeading).toBeVisible();
    await m.submit.click();
    await expect(page.getByText(m.tx('form.problem.required', { field: m.tx('form.field.name') }))).toBeVisible();
    await m.field('name').fill('<b>Phố Cổ Kitchen - Huế</b>');
    await m.field('tax_no').fill('0108 123455');
    await m.field('address').fill('8 Lê Lợi, Huế');
    await m.field('phone').fill('0912 000 104');
    await m.submit.click();
    await expect(page.getByText(m.tx('form.problem.taxNoCharacters'))).toBeVisible();
    await expectNoAxeViolations(page, 'master merchant form with problems', testInfo);

    await m.field('tax_no').fill(PHOCO_SUB_MERCHANTS[0].tax_no);
    await m.submit.click();
    await expect(page.getByText(t('vi', 'errors:TAX_NO_IS_EXST')).first()).toBeVisible();
    await expect(m.field('name')).toHaveValue('<b>Phố Cổ Kitchen - Huế</b>');

    await m.field('tax_no').fill('0108123455-004');
    await m.submit.click();
    await expect(page).toHaveURL(new RegExp(`${P('/master-merchant')}$`));
    await expect(m.rows).toHaveCount(4);
    await expect(m.rows.first()).toContainText('<b>Phố Cổ Kitchen - Huế</b>');
    await expect(m.rows.first()).toContainText('0912000104');
  });

  test('the list and the form at 375 px in English, axe clean', async ({ page }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await MerchantsPage.withMasterMerchant(page);
    await signIn(page, DEMO.phoco);
    await acceptCookies(page, 'vi');
    await switchLanguage(page, 'en');
    const m = await MerchantsPage.openList(page, 'en');
    await expect(m.rows).toHaveCount(3);
    await expectNoAxeViolations(page, 'master merchant list en 375', testInfo);
    await m.newLink.click();
    await expect(m.formHeading).toBeVisible();
    await expectNoAxeViolations(page, 'master merchant form en 375', testInfo);
  });

  test('D87: a staff-type user has no master merchant entry and its address says it is the owner’s', async ({ page }) => {
    await MerchantsPage.withMasterMerchant(page);
    await signIn(page, DEMO.staff);
    await expect(masterMerchantMenu(page)).toHaveCount(0);
    await page.goto(P('/master-merchant/new'));
    await expect(page.getByTestId('owner-only-note')).toContainText(t('vi', 'common:ownerOnly.page'));
    await expect(new MerchantsPage(page).submit).toHaveCount(0);
  });

  test('core §1, WCAG 2.2 AA: the list and the new record with its messages are axe clean in vi and en, at desktop and 375 px', async ({
    page,
  }, testInfo) => {
    test.slow();
    await MerchantsPage.withMasterMerchant(page);
    await inEachLook(page, DEMO.phoco, LOOKS, '/master-merchant', async (look) => {
      const m = new MerchantsPage(page, look.lang);
      await m.waitForList();
      await expect(m.rows).toHaveCount(3);
      await expectNoAxeViolations(page, `master merchant list (${lookName(look)})`, testInfo);
      await openInLook(page, '/master-merchant/new', look);
      await expect(m.formHeading).toBeVisible();
      // Submit with nothing typed: the rules speak and nothing is sent.
      await m.submit.click();
      await expect(m.field('name')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, `master merchant form with messages (${lookName(look)})`, testInfo);
    });
  });
});
