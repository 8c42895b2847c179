import type { Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LoginPage } from '../support/sign-in';

/**
 * What /login downloads before it can be used (D84): one language's texts, no toast
 * container until a toast is raised, and the sign-in page's chunks fetched while config.json is still
 * on its way rather than after it.
 */
test.describe('issue 10 §8: the first load of /login', () => {
  test('fetches one language, no toast container, and the page beside the configuration', async ({ page }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    let configFinished = Number.POSITIVE_INFINITY;
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.endsWith('/config.json')) configFinished = Math.min(configFinished, Date.now());
    });
    const started = new Map<Request, number>();
    page.on('request', (request) => started.set(request, Date.now()));
    // The configuration answers late, so a page chunk that waited for it would start after it.
    await page.route('**/portal/config.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });

    const screen = await LoginPage.open(page);
    await expect(screen.username).toBeVisible();

    const files = requests.map((r) => new URL(r.url()).pathname);
    expect(
      files.filter((f) => /\/texts-vi-/.test(f)),
      'the Vietnamese first-screen texts',
    ).toHaveLength(1);
    expect(
      files.filter((f) => /\/texts-en-/.test(f)),
      'no English texts for a Vietnamese page',
    ).toEqual([]);
    expect(
      files.filter((f) => /\/Toasts-/.test(f)),
      'no toast container before a toast',
    ).toEqual([]);

    const loginChunk = requests.find((r) => /\/LoginRoute-[^/]+\.js$/.test(new URL(r.url()).pathname));
    expect(loginChunk, 'the sign-in page chunk').toBeDefined();
    expect(started.get(loginChunk!)!, 'the sign-in chunk starts before config.json has arrived').toBeLessThan(configFinished);
  });

  test('starts fetching the signed-in shell in the background once the form is drawn, not before (D361)', async ({ page }) => {
    const order: string[] = [];
    page.on('request', (request) => order.push(`request ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => order.push(`finished ${new URL(request.url()).pathname}`));

    const screen = await LoginPage.open(page);
    await expect(screen.username).toBeVisible();
    const shellRequested = () => order.findIndex((e) => /^request .*\/ShellFrame-[^/]+\.js$/.test(e));
    await expect.poll(shellRequested, { message: "the shell frame's chunk is fetched while the form shows" }).toBeGreaterThan(-1);
    const loginLoaded = order.findIndex((e) => /^finished .*\/LoginRoute-[^/]+\.js$/.test(e));
    expect(loginLoaded, 'the sign-in page chunk arrived').toBeGreaterThan(-1);
    expect(shellRequested(), 'the shell waits for the sign-in page, never competes with it').toBeGreaterThan(loginLoaded);
    await expect(screen.username).toBeEditable();
  });
});
