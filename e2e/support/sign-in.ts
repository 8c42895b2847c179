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

/** Opens /login, signs in, and waits for the landing page (the dashboard) inside the shell. */
export async function signIn(
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
