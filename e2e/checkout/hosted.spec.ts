import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { decodeVietQrPng } from '../support/qr';
import { HostedCheckoutPage, linkMerchant, linkState, makeLink, saveWidget, solidPng } from '../pages/checkout';

// The hosted checkout page (checkout area; contract 14 §C): a payment link made through the
// checkout service is opened by the payer in a browser of their own (no portal session), and paid by
// VietQR (the link-paid trigger plays the payer's bank) or a test card. Links are signed: a changed
// value shows "not valid".

const vnd = (amount: number) =>
  new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(amount);

test.describe('Issue 14: hosted checkout page', () => {
  test.beforeEach(() => test.slow());

  test('contract §C: the payer pays a link by VietQR (amount and order in the QR), the page turns paid by itself (vi, desktop)', async ({
    browser,
    sandbox,
  }, info) => {
    const m = await linkMerchant(await sandbox.createMerchant());
    const link = await makeLink(m, 'DH-QR-42', 185_000);
    // The payer: a browser context of their own.
    const payer = await browser.newContext({ locale: 'vi-VN' });
    const page = await payer.newPage();
    const s = await HostedCheckoutPage.open(page, link.url);
    await expect(s.amount).toHaveText(vnd(185_000));
    await expect(s.orderId).toHaveText('DH-QR-42');
    await expect(s.countdown).toContainText(/\d{2}:\d{2}:\d{2}/);
    await expectNoAxeViolations(page, 'hosted checkout, open (vi, desktop)', info);

    await s.method('qr_code').check();
    await expect(s.qr).toBeVisible();
    const decoded = decodeVietQrPng(await s.qr.screenshot());
    expect(decoded.amount).toBe(185_000);
    expect(decoded.purpose).toBe('DH-QR-42');
    await expect(s.qrWaiting).toBeVisible();
    await expectNoAxeViolations(page, 'hosted checkout, VietQR', info);

    await sandbox.trigger('link-paid', { link: link.id });
    await expect(s.paid).toBeVisible({ timeout: 10_000 });
    await expect(s.returnLink).toHaveAttribute('href', /^https:\/\/phoco\.example\.vn\//);
    expect(await linkState(m, link.id)).toMatchObject({ status: 'PAID', method: 'QR' });
    await expectNoAxeViolations(page, 'hosted checkout, paid', info);

    // Opened again later, the link shows that it is paid instead of taking a second payment.
    await page.reload();
    await expect(s.paid).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await payer.close();
  });

  test('contract §C: a declined test card keeps what was typed but the CVC; the approved card pays once (en, 375 px)', async ({
    page,
    sandbox,
  }, info) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const m = await linkMerchant(await sandbox.createMerchant());
    const link = await makeLink(m, 'Đơn thẻ 7', 250_000);
    const s = await HostedCheckoutPage.open(page, link.url, 'en');
    await expect(s.page.getByRole('group', { name: s.tx('view.chooseMethod') })).toBeVisible();
    await s.method('credit_card').check();

    // Checked before anything is sent.
    await s.pay.click();
    await expect(page.getByTestId('hosted-card-number-error')).toHaveText(s.tx('hosted.card.errors.required'));
    await s.fillCard({ number: '4111111111111112', expiry: '0120', cvc: '12', holder: 'NGUYEN VAN A' });
    await expect(s.field('number')).toHaveValue('4111 1111 1111 1112');
    await expect(s.field('expiry')).toHaveValue('01/20');
    await s.pay.click();
    await expect(page.getByTestId('hosted-card-number-error')).toHaveText(s.tx('hosted.card.errors.number'));
    await expect(page.getByTestId('hosted-card-expiry-error')).toHaveText(s.tx('hosted.card.errors.expired'));
    await expect(page.getByTestId('hosted-card-cvc-error')).toHaveText(s.tx('hosted.card.errors.cvc'));
    await expectNoAxeViolations(page, 'hosted checkout, card errors (en, 375 px)', info);

    await s.fillCard({ number: '4000 0000 0000 0002', expiry: '12/39', cvc: '123', holder: 'NGUYEN VAN A' });
    await s.pay.click();
    await expect(s.declined).toHaveText(s.tx('hosted.card.declined'));
    await expect(s.field('number')).toHaveValue('4000 0000 0000 0002');
    await expect(s.field('expiry')).toHaveValue('12/39');
    await expect(s.field('holder')).toHaveValue('NGUYEN VAN A');
    await expect(s.field('cvc')).toHaveValue('');
    expect((await linkState(m, link.id)).status).toBe('OPEN');
    await expectNoAxeViolations(page, 'hosted checkout, card declined (en, 375 px)', info);

    await s.field('number').fill('4111 1111 1111 1111');
    await s.field('cvc').fill('321');
    await s.pay.click();
    await expect(s.paid).toBeVisible();
    await expect(s.paid).toContainText(s.tx('view.paidTitle'));
    expect(await linkState(m, link.id)).toMatchObject({ status: 'PAID', method: 'CARD' });
    await expectNoAxeViolations(page, 'hosted checkout, paid (en, 375 px)', info);
  });

  test('contract §B: a changed amount, order or merchant makes the link "not valid", in vi and en', async ({ page, sandbox }, info) => {
    const m = await linkMerchant(await sandbox.createMerchant());
    const link = await makeLink(m, 'DH-SIGN-1', 150_000);
    for (const [name, value] of [
      ['amount', '1000'],
      ['orderId', 'DH-SIGN-2'],
      ['expiresAt', String(link.expires_at + 86_400)],
    ] as const) {
      const url = new URL(link.url);
      url.searchParams.set(name, value);
      const s = await HostedCheckoutPage.open(page, url.href);
      await expect(s.invalid).toContainText(s.tx('hosted.invalidTitle'));
      await expect(s.view).toHaveCount(0);
    }
    await expectNoAxeViolations(page, 'hosted checkout, link not valid (vi)', info);
    const s = new HostedCheckoutPage(page);
    await s.switchLanguage('en');
    await expect(s.invalid).toContainText(s.tx('hosted.invalidTitle'));
    await expectNoAxeViolations(page, 'hosted checkout, link not valid (en)', info);
  });

  test('contract §A, §C: the widget look (colours, logo, size, position, button) shows on the hosted page, axe clean on dark colours', async ({
    page,
    sandbox,
  }, info) => {
    const m = await linkMerchant(await sandbox.createMerchant('colan'));
    await saveWidget(
      m,
      {
        primary_color: '#0b1f3a',
        secondary_color: '#5c940d',
        button_color: '#ffd43b',
        logo_height: '60',
        logo_position: 'left',
        button_border: 'false',
        border_radius: '20',
        button_text: 'Trả ngay',
      },
      solidPng(40, 40, [220, 40, 40]),
    );
    const link = await makeLink(m, 'CL-LOOK-1', 99_000);
    const s = await HostedCheckoutPage.open(page, link.url);
    await expect(s.card).toHaveCSS('background-color', 'rgb(11, 31, 58)');
    await expect(s.card).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(s.card).toHaveCSS('border-radius', '20px');
    await expect(s.view).toHaveCSS('background-color', 'rgb(92, 148, 13)');
    await expect(s.logo).toHaveCSS('height', '60px');
    // The logo's bytes arrive after the page is drawn: its natural width once it has loaded.
    await expect.poll(() => s.logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(40);
    await expect(page.getByTestId('checkout-logo-row')).toHaveCSS('justify-content', 'flex-start');
    await s.method('credit_card').check();
    await expect(s.pay).toHaveText('Trả ngay');
    await expect(s.pay).toHaveCSS('background-color', 'rgb(255, 212, 59)');
    await expect(s.pay).toHaveCSS('color', 'rgb(0, 0, 0)');
    await expectNoAxeViolations(page, 'hosted checkout, dark merchant look', info);
  });
});
