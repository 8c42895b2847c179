import { expect, test } from '../support/fixtures';
import { DEMO, P } from '../support/env';
import { Shell } from '../support/shell';
import { signIn } from '../support/sign-in';
import { unstyledMantineParts } from '../support/styles';

// Each page brings the Mantine CSS of the components it draws (src/app/styles.ts: only the sign-in
// page's set and the shell's are always loaded). A page that forgot one looks right when another page
// loaded that CSS first, and bare when it is the first page opened (a bookmark, a reload): so every
// page is opened here by its address, as the first page of the tab. Every axe check of the other tests
// makes the same check on the state it reaches (e2e/support/axe.ts).

/** Pages not in the owner's menu (sub-pages, and pages reached from another one). */
const BEYOND_MENU = ['/store/add', '/staff/add', '/bank/add', '/payment/add', '/e-order', '/e-inv-template', '/e-inv-declaration'];

test.describe('Foundation: every page has its component styles when opened first', () => {
  test('core §2 routes: each menu page and sub-page, opened by its address, draws no Mantine part without its CSS', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.phoco);
    const shell = new Shell(page);
    // The menu first shows the entries every user has; the owner's entries join once the profile
    // arrives, so the list is read only when it has them.
    const base = P('/');
    const menuLinks = async () =>
      (await shell.nav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')))
        .filter((href) => href.startsWith(base))
        .map((href) => `/${href.slice(base.length)}`);
    await expect.poll(async () => (await menuLinks()).length, { message: 'the owner menu lists the portal pages' }).toBeGreaterThan(15);
    const menu = await menuLinks();

    const bare: Record<string, string[]> = {};
    for (const path of [...menu, ...BEYOND_MENU]) {
      await page.goto(P(path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
      // Parts drawn once the page's data arrives come from the same chunk, so they share its CSS; the
      // wait lets those parts appear too.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const parts = await unstyledMantineParts(page);
      if (parts.length > 0) bare[path] = parts;
    }
    expect(bare).toEqual({});
  });
});
