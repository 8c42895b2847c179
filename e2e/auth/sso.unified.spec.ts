import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { test, expect } from '../support/fixtures';
import { t } from '../support/i18n';
import { storedSession } from '../support/storage';
import { LoginPage, RegisterDigistorePage } from '../support/sign-in';
import { Shell } from '../support/shell';

/**
 * The unified single-sign-on branch (core §1 flag, §2 return route and /register-digistore-id, §4
 * login), against a sandbox started with features.unifiedLogin on. Its stand-in identity provider
 * answers like the real one: a redirect to the return route with the access token in the fragment.
 */
test.describe('Foundation: unified single sign-on (flag on)', () => {
  test('core §2 SSO: the identity button signs in through the provider; the token leaves the address bar', async ({ page }) => {
    const login = await LoginPage.open(page);
    await login.sso.click();
    await expect(page).toHaveURL(/\/sandbox\/sso\/authorize\?/);
    await page.getByRole('link', { name: DEMO.colan.username, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    await expect(new Shell(page).nav).toBeVisible();
    expect(new URL(page.url()).hash, 'the fragment with the token is gone').toBe('');
    // The session is kept like one without remember-me (D7): session storage, not local storage.
    const stored = await storedSession(page);
    expect(stored.session).not.toBeNull();
    expect(stored.local).toBeNull();
  });

  test('core §2 SSO return route: no access token in the fragment → "access token not found" and /login', async ({ page }) => {
    await page.goto(P('/auth-sso-check'));
    await expect(page.getByText(t('vi', 'auth:sso.tokenNotFound'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${P('/login')}$`));
  });

  test('core §2 /register-digistore-id: a password sign-in not yet linked is asked to register, then continues (D8)', async ({
    page,
  }, testInfo) => {
    const login = await LoginPage.open(page);
    await login.submitAs(DEMO.phoco.username, DEMO.phoco.password);
    await expect(page).toHaveURL(new RegExp(`${P('/register-digistore-id')}$`));
    const register = new RegisterDigistorePage(page);
    await expect(register.heading).toBeVisible();
    await expectNoAxeViolations(page, 'register-digistore-id', testInfo);

    await register.finish.click();
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    await expect(new Shell(page).nav).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('login_method'))).toBe('keycloak');
  });

  test('core §2 /register-digistore-id: going back discards the temporary session', async ({ page }) => {
    const login = await LoginPage.open(page);
    await login.submitAs(DEMO.colan.username, DEMO.colan.password);
    await expect(page).toHaveURL(new RegExp(`${P('/register-digistore-id')}$`));
    await new RegisterDigistorePage(page).back.click();
    await expect(page).toHaveURL(new RegExp(`${P('/login')}$`));
    await expect(login.username).toBeVisible();
    const stored = await storedSession(page);
    expect(stored.local).toBeNull();
    expect(stored.session).toBeNull();
    await page.goto(P('/dashboard'));
    await expect(page).toHaveURL(new RegExp(`${P('/login')}$`));
  });
});
