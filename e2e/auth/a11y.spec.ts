import { expectNoAxeViolations } from '../support/axe';
import { test, expect } from '../support/fixtures';
import { requestResetMail, resetPathFrom } from '../support/sandbox';
import { ForgotPasswordPage, LockModal, LoginPage, ResetPasswordPage } from '../support/sign-in';

// Issue "Foundation": axe (WCAG 2.0/2.1/2.2 A and AA) finds nothing on the sign-in and password
// screens (the shell's screens: e2e/shell/a11y.spec.ts). The request-not-found page needs an expired
// link, so its check is in expiry.clock.spec.ts.

test.describe('Foundation: accessibility (axe, WCAG 2.2 AA)', () => {
  test('core §2 /login: the sign-in screen', async ({ page }, testInfo) => {
    await LoginPage.open(page);
    await expectNoAxeViolations(page, 'login', testInfo);
  });

  test('core §2 /login: the sign-in screen with a failed attempt shown', async ({ page, makeUser }, testInfo) => {
    const user = await makeUser();
    const login = await LoginPage.open(page);
    await login.submitAs(user.username, 'Wrong@Pass1');
    await expect(page.getByText(/1\/5/)).toBeVisible();
    await expectNoAxeViolations(page, 'login-failed', testInfo);
  });

  test('core §4 login: the lock-out modal', async ({ page, sandbox, makeUser }, testInfo) => {
    const user = await makeUser();
    await sandbox.wrongPasswords(user.username, 5);
    const login = await LoginPage.open(page);
    await login.submitAs(user.username, user.password);
    await expect(new LockModal(page).dialog).toBeVisible();
    await expectNoAxeViolations(page, 'lock-modal', testInfo);
  });

  test('core §2 /forgot-password: the form and the sent notice', async ({ page, makeUser }, testInfo) => {
    const user = await makeUser();
    const forgot = await ForgotPasswordPage.open(page);
    await expect(forgot.heading).toBeVisible();
    await expectNoAxeViolations(page, 'forgot-password', testInfo);
    await forgot.request(user.email);
    await expect(forgot.sentHeading).toBeVisible();
    await expectNoAxeViolations(page, 'forgot-password-sent', testInfo);
  });

  test('core §2 /reset-password: the form and the success view', async ({ page, sandbox, makeUser }, testInfo) => {
    const user = await makeUser();
    const mail = await requestResetMail(sandbox, user.email);
    await page.goto(resetPathFrom(mail));
    const reset = new ResetPasswordPage(page);
    await expect(reset.heading).toBeVisible();
    await expectNoAxeViolations(page, 'reset-password', testInfo);
    await reset.choose('Moi@Pass2027');
    await expect(reset.successHeading).toBeVisible();
    await expectNoAxeViolations(page, 'reset-password-success', testInfo);
  });
});
