import type { Page } from '@playwright/test';
import { deviceIds, POS, SOUNDBOX } from '../../sandbox/db/seed-edc';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { signIn, switchLanguage } from '../support/portal';

// Issue 4, card machines (core §2 /edc, §3 EDC machine, §4 Soundbox activation and POS connection,
// §7 calls, §8 LINK_EDC_VA_FAIL and toasts, §9 POS hotline). Each test works in a throwaway copy of
// phoco, whose seed has a POS per connection state and a Soundbox per activation case.

async function openEdc(page: Page, lang: Lang = 'vi') {
  await page.goto(P('/edc'));
  // The consent banner sits over the bottom of dialogs; a person answers it first too.
  const accept = page.getByRole('button', { name: t(lang, 'shell:cookie.accept') });
  if (await accept.isVisible()) await accept.click();
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'edc:title') })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('edc-table').getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
}

/** Opens a machine's detail from its row; answers the dialog. */
async function openDetail(page: Page, serial: string, lang: Lang = 'vi') {
  await page.getByRole('button', { name: t(lang, 'edc:openDetail', { serial }) }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(serial) });
  await expect(dialog).toBeVisible();
  return dialog;
}


async function posHotline(page: Page): Promise<string> {
  const res = await page.request.get(P('/config.json'));
  return ((await res.json()) as { hotlines: { pos: string } }).hotlines.pos;
}

