import { expectNoAxeViolations } from '../support/axe';
import { test, expect } from '../support/fixtures';
import { DEMO, P } from '../support/env';
import { signIn } from '../support/sign-in';
import { NotFoundPage, Shell } from '../support/shell';

// Issue "Foundation": axe (WCAG 2.0/2.1/2.2 A and AA) finds nothing on the shell and its routes
// (the sign-in and password screens: e2e/auth/a11y.spec.ts).

test.describe('Foundation: accessibility (axe, WCAG 2.2 AA)', () => {
  test('core §2 routes: the not-found screen', async ({ page }, testInfo) => {
    await signIn(page, DEMO.phoco);
    await page.goto(P('/no-such-page'));
    await expect(new NotFoundPage(page).heading).toBeVisible();
    await expectNoAxeViolations(page, 'not-found', testInfo);
  });

  test('core §2 routes: the not-found screen without a session', async ({ page }, testInfo) => {
    await page.goto(P('/no-such-page'));
    await expect(new NotFoundPage(page).heading).toBeVisible();
    await expectNoAxeViolations(page, 'not-found-signed-out', testInfo);
  });

  test('core §2 shell: the dashboard in the shell with the sidebar open and collapsed', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, DEMO.phoco);
    await expectNoAxeViolations(page, 'shell-sidebar', testInfo);
    const shell = new Shell(page);
    await shell.collapse.click();
    await expect(shell.expand).toBeVisible();
    await expectNoAxeViolations(page, 'shell-collapsed', testInfo);
  });

  test('core §2 shell: the mobile drawer at 375 px', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, DEMO.phoco);
    await expectNoAxeViolations(page, 'shell-mobile', testInfo);
    const shell = new Shell(page);
    await shell.openDrawer.click();
    await expect(shell.drawer).toBeVisible();
    await expectNoAxeViolations(page, 'mobile-drawer', testInfo);
  });

  test('core §2 shell: the English shell', async ({ page }, testInfo) => {
    await signIn(page, DEMO.phoco, { lang: 'en' });
    await expectNoAxeViolations(page, 'shell-en', testInfo);
  });
});
