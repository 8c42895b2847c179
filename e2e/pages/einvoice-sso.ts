import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';

/**
 * Page object of the SSO consent page /login-merchant-account (doc 2 §2) and of the popup that
 * shows it. `withEinvoice(context)` turns the `einvoice` flag on for every page of the context,
 * the popup included (withFeatures routes one page only).
 */
export class ConsentPage {
  readonly heading: Locator;
  readonly provider: Locator;
  readonly taxCode: Locator;
  readonly allow: Locator;
  readonly refuse: Locator;
  readonly close: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: this.tx('sso.consent.title') });
    this.provider = page.getByTestId('consent-provider');
    this.taxCode = page.getByTestId('consent-tax-code');
    this.allow = page.getByRole('button', { name: this.tx('sso.consent.allow') });
    this.refuse = page.getByRole('button', { name: this.tx('sso.consent.refuse') });
    this.close = page.getByRole('button', { name: this.tx('sso.consent.close') });
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `einvoice:${key}`, params);
  }

  alert(key: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.tx(key) });
  }

  /**
   * Clicks a button that closes the window and waits until it is closed. The page may close before
   * the click's own round trip ends (Refuse closes at once), which Playwright reports as "Target page
   * closed": that is the expected outcome here, any other error is not.
   */
  async clickAndClose(button: Locator): Promise<void> {
    const closed = this.page.waitForEvent('close');
    await button.click().catch((error: unknown) => {
      if (!this.page.isClosed()) throw error;
    });
    await closed;
  }
}

/** The portal's dialogs while it links the merchant account (SsoLinkDialogs), on the page that opened the window. */
export class SsoLinkDialogs {
  readonly waiting: Locator;
  readonly success: Locator;
  readonly failed: Locator;
  readonly blocked: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
    provider = 'M-Invoice',
  ) {
    this.waiting = page.getByRole('dialog', { name: this.tx('sso.link.waitingTitle', { provider }) });
    this.success = page.getByRole('dialog', { name: this.tx('sso.link.successTitle') });
    this.failed = page.getByRole('dialog', { name: this.tx('sso.link.failTitle') });
    this.blocked = page.getByRole('dialog', { name: this.tx('sso.link.blockedTitle') });
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `einvoice:${key}`, params);
  }

  button(dialog: Locator, key: 'ok' | 'retry' | 'back' | 'cancel' | 'showWindow'): Locator {
    return dialog.getByRole('button', { name: this.tx(`sso.link.${key}`), exact: true });
  }
}

export async function withEinvoice(context: BrowserContext): Promise<void> {
  await context.route('**/portal/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { features?: Record<string, unknown> };
    await route.fulfill({ response, json: { ...config, features: { ...config.features, einvoice: true } } });
  });
}

/** The provider's authorize address as the portal opens it (docs/areas/einvoice.md "SSO"). */
export function authorizePath(provider: 'm-invoice' | 'viettel', taxNo: string): string {
  const query = new URLSearchParams({ tax_no: taxNo, return: P('/login-merchant-account') });
  return `/api/einvoice/${provider}/sso/authorize?${query.toString()}`;
}

/** Opens the authorize page from the signed-in portal the way the portal does (same name and size), and answers the popup. */
export async function openLinkPopup(page: Page, provider: 'm-invoice' | 'viettel', taxNo: string): Promise<Page> {
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(
      (url) => {
        window.open(url, 'einvoice-sso', 'width=460,height=600,popup=yes');
      },
      authorizePath(provider, taxNo),
    ),
  ]);
  await popup.waitForLoadState();
  return popup;
}

/** The product backend's answer to "is the merchant account linked?" for the signed-in page. */
export async function ssoLinked(page: Page, provider: string): Promise<boolean> {
  const answer = await page.evaluate(async (route) => {
    const token = window.sessionStorage.getItem('access_token') ?? window.localStorage.getItem('access_token');
    const response = await fetch(`/api/portal/einvoice/sso/check?provider=${route}`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as { data: { isAuthenticated: boolean } };
  }, provider);
  return answer.data.isAuthenticated;
}

export async function expectConsentShown(consent: ConsentPage): Promise<void> {
  await expect(consent.heading).toBeVisible({ timeout: 15_000 });
}
