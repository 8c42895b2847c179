import { expect, type Locator, type Page } from '@playwright/test';
import { P } from './env';
import { t, tRegex, type Lang } from './i18n';
import { Shell } from './shell';

/**
 * Page objects of the auth screens (/login, the lock-out modal, /forgot-password, /reset-password,
 * /register-digistore-id), found by role and accessible name in the language the page shows
 * (Vietnamese unless a test switched). Every area's tests begin by signing in, so `signIn` and the
 * login screen are used from every e2e folder; the rest is auth's own.
 */

export const MAX_ATTEMPTS = 5;

/** The /login screen. */
export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly remember: Locator;
  readonly submit: Locator;
  readonly forgot: Locator;
  readonly sso: Locator;
  /** The general message under the form (network failures); field messages sit by their fields. */
  readonly error: Locator;
  readonly anyFailedCount: Locator;
  readonly idleNotice: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { name: t(lang, 'auth:login.title'), exact: true });
    this.username = page.getByLabel(t(lang, 'auth:login.username'), { exact: true });
    this.password = page.getByLabel(t(lang, 'auth:login.password'), { exact: true });
    this.remember = page.getByLabel(t(lang, 'auth:login.remember'), { exact: true });
    this.submit = page.getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true });
    this.forgot = page.getByRole('link', { name: t(lang, 'auth:login.forgot'), exact: true });
    this.sso = page.getByRole('button', { name: t(lang, 'auth:login.sso') });
    this.error = page.getByTestId('login-error');
    this.anyFailedCount = page.getByText(tRegex(lang, 'auth:login.failedCount'));
    this.idleNotice = page.getByText(t(lang, 'auth:login.idleNotice'));
  }

  /** Opens /login and waits for the form. */
  static async open(page: Page, lang: Lang = 'vi'): Promise<LoginPage> {
    await page.goto(P('/login'));
    const login = new LoginPage(page, lang);
    await expect(login.submit).toBeVisible();
    return login;
  }

  failedCount(count: number): Locator {
    return this.page.getByText(tRegex(this.lang, 'auth:login.failedCount', { count, max: MAX_ATTEMPTS }));
  }

  /** Types the credentials into the open form and presses sign in. */
  async submitAs(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** On /login (with or without a query) with the form showing. */
  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`${P('/login')}(\\?.*)?$`));
    await expect(this.submit).toBeVisible();
  }
}

/** The lock-out modal over /login after the fifth wrong password (core §4 login). */
export class LockModal {
  readonly dialog: Locator;
  readonly close: Locator;
  readonly reset: Locator;
  readonly contact: Locator;

  constructor(page: Page, lang: Lang = 'vi') {
    const dialog = page.getByRole('dialog', { name: t(lang, 'auth:lock.title') });
    this.dialog = dialog;
    this.close = dialog.getByRole('button', { name: t(lang, 'auth:lock.close'), exact: true }).first();
    this.reset = dialog
      .getByRole('link', { name: t(lang, 'auth:lock.reset') })
      .or(dialog.getByRole('button', { name: t(lang, 'auth:lock.reset') }));
    this.contact = dialog
      .getByRole('link', { name: t(lang, 'auth:lock.contact') })
      .or(dialog.getByRole('button', { name: t(lang, 'auth:lock.contact') }));
  }
}

/** A control the screen may draw as a link or as a button. */
function linkOrButton(page: Page, name: string): Locator {
  return page.getByRole('link', { name }).or(page.getByRole('button', { name }));
}

/** /forgot-password: the form, then the sent notice. */
export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly send: Locator;
  readonly sentHeading: Locator;
  readonly back: Locator;

  constructor(
    readonly page: Page,
    lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { name: t(lang, 'auth:forgot.title') });
    this.email = page.getByLabel(t(lang, 'auth:forgot.email'), { exact: true });
    this.send = page.getByRole('button', { name: t(lang, 'auth:forgot.send'), exact: true });
    this.sentHeading = page.getByRole('heading', { name: t(lang, 'auth:forgot.sentTitle') });
    this.back = linkOrButton(page, t(lang, 'auth:forgot.back'));
  }

  static async open(page: Page, lang: Lang = 'vi'): Promise<ForgotPasswordPage> {
    await page.goto(P('/forgot-password'));
    return new ForgotPasswordPage(page, lang);
  }

  async request(email: string): Promise<void> {
    await this.email.fill(email);
    await this.send.click();
  }
}

/** /reset-password from a mailed link: the link check, the form, the success view, and the expired-link page. */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly newPassword: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;
  readonly successHeading: Locator;
  readonly backToLogin: Locator;
  /** The request-not-found page an expired or used link ends on. */
  readonly notFoundHeading: Locator;
  readonly notFoundBackToLogin: Locator;
  /** The request-not-found page's way to ask for a new link. */
  readonly notFoundAgain: Locator;
  /** The link check could not answer (network, server): retry or go on. */
  readonly checkFailed: Locator;

  constructor(
    readonly page: Page,
    lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { name: t(lang, 'auth:reset.title') });
    this.newPassword = page.getByLabel(t(lang, 'auth:reset.newPassword'), { exact: true });
    this.confirm = page.getByLabel(t(lang, 'auth:reset.confirm'), { exact: true });
    this.submit = page.getByRole('button', { name: t(lang, 'auth:reset.submit'), exact: true });
    this.successHeading = page.getByRole('heading', { name: t(lang, 'auth:reset.successTitle') });
    this.backToLogin = linkOrButton(page, t(lang, 'auth:reset.backToLogin'));
    this.notFoundHeading = page.getByRole('heading', { name: t(lang, 'auth:requestNotFound.title') });
    this.notFoundBackToLogin = linkOrButton(page, t(lang, 'auth:requestNotFound.backToLogin'));
    this.notFoundAgain = linkOrButton(page, t(lang, 'auth:requestNotFound.again'));
    this.checkFailed = page.getByTestId('reset-check-failed');
  }

  /** Types the new password twice and submits. */
  async choose(password: string): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirm.fill(password);
    await this.submit.click();
  }
}

