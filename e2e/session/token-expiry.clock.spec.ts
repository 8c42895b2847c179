import { resetSandboxClockAroundTests } from '../support/clock';
import { test, expect } from '../support/fixtures';
import { DEMO, P } from '../support/env';
import { t } from '../support/i18n';
import { gotoLogin, loginScreen, shell, signIn, submitLogin } from '../support/portal';

// Issue "Foundation": the 15-minute access token running out on the sandbox clock (core §4, §9).
// The `clock` project runs these one at a time after every other test (playwright.config.ts), so
// moving the shared clock disturbs nobody.

resetSandboxClockAroundTests();

test.describe('Foundation: clock', () => {
  test('core §4 session: requests in flight when the access token expires cause exactly one refresh', async ({ page, sandbox }, testInfo) => {
    await signIn(page, DEMO.phoco);

    const refreshCalls: string[] = [];
    const expired: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/portal/user/refresh-token') {
        refreshCalls.push(req.url());
      }
    });
    page.on('response', (res) => {
      if (res.status() === 401 && new URL(res.url()).pathname.startsWith('/api/')) expired.push(res.url());
    });

    // Past the 15-minute access token on the server's clock; the browser's clock has not moved, so
    // the client learns of the expiry from the 401 TOKEN_EXPIRED answers (decision D5).
    await sandbox.advanceClock(16 * 60);
    await page.reload();
    await expect(shell(page).nav).toBeVisible();
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
    await shell(page).nav.getByRole('link', { name: t('vi', 'shell:nav.overview') }).click();
    await expect(shell(page).nav).toBeVisible();
    expect(refreshCalls).toHaveLength(1);
  });

  test('core §4 session (D6): two tabs that meet the expired token at once both stay signed in', async ({ context, sandbox }) => {
    const first = await context.newPage();
    await gotoLogin(first);
    await loginScreen(first).remember.check();
    await submitLogin(first, DEMO.colan.username, DEMO.colan.password);
    await expect(first).toHaveURL(new RegExp(`${P('/dashboard')}$`));
    const second = await context.newPage();
    await second.goto(P('/dashboard'));
    await expect(shell(second).nav).toBeVisible();

    let refreshes = 0;
    context.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/portal/user/refresh-token') refreshes += 1;
    });
    await sandbox.advanceClock(16 * 60);
    await Promise.all([first.reload(), second.reload()]);
    for (const tab of [first, second]) {
      await expect(tab).toHaveURL(new RegExp(`${P('/dashboard')}$`));
      await expect(shell(tab).nav).toBeVisible();
    }
    // One per tab at most (each tab has its own http layer; rotation grace answers both, D6).
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(refreshes).toBeLessThanOrEqual(2);
  });
});
