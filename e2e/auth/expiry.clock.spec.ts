import { expectNoAxeViolations } from '../support/axe';
import { resetSandboxClockAroundTests } from '../support/clock';
import { test, expect } from '../support/fixtures';
import { P } from '../support/env';
import { requestResetMail, resetPathFrom } from '../support/sandbox';
import { expectOnLogin, LockModal, LoginPage, ResetPasswordPage } from '../support/sign-in';
import { Shell } from '../support/shell';

// Issue "Foundation": sign-in limits that need the sandbox clock to move (core §4, §9: 24-hour lock,
// 20-minute reset link). The `clock` project runs these one at a time after every other test
// (playwright.config.ts), so moving the shared clock disturbs nobody.

resetSandboxClockAroundTests();

test.describe('Foundation: clock', () => {
  test('core §4 login: after the sandbox clock moves 24 hours the locked account signs in again', async ({ page, sandbox, makeUser }) => {
    const user = await makeUser();
    const last = await sandbox.wrongPasswords(user.username, 5);
    expect(last.status, `5th wrong password answer: ${JSON.stringify(last.body)}`).toBe(423);

    const login = await LoginPage.open(page);
    await login.submitAs(user.username, user.password);
    const modal = new LockModal(page);
    await expect(modal.dialog).toBeVisible();
    await modal.close.click();

    await sandbox.advanceClock(24 * 60 * 60 + 1);
    await login.submitAs(user.username, user.password);
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    await expect(new Shell(page).nav).toBeVisible();
  });

  test('core §4, §5 password reset: a link older than 20 minutes shows the request-not-found page as it opens, nothing typed (axe clean)', async ({
    page,
    sandbox,
    makeUser,
  }, testInfo) => {
    const user = await makeUser();
    const mail = await requestResetMail(sandbox, user.email);

    await sandbox.advanceClock(21 * 60);
    await page.goto(resetPathFrom(mail));
    const reset = new ResetPasswordPage(page);
    // The link is checked as the page opens: the message and the way to a new link, no form.
    await expect(reset.notFoundHeading).toBeVisible();
    await expect(reset.newPassword).toHaveCount(0);
    await expect(reset.notFoundAgain).toBeVisible();
    await expectNoAxeViolations(page, 'request-not-found', testInfo);
    await reset.notFoundBackToLogin.click();
    await expectOnLogin(page);
  });
});
