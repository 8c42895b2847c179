import { expectNoAxeViolations } from '../support/axe';
import { resetSandboxClockAroundTests } from '../support/clock';
import { test, expect } from '../support/fixtures';
import { P } from '../support/env';
import { t } from '../support/i18n';
import { expectOnLogin, gotoLogin, lockModal, shell, submitLogin } from '../support/portal';
import { requestResetMail, resetPathFrom } from '../support/sandbox';

// Issue "Foundation": sign-in limits that need the sandbox clock to move (core §4, §9: 24-hour lock,
// 20-minute reset link). The `clock` project runs these one at a time after every other test
// (playwright.config.ts), so moving the shared clock disturbs nobody.

resetSandboxClockAroundTests();

test.describe('Foundation: clock', () => {
  test('core §4 login: after the sandbox clock moves 24 hours the locked account signs in again', async ({ page, sandbox, makeUser }) => {
    const user = await makeUser();
    const last = await sandbox.wrongPasswords(user.username, 5);
    expect(last.status, `5th wrong password answer: ${JSON.stringify(last.body)}`).toBe(423);

    await gotoLogin(page);
    await submitLogin(page, user.username, user.password);
    await expect(lockModal(page).dialog).toBeVisible();
    await lockModal(page).close.click();

    await sandbox.advanceClock(24 * 60 * 60 + 1);
    await submitLogin(page, user.username, user.password);
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    await expect(shell(page).nav).toBeVisible();
  });

  test('core §4 password reset: a link older than 20 minutes shows the request-not-found page (axe clean)', async ({ page, sandbox, makeUser }, testInfo) => {
    const user = await makeUser();
    const mail = await requestResetMail(sandbox, user.email);

    await sandbox.advanceClock(21 * 60);
    await page.goto(resetPathFrom(mail));
    const password = 'Moi@Pass2027';
    // The page may ask first and learn of the expiry on submit, or know at once: both end on the
    // request-not-found page.
    const notFound = page.getByRole('heading', { name: t('vi', 'auth:requestNotFound.title') });
    const form = page.getByLabel(t('vi', 'auth:reset.newPassword'), { exact: true });
    await expect(notFound.or(form)).toBeVisible();
    if (await form.isVisible()) {
      await form.fill(password);
      await page.getByLabel(t('vi', 'auth:reset.confirm'), { exact: true }).fill(password);
      await page.getByRole('button', { name: t('vi', 'auth:reset.submit'), exact: true }).click();
    }
    await expect(notFound).toBeVisible();
    await expectNoAxeViolations(page, 'request-not-found', testInfo);
    await page
      .getByRole('link', { name: t('vi', 'auth:requestNotFound.backToLogin') })
      .or(page.getByRole('button', { name: t('vi', 'auth:requestNotFound.backToLogin') }))
      .click();
    await expectOnLogin(page);
  });

});
