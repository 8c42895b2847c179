import { expect, type Locator, type Page } from '@playwright/test';
import { P } from './env';
import { t, tRegex, type Lang } from './i18n';

/**
 * Page helpers for the auth screens and the shell, by role and accessible name in the language the
 * page shows (Vietnamese unless a test switched). One place to adjust if the screens change.
 */

export const MAX_ATTEMPTS = 5;

export function loginScreen(page: Page, lang: Lang = 'vi') {
  return {
    heading: page.getByRole('heading', { name: t(lang, 'auth:login.title'), exact: true }),
    username: page.getByLabel(t(lang, 'auth:login.username'), { exact: true }),
    password: page.getByLabel(t(lang, 'auth:login.password'), { exact: true }),
    remember: page.getByLabel(t(lang, 'auth:login.remember'), { exact: true }),
    submit: page.getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true }),
    forgot: page.getByRole('link', { name: t(lang, 'auth:login.forgot'), exact: true }),
    failedCount: (count: number): Locator =>
      page.getByText(tRegex(lang, 'auth:login.failedCount', { count, max: MAX_ATTEMPTS })),
    anyFailedCount: page.getByText(tRegex(lang, 'auth:login.failedCount')),
    lockModal: page.getByRole('dialog', { name: t(lang, 'auth:lock.title') }),
    idleNotice: page.getByText(t(lang, 'auth:login.idleNotice')),
  };
}

export function lockModal(page: Page, lang: Lang = 'vi') {
  const dialog = page.getByRole('dialog', { name: t(lang, 'auth:lock.title') });
  return {
    dialog,
    close: dialog.getByRole('button', { name: t(lang, 'auth:lock.close'), exact: true }).first(),
    reset: dialog.getByRole('link', { name: t(lang, 'auth:lock.reset') }).or(
      dialog.getByRole('button', { name: t(lang, 'auth:lock.reset') }),
    ),
    contact: dialog.getByRole('link', { name: t(lang, 'auth:lock.contact') }).or(
      dialog.getByRole('button', { name: t(lang, 'auth:lock.contact') }),
    ),
  };
}

export function shell(page: Page, lang: Lang = 'vi') {
  return {
    nav: page.getByRole('navigation', { name: t(lang, 'shell:nav.label') }),
    main: page.getByRole('main'),
    logout: page.getByTestId('sidebar-logout'),
    collapse: page.getByRole('button', { name: t(lang, 'shell:nav.collapse') }),
    expand: page.getByRole('button', { name: t(lang, 'shell:nav.expand') }),
    openDrawer: page.getByRole('button', { name: t(lang, 'shell:nav.openDrawer') }),
    drawer: page.getByRole('dialog', { name: t(lang, 'shell:nav.label') }),
    closeDrawer: page
      .getByRole('dialog', { name: t(lang, 'shell:nav.label') })
      .getByRole('button', { name: t(lang, 'shell:nav.closeDrawer') }),
    language: page.getByTestId('language-switch'),
  };
}

export async function gotoLogin(page: Page, lang: Lang = 'vi'): Promise<ReturnType<typeof loginScreen>> {
  await page.goto(P('/login'));
  const screen = loginScreen(page, lang);
  await expect(screen.submit).toBeVisible();
  return screen;
}

/** Types the credentials into the login screen (already open) and presses sign in. */
export async function submitLogin(page: Page, username: string, password: string, lang: Lang = 'vi'): Promise<void> {
  const screen = loginScreen(page, lang);
  await screen.username.fill(username);
  await screen.password.fill(password);
  await screen.submit.click();
}

/** The shell is up: the sidebar on wide screens, the drawer's menu button on narrow ones. */
export async function expectShell(page: Page, lang: Lang = 'vi'): Promise<void> {
  const s = shell(page, lang);
  await expect(s.nav.or(s.openDrawer).first()).toBeVisible();
  await expect(s.main).toBeVisible();
}

/** Opens /login, signs in, and waits for the dashboard inside the shell. */
export async function signIn(
  page: Page,
  creds: { username: string; password: string },
  opts: { lang?: Lang; expectPath?: string } = {},
): Promise<void> {
  const lang = opts.lang ?? 'vi';
  await gotoLogin(page, lang);
  await submitLogin(page, creds.username, creds.password, lang);
  await expect(page).toHaveURL(new RegExp(`${P(opts.expectPath ?? '/dashboard')}$`));
  await expectShell(page, lang);
}

/** Reads the client's session keys from both storages (docs/architecture.md, client storage keys). */
export async function storedSession(page: Page): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate(() => ({
    local: window.localStorage.getItem('access_token'),
    session: window.sessionStorage.getItem('access_token'),
  }));
}

export async function expectOnLogin(page: Page, lang: Lang = 'vi'): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${P('/login')}(\\?.*)?$`));
  await expect(loginScreen(page, lang).submit).toBeVisible();
}

/**
 * Switches the language with the page's switch (data-testid language-switch): a native select on
 * the auth pages, the top bar's VIE / ENG menu in the shell (core §2).
 */
export async function switchLanguage(page: Page, to: Lang): Promise<void> {
  const control = page.getByTestId('language-switch').first();
  const tag = await control.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    await control.selectOption(to);
  } else {
    await control.click();
    await page.getByRole('menuitem', { name: to === 'en' ? /\(ENG\)/ : /\(VIE\)/ }).click();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}
