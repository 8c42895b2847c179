import { buildVietQr } from '../../src/services/qr/vietqr';
import type { DisplayOrder } from '../../src/services/display/messages';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { decodeVietQrPng } from '../support/qr';
import { signIn } from '../support/sign-in';
import { acceptCookies, switchLanguage } from '../support/shell';
import {
  decodeQrText,
  DisplayPage,
  installCashierChannel,
  pairCodeFromTab,
  PairingPage,
  relayFromTab,
  saveScreenLookFromTab,
  sendOnChannel,
} from '../pages/display';

// The customer display (core §2 /ecr-slide, /ecr-order-info, /ecr-success-payment;
// doc 2 §2 customer display and the payment panel's `customer` query). The cashier's side is played
// by a signed-in tab posting on the same BroadcastChannel the payment screen uses (and, for a paired
// device, the relay call); the display pages are the real ones.

const order = (code: string): DisplayOrder => ({
  order_code: code,
  table_name: 'Bàn 3',
  updated_at: Math.floor(Date.now() / 1000),
  point: 0,
  sub_total: 85_000,
  total: 85_000,
  lines: [
    { name: 'Phở bò tái', amount: 1, price: 55_000 },
    { name: 'Trà đá', amount: 3, price: 10_000 },
  ],
});
const vietQr = (code: string) => buildVietQr({ bin: '970436', accountNumber: '0011004123456', amount: 85_000, purpose: code });

for (const { lang, mobile } of [
  { lang: 'vi' as Lang, mobile: false },
  { lang: 'en' as Lang, mobile: true },
]) {
  test(`same browser (${lang}, ${mobile ? '375 px' : 'desktop'}): the display follows order → QR → success and recovers after a reload`, async ({
    page,
    sandbox,
  }, testInfo) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await signIn(page, merchant, { lang: 'vi' });
    if (lang === 'en') await switchLanguage(page, 'en');
    await PairingPage.open(page, lang);
    await acceptCookies(page, lang);
    await installCashierChannel(page);

    // The second window (the second monitor), opened from the cashier's page, in the same browser.
    const [screenPage] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('display-open-here').click()]);
    if (mobile) await screenPage.setViewportSize({ width: 375, height: 812 });
    const display = new DisplayPage(screenPage, lang);
    await expect(display.slide).toBeVisible();
    await display.expectView('/ecr-slide');
    await expect(display.shopName).not.toHaveText(t(lang, 'display:slide.welcomeNoShop'));
    await expect(screenPage.getByTestId('display-images-note')).toHaveText(t(lang, 'display:slide.imagesNote'));
    // No chrome, no cookie banner (core §2).
    await expect(screenPage.getByRole('button', { name: t(lang, 'shell:cookie.accept') })).toHaveCount(0);
    await expect(screenPage.getByRole('navigation')).toHaveCount(0);
    await expectNoAxeViolations(screenPage, `display slide ${lang}`, testInfo);

    const code = `DH${Date.now().toString().slice(-6)}`;
    await sendOnChannel(page, { kind: 'order', order: order(code) });
    await display.expectView('/ecr-order-info');
    await expect(display.orderCode).toHaveText(code);
    await expect(display.orderTotal).toHaveText(/85\.000/);

    const qr = vietQr(code);
    await sendOnChannel(page, { kind: 'pay', order: order(code), pay: { method: 'QR', qr, amount: 85_000 } });
    await expect(display.qr).toBeVisible();
    const decoded = decodeVietQrPng(await display.qr.screenshot());
    expect(decoded).toMatchObject({ amount: 85_000, purpose: code });
    expect(decoded.raw).toBe(qr);
    await expectNoAxeViolations(screenPage, `display order info ${lang}`, testInfo);

    // A reload asks the cashier's tab for the current state: the QR is back without a new message.
    await screenPage.reload();
    await expect(display.qr).toBeVisible();
    await display.expectView('/ecr-order-info');

    await sendOnChannel(page, { kind: 'success', order: order(code), pay: { method: 'QR', amount: 85_000 } });
    await display.expectView('/ecr-success-payment');
    await expect(display.success).toBeVisible();
    await expectNoAxeViolations(screenPage, `display success ${lang}`, testInfo);
    // Then the welcome carousel again, after the pause.
    await display.expectView('/ecr-slide', 15_000);
    await expect(display.slide).toBeVisible();
  });
}

