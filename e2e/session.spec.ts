import { test, expect } from './support/fixtures';
import { DEMO } from './support/env';
import { expectOnLogin, loginScreen, shell, signIn, storedSession } from './support/portal';

// Issue "Foundation": idle time-out on window focus (core §4 session, §9 idle 30 minutes).
// Only the browser's time moves (page.clock); the sandbox clock is untouched, so this runs in parallel.

test.describe('Foundation: idle time-out', () => {
  test('core §4 session: on window focus after 31 idle minutes the user goes to /login', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.phoco);

    await page.clock.fastForward('31:00');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    await expectOnLogin(page);
    await expect(loginScreen(page).idleNotice).toBeVisible();
    await expect.poll(() => storedSession(page)).toEqual({ local: null, session: null });
  });

  test('core §4 session: on window focus after 29 idle minutes the user stays signed in', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.phoco);

    await page.clock.fastForward('29:00');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    // Give the focus handler time to act before asserting that nothing happened.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expect(shell(page).nav).toBeVisible();
  });
});
