import { expectNoAxeViolations } from '../support/axe';
import { BASE_URL, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { OnboardingPage } from '../pages/onboarding';
import { Shell, toastsGone } from '../support/shell';
import { signIn } from '../support/sign-in';

// Sales onboarding: /sale-register (doc 2 §2 "Onboarding of the sales feature", §4
// Onboarding, §5 code popup, §8 "Free card or code failure", "Onboarding configuration error", §9
// timings). Throwaway copies are not active (CONTRACT G); colan is seeded active.

test.describe('Issue 14: sales onboarding (/sale-register)', () => {
  test('doc 2 §2, §4, §9: from the free card through the three steps to step 4 and the customer list, each step saved (vi, desktop)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    const o = await OnboardingPage.open(page, merchant);
    await expect(o.freeCard).toBeVisible();
    await expectNoAxeViolations(page, 'onboarding step 1', info);
    await o.free.click();

    // Step 1 of 3: the website, prefix fixed and spaces stripped; address and hotline read-only.
    await o.expectStep(1);
    await expect(o.address).toHaveAttribute('readonly', '');
    await expect(o.address).toHaveValue(/Hàng Bạc/);
    await o.website.fill('');
    await o.next.click();
    await expect(page.getByText(o.tx('validation.websiteRequired'))).toBeVisible();
    await o.website.fill('dat mon.pho co.vn');
    await expect(o.website).toHaveValue('datmon.phoco.vn');
    await expectNoAxeViolations(page, 'onboarding website step', info);
    await o.next.click();

    // Step 2: digits and one decimal point only, whatever is typed.
    await o.expectStep(2);
    await o.points.fill('');
    await o.points.pressSequentially('2a.5.');
    await expect(o.points).toHaveValue('2.5');
    await o.next.click();

    // Step 3: the first category.
    await o.expectStep(3);
    await o.category.fill('  Bánh mì chảo ');
    await o.next.click();

    // Step 4, then the customer list about 3.2 s later.
    await expect(o.success).toBeVisible();
    await expect(o.success).toContainText(o.tx('success.body'));
    await toastsGone(page).catch(() => undefined);
    await expectNoAxeViolations(page, 'onboarding success', info);
    await expect(page).toHaveURL(new RegExp(`${P('/sale-customer')}$`), { timeout: 10_000 });

    // What the steps saved: the sale settings and the category.
    const token = await page.evaluate(() => window.sessionStorage.getItem('access_token') ?? window.localStorage.getItem('access_token'));
    const settings = await page.request.get(`${BASE_URL}/api/sale/saas/merchant`, { headers: { authorization: `Bearer ${token}` } });
    expect((await settings.json()).data).toMatchObject({ website: 'https://datmon.phoco.vn/', point_percent: 2.5 });
    const categories = await page.request.get(`${BASE_URL}/api/sale/category/`, { headers: { authorization: `Bearer ${token}` } });
    expect((await categories.json()).data[0].category_name).toBe('Bánh mì chảo');
    // Active now: the page opens on the wizard.
    await page.goto(P('/sale-register'));
    await o.expectStep(1);
    await expect(o.website).toHaveValue('datmon.phoco.vn');
  });

  test('doc 2 §5 code popup, §8: Apply needs a code; a wrong code fails with "Thất bại" and keeps what was typed; the right one opens the wizard; skip all shows the loading popup and ends at step 4', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant('colan');
    const o = await OnboardingPage.open(page, merchant);
    await o.codeOpen.click();
    await expect(o.codeDialog).toBeVisible();
    await expect(o.codeApply).toBeDisabled();
    await o.code.fill('   ');
    await expect(o.codeApply).toBeDisabled();
    await o.code.fill('SALE-FULL-2025');
    await expect(o.codeApply).toBeEnabled();
    await expectNoAxeViolations(page, 'code popup', info);
    await o.codeApply.click();
    await expect(o.toast(o.tx('failTitle'))).toContainText(t('vi', 'errors:CODE_INVALID'));
    await expect(o.code).toHaveValue('SALE-FULL-2025');
    await expect(o.codeDialog).toBeVisible();
    await o.code.fill('sale-full-2026');
    await o.codeApply.click();
    await o.expectStep(1);

    await o.skip.click();
    await o.expectStep(2);
    await o.skipAll.click();
    await expect(o.skipping).toBeVisible();
    await expect(o.success).toBeVisible({ timeout: 5_000 });
    await o.goNow.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-customer')}$`));
  });

  test('doc 2 §2, §8: an active merchant goes straight to the wizard (en, 375 px, axe); a failing configuration load shows the error screen and retry recovers', async ({
    page,
    sandbox,
  }, info) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const merchant = await sandbox.createMerchant('colan');
    // The configuration fails once: the error screen, then retry.
    let fail = true;
    await page.route('**/api/sale/saas/subscription', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error_code":"SYSTEM_FAIL","message":"down","data":{}}' })
        : route.continue(),
    );
    const o = await OnboardingPage.open(page, merchant, 'en');
    await expect(o.error).toContainText(o.tx('onboard_error_title'));
    await expect(o.error).toContainText(o.tx('onboard_error_desc'));
    await expectNoAxeViolations(page, 'onboarding error 375 en', info);
    fail = false;
    await o.error.getByRole('button', { name: o.tx('retry') }).click();
    await expect(o.freeCard).toBeVisible();
    await expectNoAxeViolations(page, 'onboarding step 1 375 en', info);
    await o.free.click();
    await o.expectStep(1);
    await expectNoAxeViolations(page, 'onboarding wizard 375 en', info);
    // Reopened: active now, so straight to the wizard.
    await page.goto(P('/sale-register'));
    await o.expectStep(1);
    await expect(o.freeCard).toHaveCount(0);
  });

  test('D171: the owner opens the sign-up first in the sales menu; a staff-type user has no entry and gets the owner-only note', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    await signIn(page, merchant);
    const shell = new Shell(page);
    await shell.openFromMenu('sales', 'saleRegister');
    await expect(page).toHaveURL(new RegExp(`${P('/sale-register')}$`));
    await expect(new OnboardingPage(page).freeCard).toBeVisible();

    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await signIn(page, { username: 'phoco.staff', password: 'Staff@2026' });
    await page.getByRole('button', { name: t('vi', 'shell:nav.sales'), exact: true }).click();
    await expect(shell.menuLink('saleOrder')).toBeVisible();
    await expect(shell.menuLink('saleRegister')).toHaveCount(0);
    await page.goto(P('/sale-register'));
    await expect(page.getByTestId('owner-only-note')).toContainText(t('vi', 'common:ownerOnly.page'));
  });
});
