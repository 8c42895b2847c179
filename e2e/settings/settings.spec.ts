import type { Page, Response } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { LOOKS, inEachLook, lookName } from '../support/looks';
import { decodeQrText, PNG_1x1, SettingsPage, tableQr, TEXT_AS_PNG, withScreenCustomisation, type SettingsTab } from '../pages/settings';

// Settings area: /sale-setting (doc 2 §2 tabs, §3 Sale settings and Screen customisation,
// §5 logo, banner, website, reward point, screen customisation, §7 /saas/merchant, /ui_custom/*, §8)
// and /e-order (doc 2 §2 E-Order payment setup, §3 Payment-method config, §5, §7, §8). Tests that save
// use a throwaway copy of phoco (food and beverage) or colan (grocery) of their own.

const png = (name = 'logo.png') => ({ name, mimeType: 'image/png', buffer: PNG_1x1 });

/** Every answer body the page received, to prove a key never came back in full. */
function recordBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname.startsWith('/api/'))
      void response
        .text()
        .then((text) => bodies.push(text))
        .catch(() => {});
  });
  return bodies;
}

test.describe('Issue 14: sale settings', () => {
  test('doc 2 §5: digital order needs logo, banner and website; a renamed text file is refused; the website reaches the table QR', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(240_000);
    const merchant = await sandbox.createMerchant();
    const sp = await SettingsPage.open(page, merchant);
    await sp.ready();
    // Food and beverage: digital order first (the default tab), payment setting too; no screen customisation without its flag.
    await expect(page).toHaveURL(/tab=digital/);
    await expect(sp.tab('digital')).toHaveAttribute('aria-selected', 'true');
    await expect(sp.tab('payment')).toBeVisible();
    await expect(sp.tab('screen')).toHaveCount(0);
    // Address and hotline come from the business profile, read-only.
    await expect(page.getByTestId('settings-address')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('settings-hotline')).toHaveAttribute('readonly', '');
    // Nothing uploaded yet: Save is disabled and says why.
    await expect(page.getByTestId('settings-logo-none')).toBeVisible();
    await expect(sp.digitalSave).toBeDisabled();
    await expect(sp.text(sp.tx('digital.fillAll'))).toBeVisible();

    // A text file renamed .png: refused by its bytes, before any upload; nothing changes.
    await sp.pick('settings-logo-input', { name: 'logo.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
    await expect(page.getByTestId('settings-logo-error')).toHaveText(sp.tx('codes.IMAGE_INVALID_FORMAT'));
    await expect(page.getByTestId('settings-logo-none')).toBeVisible();
    // A logo over 100 KB: refused too.
    await sp.pick('settings-logo-input', {
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG_1x1, Buffer.alloc(102_400)]),
    });
    await expect(page.getByTestId('settings-logo-error')).toHaveText(sp.tx('codes.IMAGE_TOO_LARGE'));
    // Real images: uploaded at once and shown.
    await sp.pick('settings-logo-input', png());
    await expect(page.getByTestId('settings-logo-image')).toBeVisible();
    await expect(page.getByTestId('settings-logo-error')).toHaveCount(0);
    await sp.pick('settings-banner-input', png('banner.png'));
    await expect(page.getByTestId('settings-banner-image')).toBeVisible();

    // The website: the fixed https:// is not part of the field; a wrong address says so, nothing is saved.
    await sp.website.fill('');
    await expect(sp.digitalSave).toBeDisabled();
    await sp.website.fill('dat mon.phoco.vn/?x=1');
    await sp.digitalSave.click();
    await expect(sp.text(sp.tx('digital.websiteInvalid'))).toBeVisible();
    // Spaces are stripped before saving (doc 2 §5).
    await sp.website.fill(' dat mon . phoco.vn / ban ');
    await expectNoAxeViolations(page, 'digital order filled', info);
    await sp.digitalSave.click();
    await expect(sp.text(sp.tx('saved'))).toBeVisible();
    await expect(sp.website).toHaveValue('datmon.phoco.vn/ban/');
    await page.reload();
    await sp.ready();
    await expect(sp.website).toHaveValue('datmon.phoco.vn/ban/');
    await expect(page.getByTestId('settings-logo-image')).toBeVisible();

    // The tables' QR now leads to the new website (doc 2 §2 Table management).
    await page.goto(P('/sale-table'));
    const qr = await tableQr(page, 'Bàn 2');
    expect(decodeQrText(qr.png)).toBe(`https://datmon.phoco.vn/ban/order/${qr.tableId}`);
  });

  test('doc 2 §5, §9: reward point takes digits with one decimal point; pasted words are refused and the value kept', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const sp = await SettingsPage.open(page, merchant, '/sale-setting?tab=reward');
    await sp.ready();
    await expect(sp.tab('reward')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('reward-example')).toContainText(sp.tx('reward.example'));
    await sp.percent.fill('2.5');
    await expect(page.getByTestId('reward-example')).toContainText('2.500');
    // Pasting (or typing) something else: refused, the field keeps 2.5 and says why.
    await sp.percent.focus();
    await page.evaluate(() => {
      const input = document.querySelector('[data-testid="reward-percent"]') as HTMLInputElement;
      const data = new DataTransfer();
      data.setData('text/plain', 'mười');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.keyboard.insertText('abc');
    await expect(sp.percent).toHaveValue('2.5');
    await expect(sp.text(sp.tx('reward.digitsOnly'))).toBeVisible();
    // Above 100: said on Save.
    await sp.percent.fill('150');
    await sp.rewardSave.click();
    await expect(sp.text(sp.tx('reward.invalid'))).toBeVisible();
    await sp.percent.fill('2.5');
    await sp.rewardSave.click();
    await expect(sp.text(sp.tx('saved'))).toBeVisible();
    await page.reload();
    await sp.ready();
    await expect(sp.percent).toHaveValue('2.5');
  });

  test('doc 2 §2: a grocery (not food and beverage) sees only reward point; with the flag, screen customisation too', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant('colan');
    let sp = await SettingsPage.open(page, merchant, '/sale-setting?tab=digital');
    await sp.ready();
    // The digital order tab is not this merchant's: the address falls back to the first tab shown.
    await expect(page).toHaveURL(/tab=reward/);
    await expect(page.getByRole('tab')).toHaveCount(1);
    await expect(sp.tab('reward')).toBeVisible();
    await withScreenCustomisation(page);
    await page.reload();
    sp = new SettingsPage(page);
    await sp.ready();
    await expect(page.getByRole('tab')).toHaveCount(2);
    await expect(sp.tab('screen')).toBeVisible();
  });

  test('doc 2 §2, §5, §8: e-order payment setup; keys masked after save, never answered in full; back to sales settings', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(180_000);
    const bodies = recordBodies(page);
    const merchant = await sandbox.createMerchant();
    const sp = await SettingsPage.open(page, merchant, '/e-order');
    await expect(page.getByRole('heading', { level: 1, name: sp.tx('eorder.title') })).toBeVisible();
    await expect(page.getByTestId('payment-form')).toBeVisible();
    // The three links are required (and https).
    await page.getByTestId('payment-save').click();
    await expect(page.getByText(sp.tx('payment.invalid.redirectUrl')).first()).toBeVisible();
    await page.getByTestId('payment-redirectUrl').fill('https://phoco.vn/ok');
    await page.getByTestId('payment-cancelUrl').fill('https://phoco.vn/cancel');
    await page.getByTestId('payment-ipnUrl').fill('http://phoco.vn/ipn');
    await page.getByTestId('payment-ewallet-on').check();
    await page.getByTestId('payment-url').fill('https://wallet.example.vn/pay');
    await page.getByTestId('payment-accessKey').fill('AK-e2e-7f3c9e1d2b4a');
    await page.getByTestId('payment-secretKey').fill('SK-e2e-c0ffee-5ecret-9d8e');
    await page.getByTestId('payment-partnerCode').fill('PHOCO01');
    await page.getByTestId('payment-qr-on').check();
    await page.getByTestId('payment-channelId').fill('POS-01');
    await page.getByTestId('payment-save').click();
    await expect(page.getByTestId('payment-ipnUrl')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('payment-ipnUrl').fill('https://phoco.vn/ipn');
    // Hidden until asked: the show switch reveals what was typed in this visit.
    await expect(page.getByTestId('payment-secretKey')).toHaveAttribute('type', 'password');
    await page
      .getByRole('button', { name: sp.tx('payment.showKey') })
      .last()
      .click();
    await expect(page.getByTestId('payment-secretKey')).toHaveAttribute('type', 'text');
    await expectNoAxeViolations(page, 'e-order filled', info);
    await page.getByTestId('payment-save').click();
    await expect(sp.text(sp.tx('payment.saved'))).toBeVisible();
    // Saved keys: the fields are empty, the masks say which key is kept.
    await expect(page.getByTestId('payment-accessKey')).toHaveValue('');
    await expect(page.getByText(sp.tx('payment.keySaved', { mask: '••••2b4a' }))).toBeVisible();
    await expect(page.getByText(sp.tx('payment.keySaved', { mask: '••••9d8e' }))).toBeVisible();
    // Reload and save again without retyping: the keys are kept.
    await page.reload();
    await expect(page.getByTestId('payment-partnerCode')).toHaveValue('PHOCO01');
    await page.getByTestId('payment-save').click();
    await expect(sp.text(sp.tx('payment.saved'))).toBeVisible();
    await expect(page.getByText(sp.tx('payment.keySaved', { mask: '••••9d8e' }))).toBeVisible();
    expect(bodies.length).toBeGreaterThan(3);
    expect(bodies.join('\n')).not.toMatch(/AK-e2e|SK-e2e|c0ffee/);
    // The same form in the payment setting tab; the back link goes to the sales settings (D161).
    await page.getByTestId('eorder-back').click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-setting')}`));
    await sp.ready();
    await sp.openTab('payment');
    await expect(page.getByTestId('payment-redirectUrl')).toHaveValue('https://phoco.vn/ok');
  });

  test('doc 2 §5, §9: screen customisation: banners fill the first empty slot, 4 at most, a slot can be cleared; images and texts required', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(240_000);
    const merchant = await sandbox.createMerchant();
    await withScreenCustomisation(page);
    const sp = await SettingsPage.open(page, merchant, '/sale-setting?tab=screen');
    await sp.ready();
    await expect(page.getByTestId('screen-form')).toBeVisible();
    // Everything is required.
    await page.getByTestId('screen-save').click();
    await expect(sp.text(sp.tx('screen.bannersRequired'))).toBeVisible();
    // A text file renamed .png: refused on the slot it would have filled.
    await page.getByTestId('screen-add-input').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
    await expect(page.getByTestId('screen-error-banner0')).toHaveText(sp.tx('codes.IMAGE_INVALID_FORMAT'));
    for (let i = 0; i < 4; i += 1) {
      await page.getByTestId('screen-add-input').setInputFiles(png(`b${i}.png`));
      await expect(page.getByTestId(`screen-image-banner${i}`)).toBeVisible();
    }
    await expect(page.getByTestId('screen-add')).toHaveText(sp.tx('screen.full'));
    await expect(page.getByTestId('screen-add')).toBeDisabled();
    // Clear the second; the next image fills it (the first empty slot).
    await page.getByTestId('screen-clear-banner1').click();
    await expect(page.getByTestId('screen-image-banner1')).toHaveCount(0);
    await page.getByTestId('screen-add-input').setInputFiles(png('again.png'));
    await expect(page.getByTestId('screen-image-banner1')).toBeVisible();
    // Order image: a default one; success image: an upload.
    await page.getByTestId('screen-default-order-0').click();
    await expect(page.getByTestId('screen-default-order-0')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('screen-upload-success-input').setInputFiles(png('ok.png'));
    await expect(page.getByTestId('screen-image-success')).toBeVisible();
    await page.getByTestId('screen-first').fill('Chào mừng quý khách');
    await page.getByTestId('screen-second').fill('Mời quý khách gọi món');
    await page.getByTestId('screen-thanks').fill('   ');
    await page.getByTestId('screen-save').click();
    await expect(page.getByText(sp.tx('screen.textInvalid', { max: 200 }))).toBeVisible();
    await page.getByTestId('screen-thanks').fill('Cảm ơn <b>quý khách</b>');
    await expectNoAxeViolations(page, 'screen customisation filled', info);
    await page.getByTestId('screen-save').click();
    await expect(sp.text(sp.tx('screen.saved'))).toBeVisible();
    await page.reload();
    await sp.ready();
    await expect(page.getByTestId('screen-image-banner3')).toBeVisible();
    await expect(page.getByTestId('screen-thanks')).toHaveValue('Cảm ơn <b>quý khách</b>');
  });

  test('D87: staff-type users are told the settings are the owner’s', async ({ page }) => {
    await SettingsPage.open(page, DEMO.staff);
    await expect(page.getByTestId('owner-only-note')).toBeVisible();
    await expect(page.getByTestId('digital-form')).toHaveCount(0);
    await page.goto(P('/e-order'));
    await expect(page.getByTestId('owner-only-note')).toBeVisible();
    await expect(page.getByTestId('payment-form')).toHaveCount(0);
  });

  test('doc 2 §2: every tab and /e-order are axe clean (vi and en, 1280 and 375 px)', async ({ page, sandbox }, info) => {
    test.setTimeout(600_000);
    const merchant = await sandbox.createMerchant();
    await withScreenCustomisation(page);
    await inEachLook(page, merchant, LOOKS, '/sale-setting', async (look) => {
      const sp = new SettingsPage(page, look.lang);
      await sp.ready();
      // Narrow screens: the tabs are a dropdown.
      if (look.width < 600) {
        await expect(sp.tabSelect).toBeVisible();
        await expect(page.getByRole('tab')).toHaveCount(0);
      } else await expect(sp.tabSelect).toHaveCount(0);
      for (const tab of ['digital', 'reward', 'payment', 'screen'] as SettingsTab[]) {
        await sp.openTab(tab);
        await expect(page.getByText(sp.tx('loading'))).toHaveCount(0, { timeout: 15_000 });
        await expectNoAxeViolations(page, `${tab} (${lookName(look)})`, info);
      }
      await page.goto(P('/e-order'));
      await expect(page.getByTestId('payment-form')).toBeVisible();
      await expectNoAxeViolations(page, `e-order (${lookName(look)})`, info);
    });
  });
});
