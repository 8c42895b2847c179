import { test, expect } from '../support/fixtures';
import { DEMO, P } from '../support/env';
import { storedSession } from '../support/storage';
import { expectOnLogin, LoginPage, signIn } from '../support/sign-in';
import { afterPendingRequests } from '../support/settle';
import { returnAfterIdle } from '../pages/session';
import { Shell } from '../support/shell';

// Issue "Foundation": idle time-out on window focus (core §4 session, §9 idle 30 minutes).
// Only the browser's time moves (page.clock); the sandbox clock is untouched, so this runs in parallel.

test.describe('Foundation: idle time-out', () => {
  test('core §4 session: on window focus after 31 idle minutes the user goes to /login', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.phoco);

    await returnAfterIdle(page, '31:00');

    await expectOnLogin(page);
    await expect(new LoginPage(page).idleNotice).toBeVisible();
    await expect.poll(() => storedSession(page)).toEqual({ local: null, session: null });
  });

  test('core §4 session: on window focus after 29 idle minutes the user stays signed in', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.phoco);

    const logouts: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/portal/user/logout')) logouts.push(req.url());
    });
    await returnAfterIdle(page, '29:00');

    // The idle check runs on the focus event and, past the limit, sends the logout call at once
    // (session machine: signingOut); once a later request of the page is answered, none was sent.
    await afterPendingRequests(page);
    expect(logouts, 'no logout call after 29 idle minutes').toEqual([]);
    await expect(page).toHaveURL(/\/portal\/dashboard$/);
    await expect(new Shell(page).nav).toBeVisible();
  });
});

test.describe('Foundation: tabs share one remembered session', () => {
  test('core §4 session: a sign-out in one tab ends the session in the others', async ({ context }) => {
    const first = await context.newPage();
    const login = await LoginPage.open(first);
    await login.remember.check();
    await login.submitAs(DEMO.phoco.username, DEMO.phoco.password);
    await expect(new Shell(first).nav).toBeVisible();

    const second = await context.newPage();
    await second.goto(P('/dashboard'));
    await expect(new Shell(second).nav).toBeVisible();

    await new Shell(first).logout.click();
    await expectOnLogin(first);
    // The other tab learns of it through local storage, without a reload or a request of its own.
    await expectOnLogin(second);
    await expect.poll(() => storedSession(second)).toEqual({ local: null, session: null });
  });
});
