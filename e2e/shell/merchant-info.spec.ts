import { test, expect } from '../support/fixtures';
import { P } from '../support/env';
import { t } from '../support/i18n';
import { LoginPage } from '../support/sign-in';
import { expectMantineStyled } from '../support/styles';

// Core §8 "Get merchant info failed". Every signed-in page needs GET /user/info; when it
// fails the shell says so with a retry instead of waiting forever. The sandbox fault is armed for
// this test's own sign-in only, so the tests running beside it are not touched.

const MERCHANT_NAME = 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ';

test.describe('Issue 10: merchant info', () => {
  test('core §8: GET /user/info failing shows "Get merchant info failed"; retry after it recovers shows the merchant', async ({
    page,
    sandbox,
    makeUser,
  }) => {
    const user = await makeUser();
    await sandbox.faults({ userInfo: { username: user.username, failing: true } });
    try {
      const login = await LoginPage.open(page);
      await login.submitAs(user.username, user.password);
      await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
      const failed = page.getByTestId('profile-failed');
      await expect(failed).toBeVisible({ timeout: 15_000 });
      await expect(failed).toContainText(t('vi', 'shell:profileFailed.title'));
      // The first page of the tab: the alert brings its own CSS (the dashboard draws none).
      await expectMantineStyled(page, 'profile-failed');
      await expect(page.getByTestId('user-menu')).not.toContainText(MERCHANT_NAME);
    } finally {
      await sandbox.faults({ userInfo: { username: user.username, failing: false } });
    }
    await page.getByRole('button', { name: t('vi', 'shell:profileFailed.retry') }).click();
    await expect(page.getByTestId('profile-failed')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toContainText(MERCHANT_NAME);
  });
});
