import { expectNoAxeViolations } from '../support/axe';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { decodeVietQrPng } from '../support/qr';
import { switchLanguage } from '../support/shell';
import { linkParams, PayerPage, PayLinkPage } from '../pages/paylink';

// Pay by Link (paylink area): /pay-by-link (doc 2 §2, §4 Pay by Link, §5, §8) and the hosted
// checkout page the link opens (the checkout area). Every test has a throwaway merchant.

const vnd = (amount: number) =>
  new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(amount);

test.describe('Issue 14: Pay by Link', () => {
  test.beforeEach(() => test.slow());

  test('doc 2 §5: bad input says what is wrong, in Vietnamese at 375 px and in English on desktop, nothing typed is lost; axe clean', async ({
    page,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    await page.setViewportSize({ width: 375, height: 812 });
    const vi = await PayLinkPage.open(page, merchant);
    await vi.submit.click();
    await expect(page.getByText(vi.tx('form.errors.order_id_required'))).toBeVisible();
    await expect(page.getByText(vi.tx('form.errors.amount_required'))).toBeVisible();
    await expectNoAxeViolations(page, 'pay by link, empty submit (vi, 375 px)', info);

    await vi.orderId.fill('    ');
    await expect(page.getByText(vi.tx('form.errors.no_white_space'))).toBeVisible();
    // e, +, -, comma and dot never enter the amount; a paste with separators is refused.
    await vi.amount.click();
    await vi.amount.pressSequentially('1e+5-,.0');
    await expect(vi.amount).toHaveValue('150');
    await expect(page.getByText(vi.tx('form.errors.amount_min'))).toBeVisible();
    await vi.amount.press('e');
    await expect(page.getByText(vi.tx('form.blockedKey'))).toBeVisible();
    await expect(vi.amount).toHaveValue('150');
    await vi.amount.fill('1000000000');
    await expect(vi.amount).toHaveValue('100000000');
    await vi.amount.fill('150000');
    // Shown with separators and ₫ once left, raw again when focused.
    await vi.orderId.focus();
    await expect(vi.amount).toHaveValue(vnd(150000));
    await vi.amount.focus();
    await expect(vi.amount).toHaveValue('150000');
    await expect(vi.orderId).toHaveValue('    ');

    await page.setViewportSize({ width: 1280, height: 800 });
    await switchLanguage(page, 'en');
    const en = new PayLinkPage(page, 'en');
    await expect(page.getByText(en.tx('form.errors.no_white_space'))).toBeVisible();
    await en.orderId.fill('x'.repeat(65));
    await expect(page.getByText(en.tx('form.errors.order_id_too_long', { max: 64 }))).toBeVisible();
    await en.amount.fill('999');
    await expect(page.getByText(en.tx('form.errors.amount_min'))).toBeVisible();
    await expectNoAxeViolations(page, 'pay by link, errors (en, desktop)', info);
    // Nothing was made.
    await expect(page.getByRole('cell', { name: en.tx('list.empty') })).toBeVisible();
  });

  test('doc 2 §4 Pay by Link: a link is made, the payer opens it in a second browser, pays its VietQR (amount read by zbarimg), the list shows it paid', async ({
    page,
    browser,
    sandbox,
  }, info) => {
    const merchant = await sandbox.createMerchant();
    const s = await PayLinkPage.open(page, merchant);
    const orderId = `DH-${Date.now() % 100000}`;
    const url = await s.create(` ${orderId} `, '150000');
    await expect(s.qr).toBeVisible();
    const params = linkParams(url);
    expect(params).toMatchObject({ orderId, amount: '150000' });
    expect(params.sig).toBeTruthy();
    await expect(s.row(orderId)).toContainText(s.tx('status.OPEN'));
    await expectNoAxeViolations(page, 'pay by link, result (vi, desktop)', info);

    // The copy button puts the exact link on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.copy.click();
    await expect(s.copyStatus).toHaveText(/.+/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const payer = await PayerPage.open(browser, url, { width: 375 });
    await expect(payer.orderId).toHaveText(orderId);
    await expect(payer.amount).toContainText('150.000');
    await payer.method('qr_code').click();
    await expect(payer.qr).toBeVisible();
    const decoded = decodeVietQrPng(await payer.qr.screenshot());
    expect(decoded.amount).toBe(150000);
    expect(decoded.purpose).toContain(orderId);
    await expectNoAxeViolations(payer.page, 'hosted checkout, QR (375 px)', info);

    await sandbox.trigger('link-paid', { order_id: orderId, merchant: merchant.alias });
    await expect(payer.paid).toBeVisible({ timeout: 30_000 });
    // The portal's list hears payment_success and reloads: the link is paid.
    await expect(s.row(orderId)).toContainText(s.tx('status.PAID'), { timeout: 30_000 });
    await payer.close();

    // "Create another link" keeps nothing of the old one.
    await s.another.click();
    await expect(s.orderId).toHaveValue('');
    await expect(s.amount).toHaveValue('');
    await expect(s.result).toBeHidden();
  });

  test('contract 14 §B: a tampered link is refused by the hosted page; the list filters by state and searches by order id in both languages', async ({
    page,
    browser,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const s = await PayLinkPage.open(page, merchant);
    const url = await s.create('TAMPER-1', '200000');
    await s.another.click();
    await s.create('KEEP-2', '300000');

    const forged = new URL(url);
    forged.searchParams.set('amount', '2000');
    const context = await browser.newContext();
    const payerPage = await context.newPage();
    const answer = await payerPage.request.get(new URL(`/api/checkout/pay?${forged.searchParams.toString()}`, forged.origin).toString());
    expect(answer.status()).toBe(400);
    expect((await answer.json()) as { error_code: string }).toMatchObject({ error_code: 'LINK_INVALID' });
    await context.close();

    await s.search.fill('tamper');
    await expect(s.row('TAMPER-1')).toBeVisible();
    await expect(s.row('KEEP-2')).toBeHidden();
    await expect(page).toHaveURL(/q=tamper/);
    await s.search.fill('');
    await expect(s.row('KEEP-2')).toBeVisible();

    await switchLanguage(page, 'en');
    const en = new PayLinkPage(page, 'en');
    await en.statusFilter.click();
    await page.getByRole('option', { name: en.tx('status.PAID') }).click();
    await expect(page).toHaveURL(/status=PAID/);
    await expect(page.getByRole('cell', { name: en.tx('list.empty') })).toBeVisible();
  });

  test('D158: the list hears a link paid (payment_success on the sale socket) without a reload, and the state filter follows', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const s = await PayLinkPage.open(page, merchant);
    await s.create('LIVE-1', '75000');
    await expect(s.row('LIVE-1')).toContainText(s.tx('status.OPEN'));
    await sandbox.trigger('link-paid', { order_id: 'LIVE-1', merchant: merchant.alias });
    await expect(s.row('LIVE-1')).toContainText(s.tx('status.PAID'), { timeout: 30_000 });
    await expect(s.row('LIVE-1')).toContainText(s.tx('method.QR'));
    await s.statusFilter.click();
    await page.getByRole('option', { name: s.tx('status.OPEN') }).click();
    await expect(page).toHaveURL(/status=OPEN/);
    await expect(s.row('LIVE-1')).toBeHidden();
  });

  test('D156: a staff-type user makes links too', async ({ page }) => {
    const s = await PayLinkPage.open(page, DEMO.staff);
    const orderId = `STAFF-${Date.now() % 1000000}`;
    await s.create(orderId, '50000');
    await s.search.fill(orderId);
    await expect(s.row(orderId)).toBeVisible();
  });
});
