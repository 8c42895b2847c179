import { test, expect } from '../support/fixtures';
import { DEMO, P } from '../support/env';
import { t } from '../support/i18n';
import { expectOnLogin, LoginPage, signIn } from '../support/sign-in';
import { withFeatures } from '../support/config';
import { NotFoundPage, Shell, switchLanguage } from '../support/shell';

// Issue "Foundation": the shell (core §2 Shell, §9 sidebar 250 / 112, breakpoints) and routes.

test.describe('Foundation: shell', () => {
  test('core §2 top bar: the language switch (VIE → ENG) changes html lang and survives a reload', async ({ page }) => {
    await signIn(page, DEMO.phoco);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await switchLanguage(page, 'en');
    await expect(new Shell(page, 'en').nav).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(new Shell(page, 'en').nav).toBeVisible();

    await switchLanguage(page, 'vi');
    await expect(new Shell(page, 'vi').nav).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  });

  test('core §9 language: the sign-in page switches too and keeps the choice (local storage "language")', async ({ page }) => {
    await page.goto(P('/login'));
    await switchLanguage(page, 'en');
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(new LoginPage(page, 'en').submit).toBeVisible();
  });

  test('core §2 sidebar: collapses from 250 px to 112 px and the state is kept', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, DEMO.phoco);
    const s = new Shell(page);
    const width = () => s.navWidth();
    await expect.poll(width).toBe(250);
    await s.collapse.click();
    await expect.poll(width).toBe(112);
    await expect(s.expand).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('sidebar_collapsed'))).toBeTruthy();
    await page.reload();
    await expect(s.nav).toBeVisible();
    await expect.poll(width).toBe(112);
    await s.expand.click();
    await expect.poll(width).toBe(250);
  });

  test('core §9 mobile breakpoint: at 375 px no page scrolls sideways; wide tables scroll inside themselves', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, DEMO.phoco);
    for (const path of ['/dashboard', '/tx-card', '/bank', '/payment', '/edc']) {
      await page.goto(P(path));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });

  test('core §2 sidebar: at 375 px the menu is a drawer that opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, DEMO.phoco);
    const s = new Shell(page);
    await expect(s.openDrawer).toBeVisible();
    await s.openDrawer.click();
    const drawer = s.drawer;
    await expect(drawer).toBeVisible();
    await expect(s.menuLink('overview', drawer)).toBeVisible();
    // A drawer entry navigates and closes the drawer.
    await s.openFromMenu('reports', 'txCard', drawer);
    await expect(page).toHaveURL(new RegExp(`${P('/tx-card')}$`));
    await expect(drawer).toBeHidden();
    // And it closes on its own close button.
    await s.openDrawer.click();
    await expect(drawer).toBeVisible();
    await s.closeDrawer.click();
    await expect(drawer).toBeHidden();
  });

  test('core §2 routes: an unknown path shows the not-found screen', async ({ page }) => {
    await signIn(page, DEMO.phoco);
    await page.goto(P('/no-such-page'));
    const notFound = new NotFoundPage(page);
    await expect(notFound.heading).toBeVisible();
    await notFound.home.click();
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
  });

  test('core §2 routes: an unknown path shows the not-found screen without a session too', async ({ page }) => {
    await page.goto(P('/no-such-page'));
    const notFound = new NotFoundPage(page);
    await expect(notFound.heading).toBeVisible();
    await notFound.login.click();
    await expectOnLogin(page);
  });

  test("core §2 routes: '/' goes to /dashboard, and without a session on to /login", async ({ page }) => {
    await page.goto(P('/'));
    await expectOnLogin(page);
    await signIn(page, DEMO.phoco);
    await page.goto(P('/'));
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
  });

  test('core §2 sidebar: the card report opens inside the shell', async ({ page }) => {
    await signIn(page, DEMO.phoco);
    await new Shell(page).openFromMenu('reports', 'txCard');
    await expect(page).toHaveURL(new RegExp(`${P('/tx-card')}$`));
    await expect(page.getByRole('heading', { level: 1, name: t('vi', 'reports:title.card') })).toBeVisible();
  });

  test('core §2 sidebar, doc 2 §6: the e-invoice flag off hides the section and its addresses are not found', async ({ page }) => {
    await withFeatures(page, { einvoice: false });
    await signIn(page, DEMO.phoco);
    await page.goto(P('/e-invoice'));
    await expect(new NotFoundPage(page).heading).toBeVisible();
    await expect(new Shell(page).nav.getByText(t('vi', 'shell:nav.einvoice'))).toHaveCount(0);
  });
});
