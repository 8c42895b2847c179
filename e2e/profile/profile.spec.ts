import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { acceptCookies, switchLanguage } from '../support/shell';
import { signIn } from '../support/sign-in';
import { ProfilePage } from '../pages/profile';

// Profile area: /profile (core §1 business or personal wording, §2 Business info and the top
// bar's banner link, §3 Business profile, §7 GET /business). Read only: the seeded merchants serve.

test.describe('Issue 11: the business profile', () => {
  test('core §2: the banner links to /profile, which shows the bank’s profile; axe clean in vi and en at desktop', async ({
    page,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, DEMO.phoco);
    await acceptCookies(page, 'vi');
    await page
      .getByRole('banner')
      .getByRole('link', { name: t('vi', 'shell:topbar.businessBanner') })
      .click();
    await expect(page).toHaveURL(new RegExp(`${P('/profile')}$`));
    const profile = new ProfilePage(page, 'vi', 'business');
    await expect(profile.heading).toBeVisible();
    await expect(profile.value('merchant_code')).toHaveText('PHOCO001');
    await expect(profile.value('tax_no')).toHaveText('0108123455');
    await expect(profile.value('representative_name')).toHaveText('Nguyễn Văn Minh');
    await expect(profile.section('representative')).toBeVisible();
    await expectNoAxeViolations(page, 'profile vi', testInfo);

    await switchLanguage(page, 'en');
    const en = new ProfilePage(page, 'en', 'business');
    await expect(en.heading).toBeVisible();
    await expect(page.getByText(t('en', 'profile:field.tax_no.business'), { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'profile en', testInfo);
  });

  test('core §1: a personal account reads in personal wording; at 375 px in both languages, axe clean', async ({ page }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, DEMO.colan);
    await acceptCookies(page, 'vi');
    const profile = await ProfilePage.open(page, 'vi', 'personal');
    await expect(page.getByText(t('vi', 'profile:field.tax_no.personal'), { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'profile personal vi 375', testInfo);
    await expect(profile.value('merchant_code')).not.toHaveText('PHOCO001');
    await switchLanguage(page, 'en');
    await expect(new ProfilePage(page, 'en', 'personal').heading).toBeVisible();
    await expectNoAxeViolations(page, 'profile personal en 375', testInfo);
  });

  test('core §8: a failed load says why with the catalogue’s text and a retry that loads it', async ({ page }) => {
    await signIn(page, DEMO.phoco);
    let failures = 1;
    await page.route('**/api/portal/business', async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 500, json: { error_code: 'UNKNOWN_ERROR', message: 'down', data: {} } });
      else await route.continue();
    });
    const profile = await ProfilePage.open(page);
    await expect(profile.failed).toContainText(t('vi', 'errors:UNKNOWN_ERROR'));
    await profile.failed.getByRole('button', { name: t('vi', 'profile:retry') }).click();
    await expect(profile.value('merchant_code')).toHaveText('PHOCO001');
  });
});
