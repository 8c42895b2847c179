import { test, expect } from '../support/fixtures';
import { P } from '../support/env';
import { requestResetMail, resetPathFrom } from '../support/sandbox';
import { expectOnLogin, ForgotPasswordPage, LoginPage, ResetPasswordPage } from '../support/sign-in';
import { Shell } from '../support/shell';

// Issue "Foundation": password recovery (core §2 /forgot-password, /reset-password; §4; §5).

test.describe('Foundation: password recovery', () => {
  test('core §2 /forgot-password → mailbox → /reset-password → sign in with the new password', async ({ page, sandbox, makeUser }) => {
    const user = await makeUser();
    const newPassword = 'Moi@Pass2027';

    const login = await LoginPage.open(page);
    await login.forgot.click();
    await expect(page).toHaveURL(new RegExp(`${P('/forgot-password')}$`));
    const forgot = new ForgotPasswordPage(page);
    await expect(forgot.send).toBeDisabled();
    await forgot.request(user.email);

    // The sent notice (masked e-mail, resend and back).
    await expect(forgot.sentHeading).toBeVisible();
    await expect(page.getByText(user.email, { exact: false })).toHaveCount(0);
    await expect(forgot.back).toBeVisible();

    const mail = await sandbox.waitForMessage(user.email);
    const resetPath = resetPathFrom(mail);
    expect(resetPath).toMatch(/^\/portal\/reset-password\?token=/);

    await page.goto(resetPath);
    const reset = new ResetPasswordPage(page);
    await expect(reset.heading).toBeVisible();
    // Decision D4: the token leaves the address bar once read.
    await expect.poll(() => page.url()).not.toContain('token=');
    await reset.choose(newPassword);

    await expect(reset.successHeading).toBeVisible();
    await reset.backToLogin.click();
    await expectOnLogin(page);

    // The old password no longer works; the new one does.
    await login.submitAs(user.username, user.password);
    await expect(login.failedCount(1)).toBeVisible();
    await login.password.fill(newPassword);
    await login.submit.click();
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    await expect(new Shell(page).nav).toBeVisible();
  });

  test('core §5 /reset-password: a used link shows the request-not-found page as it opens, nothing typed', async ({
    page,
    sandbox,
    makeUser,
  }) => {
    const user = await makeUser();
    const mail = await requestResetMail(sandbox, user.email);
    const resetPath = resetPathFrom(mail);
    await page.goto(resetPath);
    const reset = new ResetPasswordPage(page);
    await reset.choose('Moi@Pass2027');
    await expect(reset.successHeading).toBeVisible();

    // The same link again: the page says it is used before any field is offered.
    await page.goto(resetPath);
    await expect(reset.notFoundHeading).toBeVisible();
    await expect(reset.newPassword).toHaveCount(0);
    await reset.notFoundAgain.click();
    await expect(page).toHaveURL(new RegExp(`${P('/forgot-password')}$`));
  });

  test('core §5 /reset-password: a link check that fails on the network says so; retry reaches the form', async ({
    page,
    sandbox,
    makeUser,
  }) => {
    const user = await makeUser();
    const mail = await requestResetMail(sandbox, user.email);
    let failing = true;
    await page.route('**/api/portal/user/forgot-password/check', (route) =>
      failing ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.goto(resetPathFrom(mail));
    const reset = new ResetPasswordPage(page);
    await expect(reset.checkFailed).toBeVisible();
    await expect(reset.newPassword).toHaveCount(0);
    failing = false;
    await reset.checkFailed.getByRole('button').click();
    await expect(reset.newPassword).toBeVisible();
  });

  test('core §2 /reset-password: without a token it redirects to /login', async ({ page }) => {
    await page.goto(P('/reset-password'));
    await expectOnLogin(page);
  });

  test('core §5 forgot password: an invalid e-mail is refused under the field', async ({ page }) => {
    const forgot = await ForgotPasswordPage.open(page);
    await forgot.request('not-an-email');
    await expect(forgot.email).toHaveAttribute('aria-invalid', 'true');
    await expect(forgot.sentHeading).toBeHidden();
  });

  test('core §2 guards: /forgot-password is a public path', async ({ page }) => {
    const forgot = await ForgotPasswordPage.open(page);
    await expect(page).toHaveURL(new RegExp(`${P('/forgot-password')}$`));
    await expect(forgot.heading).toBeVisible();
  });
});
