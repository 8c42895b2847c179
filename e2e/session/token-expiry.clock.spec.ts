import { resetSandboxClockAroundTests } from '../support/clock';
import { test, expect } from '../support/fixtures';
import { DEMO, P } from '../support/env';
import { LoginPage, signIn } from '../support/sign-in';
import { watchRefreshes, watchRefreshesOfNextDocument } from '../pages/session';
import { Shell } from '../support/shell';

// Issue "Foundation": the 15-minute access token running out on the sandbox clock (core §4, §9).
// The `clock` project runs these one at a time after every other test (playwright.config.ts), so
// moving the shared clock disturbs nobody.

resetSandboxClockAroundTests();

test.describe('Foundation: clock', () => {
  test('core §4 session: requests in flight when the access token expires cause exactly one refresh', async ({
    page,
    sandbox,
  }, testInfo) => {
    await signIn(page, DEMO.phoco);
    const shell = new Shell(page);

    const refreshCalls = watchRefreshes(page);
    const expired: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 401 && new URL(res.url()).pathname.startsWith('/api/')) expired.push(res.url());
    });

    // Past the 15-minute access token on the server's clock; the browser's clock has not moved, so
    // the client learns of the expiry from the 401 TOKEN_EXPIRED answers (decision D5). The page is
    // left first: a call of the old page meeting the expiry would start its own refresh just before
    // the reload cut it off, and be counted as a second one.
    await page.goto('about:blank');
    await sandbox.advanceClock(16 * 60);
    await page.goto(P('/dashboard'));
    await expect(shell.nav).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    // Let any straggler requests finish before counting.
    await page.waitForLoadState('networkidle');

    // Today the shell makes one authenticated call on load (GET /user/info); once areas that load
    // several things at once exist, the same reload puts them all in flight. The http layer's unit
    // test covers 20 concurrent requests → one refresh.
    testInfo.annotations.push({
      type: 'requests that met the expired token',
      description: `${expired.length}: ${expired.map((u) => new URL(u).pathname).join(', ')}`,
    });
    expect(expired.length, `401 answers met: ${expired.join(', ')}`).toBeGreaterThanOrEqual(1);
    expect(refreshCalls, 'POST /api/portal/user/refresh-token calls').toHaveLength(1);

    // The refreshed session keeps working for the next navigation.
    await shell.menuLink('overview').click();
    await expect(shell.nav).toBeVisible();
    expect(refreshCalls).toHaveLength(1);
  });

  test('core §4 session (D6): two tabs that meet the expired token at once both stay signed in', async ({ context, sandbox }) => {
    const first = await context.newPage();
    const login = await LoginPage.open(first);
    await login.remember.check();
    await login.submitAs(DEMO.colan.username, DEMO.colan.password);
    await expect(first).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    const second = await context.newPage();
    await second.goto(P('/dashboard'));
    await expect(new Shell(second).nav).toBeVisible();

    // Moving the clock also ends the old documents' sockets (their handshake token expired), and
    // those documents may renew before the reload replaces them; on a loaded machine they often do.
    // What D6 promises is about the reloaded documents, so only their refreshes are counted.
    const all = watchRefreshes(context);
    const reloaded = [first, second].map((tab) => watchRefreshesOfNextDocument(tab));
    await sandbox.advanceClock(16 * 60);
    await Promise.all([first.reload(), second.reload()]);
    for (const tab of [first, second]) {
      await expect(tab).toHaveURL(new RegExp(`${P('/dashboard')}$`));
      await expect(new Shell(tab).nav).toBeVisible();
    }
    // One per reloaded tab at most (each tab has its own http layer; rotation grace answers both, D6).
    expect(all.length).toBeGreaterThanOrEqual(1);
    for (const calls of reloaded) expect(calls.length).toBeLessThanOrEqual(1);
  });
});
