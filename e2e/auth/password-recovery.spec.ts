import { test, expect } from '../support/fixtures';
import { P } from '../support/env';
import { t } from '../support/i18n';
import { expectOnLogin, gotoLogin, loginScreen, shell, submitLogin } from '../support/portal';
import { resetPathFrom } from '../support/sandbox';

// Issue "Foundation": password recovery (core §2 /forgot-password, /reset-password; §4; §5).

test.describe('Foundation: password recovery', () => {
  test('core §2 /forgot-password → mailbox → /reset-password → sign in with the new password', async ({ page, sandbox, makeUser }) => {
    const user = await makeUser();
    const newPassword = 'Moi@Pass2027';

    const login = await gotoLogin(page);
    await login.forgot.click();
    await expect(page).toHaveURL(new RegExp(`${P('/forgot-password')}$`));
    const email = page.getByLabel(t('vi', 'auth:forgot.email'), { exact: true });
    const send = page.getByRole('button', { name: t('vi', 'auth:forgot.send'), exact: true });
    await expect(send).toBeDisabled();
    await email.fill(user.email);
    await send.click();

    // The sent notice (masked e-mail, resend and back).
    await expect(page.getByRole('heading', { name: t('vi', 'auth:forgot.sentTitle') })).toBeVisible();
    await expect(page.getByText(user.email, { exact: false })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('vi', 'auth:forgot.back') }).or(
      page.getByRole('link', { name: t('vi', 'auth:forgot.back') }),
    )).toBeVisible();

    const mail = await sandbox.waitForMessage(user.email);
    const resetPath = resetPathFrom(mail);
    expect(resetPath).toMatch(/^\/portal\/reset-password\?token=/);

    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: t('vi', 'auth:reset.title') })).toBeVisible();
    // Decision D4: the token leaves the address bar once read.
    await expect.poll(() => page.url()).not.toContain('token=');
    await page.getByLabel(t('vi', 'auth:reset.newPassword'), { exact: true }).fill(newPassword);
    await page.getByLabel(t('vi', 'auth:reset.confirm'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: t('vi', 'auth:reset.submit'), exact: true }).click();

    await expect(page.getByRole('heading', { name: t('vi', 'auth:reset.successTitle') })).toBeVisible();
    await page
      .getByRole('button', { name: t('vi', 'auth:reset.backToLogin') })
      .or(page.getByRole('link', { name: t('vi', 'auth:reset.backToLogin') }))
      .click();
    await expectOnLogin(page);

    // The old password no longer works; the new one does.
    await submitLogin(page, user.username, user.password);
    await expect(loginScreen(page).failedCount(1)).toBeVisible();
    await loginScreen(page).password.fill(newPassword);
    await loginScreen(page).submit.click();
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    await expect(shell(page).nav).toBeVisible();
  });

  test('core §2 /reset-password: without a token it redirects to /login', async ({ page }) => {
    await page.goto(P('/reset-password'));
    await expectOnLogin(page);
  });

  test('core §5 forgot password: an invalid e-mail is refused under the field', async ({ page }) => {
    await page.goto(P('/forgot-password'));
    const email = page.getByLabel(t('vi', 'auth:forgot.email'), { exact: true });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: t('vi', 'auth:forgot.send'), exact: true }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: t('vi', 'auth:forgot.sentTitle') })).toBeHidden();
  });

  test('core §2 guards: /forgot-password is a public path', async ({ page }) => {
    await page.goto(P('/forgot-password'));
    await expect(page).toHaveURL(new RegExp(`${P('/forgot-password')}$`));
    await expect(page.getByRole('heading', { name: t('vi', 'auth:forgot.title') })).toBeVisible();
  });
});
