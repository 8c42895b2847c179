import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { expect, test } from '../support/fixtures';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';
import { ConsentPage, expectConsentShown, openLinkPopup, ssoLinked, withEinvoice } from '../pages/einvoice-sso';

// The SSO consent page /login-merchant-account (doc 2 §2, §4 SSO link, §8 SSO
// consent failure, §9 consent delay 500 ms; D174, D198, D199): the real popup opened by the
// signed-in portal, through the provider emulator's authorize step.

const PHOCO_TAX = '0108123455';

test.describe('Issue 15: SSO consent (/login-merchant-account)', () => {
  test('doc 2 §4: allow in the popup links the merchant account and the popup closes (vi, desktop)', async ({ page, sandbox }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await withEinvoice(page.context());
    await signIn(page, merchant);
    await acceptCookies(page, 'vi');
    expect(await ssoLinked(page, 'm-invoice')).toBe(false);

    const popup = await openLinkPopup(page, 'm-invoice', PHOCO_TAX);
    // The authorize step answered 302 to the consent page, which shares the opener's session.
    await expect(popup).toHaveURL(new RegExp(`${P('/login-merchant-account')}\\?provider=m-invoice&tax_no=${PHOCO_TAX}`));
    const consent = new ConsentPage(popup);
    await expectConsentShown(consent);
    await expect(consent.provider).toHaveText('M-Invoice');
    await expect(consent.taxCode).toHaveText(PHOCO_TAX);
    await expectNoAxeViolations(popup, 'SSO consent (vi)', info);

    const started = Date.now();
    await consent.clickAndClose(consent.allow);
    // doc 2 §9: 500 ms between the click and the request.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(await ssoLinked(page, 'm-invoice')).toBe(true);
  });

  test('doc 2 §2: refuse links nothing and the popup closes; Viettel too (en, 375 px)', async ({ page, sandbox }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await page.setViewportSize({ width: 375, height: 740 });
    await withEinvoice(page.context());
    await page.goto(P('/login'));
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await signIn(page, merchant, { lang: 'en' });
    await acceptCookies(page, 'en');

    const popup = await openLinkPopup(page, 'viettel', PHOCO_TAX);
    await popup.setViewportSize({ width: 375, height: 600 });
    const consent = new ConsentPage(popup, 'en');
    await expectConsentShown(consent);
    await expect(consent.provider).toHaveText('Viettel S-Invoice');
    await expectNoAxeViolations(popup, 'SSO consent (en, 375)', info);
    await consent.clickAndClose(consent.refuse);
    expect(await ssoLinked(page, 'viettel')).toBe(false);
  });

  test('doc 2 §8: a tax code that is not the account’s fails with our message, and the window closes when acknowledged', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    await withEinvoice(page.context());
    await signIn(page, merchant);
    await acceptCookies(page, 'vi');
    // A valid tax code (check digit right) that is not this merchant's account.
    const popup = await openLinkPopup(page, 'm-invoice', '0100109106');
    const consent = new ConsentPage(popup);
    await expectConsentShown(consent);
    await consent.allow.click();
    await expect(consent.alert('sso.consent.failedTitle')).toBeVisible();
    await expectNoAxeViolations(popup, 'SSO consent failure', info);
    await consent.clickAndClose(consent.close);
    expect(await ssoLinked(page, 'm-invoice')).toBe(false);
  });

  test('a window without a portal session says so instead of failing silently; a provider without SSO is refused', async ({
    page,
  }, info) => {
    await withEinvoice(page.context());
    await page.goto(P(`/login-merchant-account?provider=m-invoice&tax_no=${PHOCO_TAX}`));
    const consent = new ConsentPage(page);
    await expect(consent.alert('sso.consent.signedOut')).toBeVisible({ timeout: 15_000 });
    await expect(consent.allow).toHaveCount(0);
    await expectNoAxeViolations(page, 'SSO consent signed out', info);
    await page.goto(P(`/login-merchant-account?provider=misa&tax_no=${PHOCO_TAX}`));
    await expect(consent.alert('sso.consent.invalid')).toBeVisible({ timeout: 15_000 });
  });
});