test('a paired device (375 px, en) follows the cashier through the sandbox, recovers after a reload, and stops when unpaired', async ({
  page,
  browser,
  baseURL,
  sandbox,
}, testInfo) => {
  test.slow();
  const merchant = await sandbox.createMerchant();
  await signIn(page, merchant, { lang: 'vi' });
  const pairing = await PairingPage.open(page, 'vi');
  await acceptCookies(page, 'vi');
  await expectNoAxeViolations(page, 'display pairing page vi', testInfo);
  // "Open the customer display" opens the display of this browser in a window of its own.
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('display-open-here').click()]);
  await expect(popup).toHaveURL(new RegExp(`${P('/ecr-slide')}$`));
  await popup.close();
  await pairing.pairDevice.click();
  await expect(pairing.codeValue).toHaveText(/^\d{6}$/);
  const pairCode = (await pairing.codeValue.textContent())!;
  // The QR carries the address that pairs at once.
  expect(decodeQrText(await pairing.qr.screenshot())).toMatch(new RegExp(`${P('/ecr-slide')}\\?pair=${pairCode}$`));
  await expectNoAxeViolations(page, 'display pairing code vi', testInfo);

  // Another device: its own browser context, no sign-in.
  const device = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: 'en-US' });
  try {
    const screenPage = await device.newPage();
    await screenPage.goto(P('/ecr-slide?pair'));
    await switchLanguage(screenPage, 'en');
    const en = new DisplayPage(screenPage, 'en');
    await en.pairCode.fill('12');
    await en.pairSubmit.click();
    await expect(screenPage.getByText(t('en', 'display:pair.incomplete'))).toBeVisible();
    await expect(en.pairCode).toHaveValue('12');
    await expectNoAxeViolations(screenPage, 'display pair form en 375', testInfo);
    await en.pairCode.fill(pairCode);
    await en.pairCode.press('Enter');
    await en.expectView('/ecr-slide');
    await expect(en.shopName).not.toHaveText(t('en', 'display:slide.welcomeNoShop'));

    // The cashier's list shows the device on screen.
    await expect(pairing.rows).toHaveCount(1);
    await expect(pairing.rows.first()).toContainText(t('vi', 'display:pairing.connected'), { timeout: 10_000 });

    // The display-only token opens nothing else.
    const token = await screenPage.evaluate(() => localStorage.getItem('display_token'));
    expect(token).toMatch(/^dsp_/);
    const refused = await screenPage.evaluate(
      async (bearer) => (await fetch('/api/portal/user/info', { headers: { authorization: `Bearer ${bearer}` } })).status,
      token,
    );
    expect(refused).toBe(401);

    const code = `DH${Date.now().toString().slice(-6)}`;
    const qr = vietQr(code);
    await relayFromTab(page, { kind: 'pay', order: order(code), pay: { method: 'QR', qr, amount: 85_000 } });
    await en.expectView('/ecr-order-info');
    await expect(en.orderCode).toHaveText(code);
    const decoded = decodeVietQrPng(await en.qr.screenshot());
    expect(decoded).toMatchObject({ amount: 85_000, purpose: code });
    await expectNoAxeViolations(screenPage, 'display order info en 375 (paired)', testInfo);

    // After a reload the stream hands the current state back at once.
    await screenPage.reload();
    await expect(en.qr).toBeVisible();

    await relayFromTab(page, { kind: 'success', order: order(code), pay: { method: 'QR', amount: 85_000 } });
    await en.expectView('/ecr-success-payment');
    await expect(en.success).toBeVisible();

    // Unpairing ends it: the device says so and its token is gone.
    const id = Number((await pairing.rows.first().textContent())!.match(/\d+/)![0]);
    await pairing.unpair(id).click();
    await expect(pairing.rows).toHaveCount(0);
    await expect(en.revoked).toBeVisible();
    expect(await screenPage.evaluate(() => localStorage.getItem('display_token'))).toBeNull();

    // Pairing again by the QR's address: the device pairs at once, without typing.
    await pairing.pairDevice.click();
    await expect(pairing.codeValue).toHaveText(/^\d{6}$/);
    const url = new URL(decodeQrText(await pairing.qr.screenshot()));
    await screenPage.goto(url.pathname + url.search);
    // Paired again, it shows where the till is now (the thanks of the last payment), then follows it.
    await expect(en.success).toBeVisible();
    await relayFromTab(page, { kind: 'idle' });
    await en.expectView('/ecr-slide');
    await expect(en.slide).toBeVisible();
    await expect(pairing.rows.first()).toContainText(t('vi', 'display:pairing.connected'), { timeout: 10_000 });
  } finally {
    await device.close();
  }
});

test('core §2: /ecr-order-info with no sign-in, no pairing and no cashier goes to /login; /ecr-slide is public', async ({ page }) => {
  await page.goto(P('/ecr-order-info'));
  await expect(page).toHaveURL(new RegExp(`${P('/login')}$`));
  const display = await DisplayPage.open(page, 'vi');
  await expect(display.slide).toBeVisible({ timeout: 10_000 });
  await expect(display.shopName).toHaveText(t('vi', 'display:slide.welcomeNoShop'));
});

test('issue 27 §7, D144, D296: a paired display shows the banner and welcome text saved for its shop (vi, en × 1366, 375 px, axe)', async ({
  page,
  browser,
  baseURL,
  sandbox,
}, testInfo) => {
  // Four looks, each with an axe scan, as the other sweeps of this file.
  test.slow();
  const merchant = await sandbox.createMerchant();
  await signIn(page, merchant, { lang: 'vi' });
  const welcome = `Chào mừng đến quán ${Date.now().toString().slice(-5)}`;
  const banner = await saveScreenLookFromTab(page, { welcome, thanks: 'Cảm ơn <b>quý khách</b>, hẹn gặp lại!' });
  const device = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  try {
    const screenPage = await device.newPage();
    await screenPage.goto(P(`/ecr-slide?pair=${await pairCodeFromTab(page)}`));
    for (const lang of ['vi', 'en'] as Lang[]) {
      if (lang === 'en') await switchLanguage(screenPage, 'en');
      const display = new DisplayPage(screenPage, lang);
      for (const width of [1366, 375]) {
        await screenPage.setViewportSize({ width, height: width === 375 ? 812 : 768 });
        await expect(display.welcome).toHaveText(welcome);
        await expect(display.banner).toBeVisible();
        await expect(display.banner).toHaveAttribute('data-src', banner);
        await expect(display.banner).toHaveAttribute('alt', /\S/);
        await expect(screenPage.getByTestId('display-images-note')).toHaveCount(0);
        await expectNoAxeViolations(screenPage, `display look ${lang} ${width}`, testInfo);
      }
    }
    // The shop's thanks after a payment, as text.
    await relayFromTab(page, { kind: 'success', pay: { method: 'CASH', amount: 85_000 } });
    await expect(screenPage.getByTestId('display-success-thanks')).toHaveText('Cảm ơn <b>quý khách</b>, hẹn gặp lại!');
  } finally {
    await device.close();
  }
});