/** /register-digistore-id: a password sign-in not yet linked to the unified identity (flag on). */
export class RegisterDigistorePage {
  readonly heading: Locator;
  readonly finish: Locator;
  readonly back: Locator;

  constructor(page: Page, lang: Lang = 'vi') {
    this.heading = page.getByRole('heading', { name: t(lang, 'auth:register.title') });
    this.finish = page.getByRole('button', { name: t(lang, 'auth:register.finish') });
    this.back = page.getByRole('button', { name: t(lang, 'auth:register.back') });
  }
}

/**
 * Opens /login, signs in through the form, and waits for the landing page (the dashboard) inside the
 * shell. For the tests of the sign-in itself (e2e/auth, the language chosen on /login, remember-me);
 * every other test signs in with `signIn`, which skips the form.
 */
export async function signInWithForm(
  page: Page,
  creds: { username: string; password: string },
  opts: { lang?: Lang; expectPath?: string } = {},
): Promise<void> {
  const lang = opts.lang ?? 'vi';
  const login = await LoginPage.open(page, lang);
  await login.submitAs(creds.username, creds.password);
  await expect(page).toHaveURL(new RegExp(`${P(opts.expectPath ?? '/dashboard')}$`));
  await new Shell(page, lang).expectShown();
}

/** The portal's own parse of a token's lifetime (src/services/shared/tokens.ts localExpiry, D5). */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Signs in through the API and leaves the page where a sign-in on the form would have: the session
 * stored as the portal stores it (src/services/shared/storage.ts; remember-me not ticked, so session
 * storage), then the landing page (`expectPath`, the dashboard by default) inside the shell. `to`
 * opens that page instead and waits for nothing more: the caller (a page object's `open`) waits for
 * its own screen, one page load instead of two.
 *
 * The tokens are written into the page's storage, not by an init script: tests clear storage and sign
 * in again as someone else, and an init script would put the first user's tokens back at every load.
 * A form sign-in first signed out whoever was signed in on this tab (core §2); here the keys of both
 * storages are cleared before the new ones are written, so no earlier session is found instead.
 */
export async function signIn(
  page: Page,
  creds: { username: string; password: string },
  opts: { lang?: Lang; expectPath?: string; to?: string } = {},
): Promise<void> {
  const lang = opts.lang ?? 'vi';
  // A cheap document on the portal's origin, so the storage written below is the portal's.
  await page.goto(P('/config.json'));
  const origin = new URL(page.url()).origin;
  const answer = await page.request.post(`${origin}/api/portal/user/login`, {
    data: { username: creds.username, password: creds.password },
  });
  const body = (await answer.json().catch(() => null)) as { data?: { access_token?: string; refresh_token?: string } } | null;
  const tokens = body?.data;
  if (answer.status() !== 200 || !tokens?.access_token || !tokens.refresh_token) {
    throw new Error(`sign-in of ${creds.username} through the API → HTTP ${answer.status()}`);
  }
  await page.evaluate(
    ({ access, refresh, lang, margin }) => {
      const payload = JSON.parse(atob(access.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number; iat?: number };
      const now = Date.now();
      const lifetime = payload.iat !== undefined ? (payload.exp - payload.iat) * 1000 : payload.exp * 1000 - now;
      const expiresAt = Math.round(now + lifetime - Math.min(margin, lifetime / 2));
      for (const area of [window.localStorage, window.sessionStorage]) {
        for (const key of ['access_token', 'refresh_token', 'token_expires_at', 'remember']) area.removeItem(key);
      }
      window.sessionStorage.setItem('remember', 'false');
      window.sessionStorage.setItem('token_expires_at', String(expiresAt));
      window.sessionStorage.setItem('refresh_token', refresh);
      window.localStorage.setItem('login_method', 'original');
      // A fresh sign-in is activity (src/app/auth/LoginRoute.tsx).
      window.localStorage.setItem('last_active', String(now));
      if (lang === 'en') window.localStorage.setItem('language', 'en');
      window.sessionStorage.setItem('access_token', access);
    },
    { access: tokens.access_token, refresh: tokens.refresh_token, lang, margin: EXPIRY_MARGIN_MS },
  );
  if (opts.to) {
    await page.goto(P(opts.to));
    return;
  }
  const landing = opts.expectPath ?? '/dashboard';
  await page.goto(P(landing));
  await expect(page).toHaveURL(new RegExp(`${P(landing)}$`));
  await new Shell(page, lang).expectShown();
}

/** The visitor is on /login with the form showing (signed out, sent there, or never signed in). */
export async function expectOnLogin(page: Page, lang: Lang = 'vi'): Promise<void> {
  await new LoginPage(page, lang).expectShown();
}

/**
 * Makes the portal believe the signed-in user is the owner (role Customer), as a tab would whose
 * profile predates a role change: the owner's controls show, and only the service's refusal stops them.
 */
export async function pretendOwner(page: Page): Promise<void> {
  await page.route('**/api/portal/user/info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, role: 'Customer' } } });
  });
}
