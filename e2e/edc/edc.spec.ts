import { deviceIds, POS, SOUNDBOX } from '../../sandbox/areas/edc/seed';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { EdcPage, posHotline } from '../pages/edc';
import { switchLanguage } from '../support/shell';

// Card machines (core §2 /edc, §3 EDC machine, §4 Soundbox activation and POS connection,
// §7 calls, §8 LINK_EDC_VA_FAIL and toasts, §9 POS hotline). Each test works in a throwaway copy of
// phoco, whose seed has a POS per connection state and a Soundbox per activation case.

test.describe('Issue 4: card machines (/edc)', () => {
  test('core §2, §3: the list shows type, serial, store, ShopQR and connection; the detail its TID/MID pairs', async ({
    page,
    sandbox,
  }, testInfo) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    const edc = await EdcPage.open(page);
    await expect(edc.rows).toHaveCount(6);
    const pos1 = deviceIds(m.merchant_id, POS, 1).serial_number;
    const row = edc.rows.filter({ hasText: pos1 });
    await expect(row).toContainText('POS');
    await expect(row).toContainText('Phố Cổ - Hàng Bạc');
    await expect(row).toContainText(t('vi', 'edc:state.ONLINE'));
    await expect(row).toContainText(/\d{18}/);
    await expect(edc.rows.filter({ hasText: deviceIds(m.merchant_id, POS, 2).serial_number })).toContainText(t('vi', 'edc:notIntegrated'));
    await expectNoAxeViolations(page, 'edc list', testInfo);

    // The type filter asks the server for Soundboxes only.
    await edc.filter('soundbox').click();
    await expect(edc.rows).toHaveCount(3);
    await expect(edc.rows.first()).toContainText('Soundbox');
    await edc.filter('all').click();
    await expect(edc.rows).toHaveCount(6);

    const detail = await edc.openDetail(pos1);
    await expect(detail.pairs.getByRole('row')).toHaveCount(3); // header + two acquiring banks
    await expect(detail.pairs.getByRole('cell').first()).toHaveText(/^\d{8}$/);
    await expect(detail.activationHeading).toHaveCount(0); // POS: no activation
    await expectNoAxeViolations(page, 'edc detail', testInfo);
  });

  test('core §7 map-edc-to-va, §8: another store’s ShopQR is refused (choose another), the store’s own integrates', async ({
    page,
    sandbox,
  }, testInfo) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    const edc = await EdcPage.open(page);
    const serial = deviceIds(m.merchant_id, POS, 2).serial_number; // store 2 (Tràng Tiền), not integrated
    const detail = await edc.openDetail(serial);
    await expect(detail.integratedVa).toHaveText(t('vi', 'edc:integrate.none'));
    await detail.integrateStart.click();
    const select = detail.integrateSelect;
    await expect(select).toBeEnabled();
    await expectNoAxeViolations(page, 'edc integrate chooser', testInfo);

    // A searchable dropdown (core §9: at most 216 px high); each option names its ShopQR and store.
    const option = (store: string) => page.getByRole('option').filter({ hasText: store });
    const vaOf = async (store: string) => {
      await select.click();
      await expect(option(store)).toHaveCount(1);
      const va = /\d{18}/.exec(await option(store).innerText())![0];
      return va;
    };
    const wrong = await vaOf('Hàng Bạc');
    await option('Hàng Bạc').click();
    const right = await vaOf('Tràng Tiền');
    await select.press('Escape');

    await detail.integrateSubmit.click();
    await expect(detail.dialog.getByText(t('vi', 'edc:integrate.chooseAnother'))).toBeVisible();
    await expect(page.getByText(t('vi', 'edc:integrate.failedTitle'))).toBeVisible();
    // The refused ShopQR is marked and cannot be chosen again.
    await select.click();
    await expect(option(wrong)).toHaveAttribute('aria-disabled', 'true');

    await option('Tràng Tiền').click();
    await detail.integrateSubmit.click();
    await expect(page.getByText(t('vi', 'edc:integrate.successTitle'))).toBeVisible();
    await expect(detail.integratedVa).toHaveText(t('vi', 'edc:integrate.current', { va: right }));
    // The list was reloaded: the row names the ShopQR now.
    await detail.close.click();
    await expect(edc.rowOf(serial)).toContainText(right);
  });

  test('core §4: the selected, provisioned Soundbox is activated after a confirmation', async ({ page, sandbox }, testInfo) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    const edc = await EdcPage.open(page);
    const serial = deviceIds(m.merchant_id, SOUNDBOX, 1).serial_number;
    const detail = await edc.openDetail(serial);
    await detail.activate.click();
    await expect(detail.activateConfirmation).toBeVisible();
    await expectNoAxeViolations(page, 'edc activation confirm', testInfo);
    await detail.confirmActivation.click();
    await expect(page.getByText(t('vi', 'edc:activation.successTitle'))).toBeVisible();
    await expect(detail.activated).toBeVisible();
    await expect(detail.activate).toHaveCount(0);

    // Reopened after the reload, the machine is still activated (the server kept it).
    await detail.close.click();
    await expect((await edc.openDetail(serial)).activated).toBeVisible();
  });

  test('core §4, §9: a Soundbox the bank has not provisioned, or not selected, says contact the bank with the POS hotline', async ({
    page,
    sandbox,
  }, testInfo) => {
    const m = await sandbox.createMerchant();
    const hotline = await posHotline(page);
    await signIn(page, m);
    const edc = await EdcPage.open(page);
    for (const n of [2, 3]) {
      const serial = deviceIds(m.merchant_id, SOUNDBOX, n).serial_number;
      const detail = await edc.openDetail(serial);
      const notice = detail.contactBank;
      await expect(notice).toContainText(t('vi', 'edc:activation.contactBank', { hotline }));
      await expect(notice.getByRole('link', { name: t('vi', 'edc:hotlineLink', { hotline }) })).toHaveAttribute(
        'href',
        `tel:${hotline.replace(/\s/g, '')}`,
      );
      await expect(detail.activate).toHaveCount(0);
      if (n === 2) await expectNoAxeViolations(page, 'edc contact the bank', testInfo);
      await detail.close.click();
    }
  });

  test('core §4 POS connection: ONLINE, then after terminal-status OFFLINE a new check says OFFLINE and what to do', async ({
    page,
    sandbox,
  }) => {
    const m = await sandbox.createMerchant();
    const hotline = await posHotline(page);
    await signIn(page, m);
    const edc = await EdcPage.open(page);
    const serial = deviceIds(m.merchant_id, POS, 1).serial_number;
    const detail = await edc.openDetail(serial);
    const result = detail.connectionResult;
    await detail.check.click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.ONLINE'));

    await sandbox.trigger('terminal-status', { serial, status: 'OFFLINE' });
    await detail.checkAgain.click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.OFFLINE', { hotline }));
    // The list caught up with the new state (the detail stayed open over the reload).
    await expect(detail.knownStatus).toHaveText(new RegExp(`${t('vi', 'edc:state.OFFLINE')}$`));

    await sandbox.trigger('terminal-status', { serial, status: 'NOT_CONNECTED' });
    await detail.checkAgain.click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.NOT_CONNECTED', { hotline }));
  });

  test('a failed connection check says what happened, and its retry asks again', async ({ page, sandbox }) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    const edc = await EdcPage.open(page);
    const serial = deviceIds(m.merchant_id, POS, 1).serial_number;
    const detail = await edc.openDetail(serial);
    // The network drops the first check only.
    let dropped = 0;
    await page.route('**/api/portal/pos/check-status**', async (route) => {
      if (dropped++ === 0) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await detail.check.click();
    const result = detail.connectionResult;
    await expect(result).toContainText(t('vi', 'edc:connection.failed'));
    await expect(result).toContainText(t('vi', 'errors:NETWORK_ERROR'));
    await detail.retry.click();
    await expect(result).toHaveText(t('vi', 'edc:connection.result.ONLINE'));
    expect(dropped).toBe(2);
  });

  test('in English: the list, the detail and a connection check', async ({ page, sandbox }) => {
    const m = await sandbox.createMerchant();
    await signIn(page, m);
    await switchLanguage(page, 'en');
    const edc = await EdcPage.open(page, 'en');
    const serial = deviceIds(m.merchant_id, POS, 3).serial_number; // NOT_CONNECTED
    await expect(edc.rowOf(serial)).toContainText(t('en', 'edc:state.NOT_CONNECTED'));
    const detail = await edc.openDetail(serial);
    await detail.check.click();
    await expect(detail.connectionResult).toHaveText(t('en', 'edc:connection.result.NOT_CONNECTED', { hotline: await posHotline(page) }));
  });
});
