import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { acceptCookies, Shell } from '../support/shell';
import { LOOKS, inEachLook, lookName, openInLook } from '../support/looks';
import { pretendOwner, signIn } from '../support/sign-in';

// Roles (core §6, D87, D88): phoco.staff, a staff-type user (role Staff), against the owner's
// controls. Nothing here changes data: every change a staff-type user attempts is refused.

/** The /bank list as the shell sees it (the bank area's page object is the bank area's own). */
async function openBank(page: Page, creds: { username: string; password: string }) {
  await signIn(page, creds);
  await acceptCookies(page, 'vi');
  await page.goto(P('/bank'));
  await expect(page.getByRole('heading', { level: 1, name: t('vi', 'bank:list.title') })).toBeVisible({ timeout: 15_000 });
  const table = page.getByRole('table', { name: t('vi', 'bank:list.tableLabel') });
  await expect(table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  const rows = table.getByTestId('data-row');
  return {
    rows,
    addButton: page.getByRole('button', { name: t('vi', 'bank:list.add'), exact: true }),
    deleteIn: (row: Locator) => row.getByRole('button', { name: new RegExp(`^${t('vi', 'bank:list.delete')}`) }),
    deleteConfirm: page
      .getByRole('dialog', { name: t('vi', 'bank:delete.title') })
      .getByRole('button', { name: t('vi', 'bank:delete.confirm'), exact: true }),
    accountNo: page.getByRole('textbox', { name: new RegExp(`^${t('vi', 'bank:add.accountNo')}`) }),
  };
}

/** The bearer the portal keeps after sign-in (local storage with remember-me, session storage otherwise). */
const accessToken = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('access_token') ?? window.sessionStorage.getItem('access_token'));

test.describe('Issue 11: owner and staff-type users (D87)', () => {
  test('core §6: a staff-type user’s menu has no staff or store entry; their addresses say they are the owner’s', async ({
    page,
  }, testInfo) => {
    await signIn(page, DEMO.staff);
    await acceptCookies(page, 'vi');
    const shell = new Shell(page);
    await shell.nav.getByRole('button', { name: t('vi', 'shell:nav.businessInfo.business') }).click();
    await expect(shell.menuLink('profile.business')).toBeVisible();
    await expect(shell.menuLink('staff')).toHaveCount(0);
    await expect(shell.menuLink('store')).toHaveCount(0);
    for (const path of ['/staff', '/store']) {
      await page.goto(P(path));
      await expect(page.getByTestId('owner-only-note')).toContainText(t('vi', 'common:ownerOnly.page'));
    }
    await expectNoAxeViolations(page, 'owner-only page', testInfo);
  });

  test('the owner’s menu keeps them', async ({ page }) => {
    await signIn(page, DEMO.phoco);
    const shell = new Shell(page);
    await shell.nav.getByRole('button', { name: t('vi', 'shell:nav.businessInfo.business') }).click();
    await expect(shell.menuLink('staff')).toBeVisible();
    await expect(shell.menuLink('store')).toBeVisible();
  });

  test('D87: the bank page has no add or delete for staff and says why; a forced call is refused with PERMISSION_DENY', async ({
    page,
  }, testInfo) => {
    const bank = await openBank(page, DEMO.staff);
    await expect(bank.rows.first()).toBeVisible();
    await expect(page.getByTestId('owner-only-note')).toContainText(t('vi', 'common:ownerOnly.body'));
    await expect(bank.addButton).toHaveCount(0);
    await expect(bank.deleteIn(bank.rows.first())).toHaveCount(0);
    await expectNoAxeViolations(page, 'bank list as staff', testInfo);

    await page.goto(P('/bank/add'));
    await expect(page.getByTestId('owner-only-note')).toBeVisible();
    await expect(bank.accountNo).toHaveCount(0);

    // What the portal does not offer, the service refuses anyway (the bearer from the portal's storage).
    const token = await accessToken(page);
    expect(token).toBeTruthy();
    const headers = { Authorization: `Bearer ${token}` };
    const list = await page.request.get('/api/portal/bank/account?page=1&page_size=10', { headers });
    expect(list.status()).toBe(200);
    const [first] = ((await list.json()) as { data: Array<{ id: number }> }).data;
    const refused = await page.request.delete(`/api/portal/bank/account?id=${first!.id}`, { headers });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error_code: string }).error_code).toBe('PERMISSION_DENY');
    const after = await page.request.get('/api/portal/bank/account?page=1&page_size=10', { headers });
    expect(((await after.json()) as { data: Array<{ id: number }> }).data.map((r) => r.id)).toContain(first!.id);
  });

  test('core §8: a PERMISSION_DENY that arrives anyway is shown with the catalogue’s message', async ({ page }) => {
    // A profile that says owner (a role changed since sign-in, a stale tab): the controls show, the service still refuses.
    await pretendOwner(page);
    const bank = await openBank(page, DEMO.staff);
    await expect(page.getByTestId('owner-only-note')).toHaveCount(0);
    await bank.deleteIn(bank.rows.first()).click();
    await bank.deleteConfirm.click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: t('vi', 'errors:PERMISSION_DENY') })
        .first(),
    ).toBeVisible();
    await expect(bank.rows.first()).toBeVisible();
  });

  test('core §1, WCAG 2.2 AA: what a staff-type user sees (the owner-only note, the read-only bank list, feedback, the business profile) is axe clean in vi and en, at desktop and 375 px', async ({
    page,
  }, testInfo) => {
    test.slow();
    await inEachLook(page, DEMO.staff, LOOKS, '/store', async (look) => {
      await expect(page.getByTestId('owner-only-note')).toContainText(t(look.lang, 'common:ownerOnly.page'));
      await expectNoAxeViolations(page, `owner-only page as staff (${lookName(look)})`, testInfo);
      await openInLook(page, '/bank', look);
      const bank = page.getByRole('table', { name: t(look.lang, 'bank:list.tableLabel') });
      await expect(bank.getByTestId('data-row').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('owner-only-note')).toContainText(t(look.lang, 'common:ownerOnly.body'));
      await expectNoAxeViolations(page, `bank list as staff (${lookName(look)})`, testInfo);
      await openInLook(page, '/feedback/edc', look);
      await expect(page.getByRole('heading', { level: 1, name: t(look.lang, 'feedback:title') })).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page, `feedback as staff (${lookName(look)})`, testInfo);
      await openInLook(page, '/profile', look);
      await expect(page.getByRole('heading', { level: 1, name: t(look.lang, 'profile:title.business') })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-field] dd').first()).toBeVisible();
      await expectNoAxeViolations(page, `business profile as staff (${lookName(look)})`, testInfo);
    });
  });
});
