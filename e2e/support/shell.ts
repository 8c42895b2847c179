import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from './i18n';

/**
 * Page objects of the shell: the frame around every signed-in screen (sidebar or drawer, top bar,
 * language switch, cookie banner) and the not-found screen. Every area's screens sit
 * inside it, so these are used from every e2e folder; the rest of a screen is its area's own.
 */

/** Sidebar (250 / 112 px) on wide screens, a drawer behind the menu button at 375 px. */
export class Shell {
  readonly nav: Locator;
  readonly main: Locator;
  readonly logout: Locator;
  readonly collapse: Locator;
  readonly expand: Locator;
  readonly openDrawer: Locator;
  readonly drawer: Locator;
  readonly closeDrawer: Locator;
  readonly language: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.nav = page.getByRole('navigation', { name: t(lang, 'shell:nav.label') });
    this.main = page.getByRole('main');
    this.logout = page.getByTestId('sidebar-logout');
    this.collapse = page.getByRole('button', { name: t(lang, 'shell:nav.collapse') });
    this.expand = page.getByRole('button', { name: t(lang, 'shell:nav.expand') });
    this.openDrawer = page.getByRole('button', { name: t(lang, 'shell:nav.openDrawer') });
    this.drawer = page.getByRole('dialog', { name: t(lang, 'shell:nav.label') });
    this.closeDrawer = this.drawer.getByRole('button', { name: t(lang, 'shell:nav.closeDrawer') });
    this.language = page.getByTestId('language-switch');
  }

  /** The shell is up: the sidebar on wide screens, the drawer's menu button on narrow ones. */
  async expectShown(): Promise<void> {
    await expect(this.nav.or(this.openDrawer).first()).toBeVisible();
    await expect(this.main).toBeVisible();
  }

  /** The sidebar's rendered width in px (-1 while it is not laid out). */
  async navWidth(): Promise<number> {
    return (await this.nav.boundingBox())?.width ?? -1;
  }

  /** A menu entry by its `shell:nav.*` key, in the sidebar or (given) the open drawer. */
  menuLink(key: string, menu: Locator = this.nav): Locator {
    return menu.getByRole('link', { name: t(this.lang, `shell:nav.${key}`) });
  }

  /** Opens a menu group (e.g. `reports`) and follows one of its entries (e.g. `txCard`). */
  async openFromMenu(group: string, entry: string, menu: Locator = this.nav): Promise<void> {
    // The menu is rebuilt when the profile arrives (owner-only and F&B entries); wait for it whole.
    await expect(this.page.locator('nav[aria-busy="true"]')).toHaveCount(0);
    await menu.getByRole('button', { name: t(this.lang, `shell:nav.${group}`), exact: true }).click();
    await menu.getByRole('link', { name: t(this.lang, `shell:nav.${entry}`), exact: true }).click();
  }
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
    // A CI run once clicked the item and the language never changed (html stayed "vi" for 7 s): the
    // menu had been opened while the list above it was still redrawing after a search. The choice is
    // proved by what the portal stores on the click (the `language` key), so a click the page did not
    // take is made again, as a person would; a slow text download is then waited for below.
    const item = page.getByRole('menuitem', { name: to === 'en' ? /\(ENG\)/ : /\(VIE\)/ });
    await expect(async () => {
      if (!(await item.isVisible())) await control.click();
      await item.click({ timeout: 2_000 });
      expect(await page.evaluate(() => window.localStorage.getItem('language')), 'the language the click stored').toBe(to);
    }).toPass({ timeout: 10_000 });
  }
  await expect(page.locator('html'), `<html lang> after choosing ${to} (stored: ${to})`).toHaveAttribute('lang', to);
  // A person looks at the page once the menu has faded; a scan made during the fade saw the menu.
  await expect(page.getByRole('menu'), 'the language menu, closed after the choice').toHaveCount(0);
}

/** The consent banner sits over the bottom of dialogs; a person answers it first too. */
export async function acceptCookies(page: Page, lang: Lang = 'vi'): Promise<void> {
  const accept = page.getByRole('button', { name: t(lang, 'shell:cookie.accept') });
  if (await accept.isVisible()) await accept.click();
}

/** The not-found screen, signed in (back to the dashboard) or not (to sign in). */
export class NotFoundPage {
  readonly heading: Locator;
  readonly home: Locator;
  readonly login: Locator;

  constructor(page: Page, lang: Lang = 'vi') {
    this.heading = page.getByRole('heading', { name: t(lang, 'shell:notFound.title') });
    this.home = page
      .getByRole('link', { name: t(lang, 'shell:notFound.home') })
      .or(page.getByRole('button', { name: t(lang, 'shell:notFound.home') }));
    this.login = page.getByRole('link', { name: t(lang, 'shell:notFound.login') });
  }
}

/**
 * Closes every toast by its own close button and waits until none is left. Screens are checked by axe
 * without a toast over them (a toast over page content makes axe report what it covers). Closing
 * rather than waiting out the 5 s of core §8 saves those seconds at each of the many call sites; the
 * closing by itself is checked where a toast is the subject (e2e/stores/stores.spec.ts waits for it).
 * A toast that arrives after the click closes by itself within the wait. The pointer goes to the top
 * bar's corner first: a toast under the pointer stays open (Mantine pauses it, D225).
 */
export async function toastsGone(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  const toasts = page.locator('.mantine-Notification-root');
  // A DOM click: a toast already sliding out is not "stable" for Playwright's click and would be waited on.
  await toasts.locator('.mantine-Notification-closeButton').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
}