test.describe('Issue 4: card machines (/edc)', () => {
  test('core §2, §3: the list shows type, serial, store, ShopQR and connection; the detail its TID/MID pairs', async ({ page, sandbox }, testInfo) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    await openEdc(page);
    const table = page.getByRole('table', { name: t('vi', 'edc:tableLabel') });
    await expect(table.getByTestId('data-row')).toHaveCount(6);
    const pos1 = deviceIds(m.merchant_id, POS, 1).serial_number;
    const row = table.getByTestId('data-row').filter({ hasText: pos1 });
    await expect(row).toContainText('POS');
    await expect(row).toContainText('Phố Cổ - Hàng Bạc');
    await expect(row).toContainText(t('vi', 'edc:state.ONLINE'));
    await expect(row).toContainText(/\d{18}/);
    await expect(table.getByTestId('data-row').filter({ hasText: deviceIds(m.merchant_id, POS, 2).serial_number })).toContainText(t('vi', 'edc:notIntegrated'));
    await expectNoAxeViolations(page, 'edc list', testInfo);

    // The type filter asks the server for Soundboxes only.
    const filter = page.getByTestId('edc-type-filter');
    await filter.getByText(t('vi', 'edc:filter.soundbox'), { exact: true }).click();
    await expect(table.getByTestId('data-row')).toHaveCount(3);
    await expect(table.getByTestId('data-row').first()).toContainText('Soundbox');
    await filter.getByText(t('vi', 'edc:filter.all'), { exact: true }).click();
    await expect(table.getByTestId('data-row')).toHaveCount(6);

    const dialog = await openDetail(page, pos1);
    const pairs = dialog.getByRole('table', { name: t('vi', 'edc:detail.pairsLabel', { serial: pos1 }) });
    await expect(pairs.getByRole('row')).toHaveCount(3); // header + two acquiring banks
    await expect(pairs.getByRole('cell').first()).toHaveText(/^\d{8}$/);
    await expect(dialog.getByRole('heading', { name: t('vi', 'edc:activation.title') })).toHaveCount(0); // POS: no activation
    await expectNoAxeViolations(page, 'edc detail', testInfo);
  });

  test('core §7 map-edc-to-va, §8: another store’s ShopQR is refused (choose another), the store’s own integrates', async ({ page, sandbox }, testInfo) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    await openEdc(page);
    const serial = deviceIds(m.merchant_id, POS, 2).serial_number; // store 2 (Tràng Tiền), not integrated
    const dialog = await openDetail(page, serial);
    await expect(dialog.getByTestId('integrated-va')).toHaveText(t('vi', 'edc:integrate.none'));
    await dialog.getByRole('button', { name: t('vi', 'edc:integrate.start') }).click();
    const select = dialog.getByLabel(t('vi', 'edc:integrate.select'), { exact: true });
    await expect(select).toBeEnabled();
    await expectNoAxeViolations(page, 'edc integrate chooser', testInfo);

    const optionValue = async (store: string) => {
      const option = select.locator('option', { hasText: store });
      await expect(option).toHaveCount(1);
      return (await option.getAttribute('value'))!;
    };
    const wrong = await optionValue('Hàng Bạc');
    const right = await optionValue('Tràng Tiền');

    await select.selectOption(wrong);
    await dialog.getByRole('button', { name: t('vi', 'edc:integrate.submit'), exact: true }).click();
    await expect(dialog.getByText(t('vi', 'edc:integrate.chooseAnother'))).toBeVisible();
    await expect(page.getByText(t('vi', 'edc:integrate.failedTitle'))).toBeVisible();
    // The refused ShopQR is marked and cannot be chosen again.
    await expect(select.locator(`option[value="${wrong}"]`)).toBeDisabled();

    await select.selectOption(right);
    await dialog.getByRole('button', { name: t('vi', 'edc:integrate.submit'), exact: true }).click();
    await expect(page.getByText(t('vi', 'edc:integrate.successTitle'))).toBeVisible();
    await expect(dialog.getByTestId('integrated-va')).toHaveText(t('vi', 'edc:integrate.current', { va: right }));
    // The list was reloaded: the row names the ShopQR now.
    await dialog.getByRole('button', { name: t('vi', 'edc:detail.close') }).first().click();
    await expect(page.getByTestId('data-row').filter({ hasText: serial })).toContainText(right);
  });

  test('core §4: the selected, provisioned Soundbox is activated after a confirmation', async ({ page, sandbox }, testInfo) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    await openEdc(page);
    const serial = deviceIds(m.merchant_id, SOUNDBOX, 1).serial_number;
    const dialog = await openDetail(page, serial);
    await dialog.getByRole('button', { name: t('vi', 'edc:activation.activate') }).click();
    const confirm = dialog.getByRole('group', { name: t('vi', 'edc:activation.confirmTitle', { serial }) });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, 'edc activation confirm', testInfo);
    await confirm.getByRole('button', { name: t('vi', 'edc:activation.confirm'), exact: true }).click();
    await expect(page.getByText(t('vi', 'edc:activation.successTitle'))).toBeVisible();
    await expect(dialog.getByTestId('activated')).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('vi', 'edc:activation.activate') })).toHaveCount(0);

    // Reopened after the reload, the machine is still activated (the server kept it).
    await dialog.getByRole('button', { name: t('vi', 'edc:detail.close') }).first().click();
    await expect((await openDetail(page, serial)).getByTestId('activated')).toBeVisible();
  });

  test('core §4, §9: a Soundbox the bank has not provisioned, or not selected, says contact the bank with the POS hotline', async ({ page, sandbox }, testInfo) => {
    const m = await sandbox.createMerchant();
    const hotline = await posHotline(page);
    await signIn(page, m);
    await openEdc(page);
    for (const n of [2, 3]) {
      const serial = deviceIds(m.merchant_id, SOUNDBOX, n).serial_number;
      const dialog = await openDetail(page, serial);
      const notice = dialog.getByTestId('contact-bank');
      await expect(notice).toContainText(t('vi', 'edc:activation.contactBank', { hotline }));
      await expect(notice.getByRole('link', { name: t('vi', 'edc:hotlineLink', { hotline }) })).toHaveAttribute('href', `tel:${hotline.replace(/\s/g, '')}`);
      await expect(dialog.getByRole('button', { name: t('vi', 'edc:activation.activate') })).toHaveCount(0);
      if (n === 2) await expectNoAxeViolations(page, 'edc contact the bank', testInfo);
      await dialog.getByRole('button', { name: t('vi', 'edc:detail.close') }).first().click();
    }
  });

  test('core §4 POS connection: ONLINE, then after terminal-status OFFLINE a new check says OFFLINE and what to do', async ({ page, sandbox }) => {
    const m = await sandbox.createMerchant();
    const hotline = await posHotline(page);
    await signIn(page, m);
    await openEdc(page);
    const serial = deviceIds(m.merchant_id, POS, 1).serial_number;
    const dialog = await openDetail(page, serial);
    const result = dialog.getByTestId('connection-result');
    await dialog.getByRole('button', { name: t('vi', 'edc:connection.check'), exact: true }).click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.ONLINE'));

    await sandbox.trigger('terminal-status', { serial, status: 'OFFLINE' });
    await dialog.getByRole('button', { name: t('vi', 'edc:connection.checkAgain'), exact: true }).click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.OFFLINE', { hotline }));
    // The list caught up with the new state (the detail stayed open over the reload).
    await expect(dialog.getByTestId('known-status')).toHaveText(new RegExp(`${t('vi', 'edc:state.OFFLINE')}$`));

    await sandbox.trigger('terminal-status', { serial, status: 'NOT_CONNECTED' });
    await dialog.getByRole('button', { name: t('vi', 'edc:connection.checkAgain'), exact: true }).click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.NOT_CONNECTED', { hotline }));
  });

  test('a failed connection check says what happened, and its retry asks again', async ({ page, sandbox }) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    await openEdc(page);
    const serial = deviceIds(m.merchant_id, POS, 1).serial_number;
    const dialog = await openDetail(page, serial);
    // The network drops the first check only.
    let dropped = 0;
    await page.route('**/api/portal/pos/check-status**', async (route) => {
      if (dropped++ === 0) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await dialog.getByRole('button', { name: t('vi', 'edc:connection.check'), exact: true }).click();
    const result = dialog.getByTestId('connection-result');
    await expect(result).toContainText(t('vi', 'edc:connection.failed'));
    await expect(result).toContainText(t('vi', 'errors:NETWORK_ERROR'));
    await dialog.getByRole('button', { name: t('vi', 'edc:connection.retry'), exact: true }).click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.ONLINE'));
    expect(dropped).toBe(2);
  });

  test('in English: the list, the detail and a connection check', async ({ page, sandbox }) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    await switchLanguage(page, 'en');
    await openEdc(page, 'en');
    const serial = deviceIds(m.merchant_id, POS, 3).serial_number; // NOT_CONNECTED
    await expect(page.getByTestId('data-row').filter({ hasText: serial })).toContainText(t('en', 'edc:state.NOT_CONNECTED'));
    const dialog = await openDetail(page, serial, 'en');
    await dialog.getByRole('button', { name: t('en', 'edc:connection.check'), exact: true }).click();
    await expect(dialog.getByTestId('connection-result')).toHaveText(t('en', 'edc:connection.result.NOT_CONNECTED', { hotline: await posHotline(page) }));
  });
});
