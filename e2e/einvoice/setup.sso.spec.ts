import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { switchLanguage } from '../support/shell';
import { P } from '../support/env';
import { providerAccount } from '../support/einvoice';
import { expect, test } from '../support/fixtures';
import type { SandboxClient } from '../support/sandbox';
import { EinvoiceSetupPage, PROVIDER_NAMES } from '../pages/einvoice-setup';
import { ConsentPage, expectConsentShown, SsoLinkDialogs, ssoLinked, withEinvoice } from '../pages/einvoice-sso';

// /e-inv-setting with the login method "merchant account" (doc 2 §4
// SSO link, §5, §8 "Failed to link Merchant account", §9 popup 460×600). The link goes through the
// REAL popup the portal opens: the provider emulator's authorize step, then the consent page
// /login-merchant-account in that window, then the setup's own dialogs. Throwaway copies of phoco.

const yy = String(new Date().getFullYear()).slice(2);
const MI_VAT_SERIES = `C${yy}TMV`;

/** A throwaway merchant signed in on /e-inv-setting, terms already agreed, the flag on for the popup's page too. */
async function openSetup(page: Page, sandbox: SandboxClient) {
  const merchant = await sandbox.createMerchant();
  await withEinvoice(page.context());
  await page.context().addCookies([{ name: 'einv_term_shown', value: '1', url: sandbox.baseURL }]);
  const setup = await EinvoiceSetupPage.open(page, merchant);
  return { merchant, setup };
}

test.describe('Issue 15: e-invoice setup with the merchant account (SSO)', () => {
  test('doc 2 §4, §5: M-Invoice linked through the real popup (allow), then saved through the serial modal to active (vi, desktop)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const { merchant, setup: s } = await openSetup(page, sandbox);
    const account = providerAccount(merchant, 'm-invoice');
    const dialogs = new SsoLinkDialogs(page);

    await s.provider('m-invoice').check();
    await s.method('merchant_account', PROVIDER_NAMES['m-invoice']).check();
    // The merchant account needs no provider user name or password.
    await expect(s.username).toBeHidden();
    await expect(s.password).toBeHidden();
    await s.taxCode.fill(account.taxCode);
    await expect(s.ssoStatus(false)).toBeVisible({ timeout: 15_000 });
    // Save needs the link first: nothing is sent, the form stays.
    await s.save.click();
    await expect(s.success).toBeHidden();
    await expect(s.ssoStatus(false)).toBeVisible();
    await expectNoAxeViolations(page, 'e-invoice setup, merchant account not linked', info);

    const popupOpened = page.waitForEvent('popup');
    await s.ssoLinkButton().click();
    const popup = await popupOpened;
    await expect(dialogs.waiting).toBeVisible();
    // The emulator's authorize step answered with the portal's consent page, in the same window.
    await expect(popup).toHaveURL(new RegExp(`${P('/login-merchant-account')}\\?provider=m-invoice&tax_no=${account.taxCode}`), {
      timeout: 15_000,
    });
    const consent = new ConsentPage(popup);
    await expectConsentShown(consent);
    await expect(consent.provider).toHaveText(PROVIDER_NAMES['m-invoice']);
    await expect(consent.taxCode).toHaveText(account.taxCode);
    expect(await ssoLinked(page, 'm-invoice')).toBe(false);

    await consent.clickAndClose(consent.allow);
    await expect(dialogs.success).toBeVisible({ timeout: 15_000 });
    await expect(dialogs.waiting).toBeHidden();
    expect(await ssoLinked(page, 'm-invoice')).toBe(true);
    await expectNoAxeViolations(page, 'e-invoice SSO link success', info);
    await dialogs.button(dialogs.success, 'ok').click();
    await expect(dialogs.success).toBeHidden();
    await expect(s.ssoStatus(true)).toBeVisible();
    await expect(s.ssoLinkButton(true)).toBeVisible();

    await s.save.click();
    await expect(s.success).toBeVisible({ timeout: 15_000 });
    await s.success.getByRole('button', { name: s.tx('success.continue') }).click();
    await expect(s.serialModal).toBeVisible();
    // The series come with the provider token the backend holds for the link (no password anywhere).
    await expect(s.serialSelect).toBeVisible({ timeout: 15_000 });
    await s.chooseSerial(MI_VAT_SERIES);
    await s.serialModal.getByRole('button', { name: s.tx('serial.save') }).click();
    await expect(s.serialModal).toBeHidden({ timeout: 15_000 });

    await expect(s.summary).toContainText(MI_VAT_SERIES);
    await expect(s.summary).toContainText(s.tx('active.vatPerItem'));
    await expect(s.declaration).toHaveText(s.tx('declaration.approved'), { timeout: 15_000 });
    await expect(s.save).toBeHidden();
    await page.reload();
    await expect(s.declaration).toBeVisible({ timeout: 15_000 });
    await expect(s.method('merchant_account', PROVIDER_NAMES['m-invoice'])).toBeChecked();
    await expect(s.username).toBeHidden();
    await expectNoAxeViolations(page, 'e-invoice setting active with the merchant account', info);

    // D238: cancelling a merchant-account set-up removes the account's link too, and says so first.
    await s.cancel.click();
    await expect(s.confirm.getByTestId('einv-cancel-unlink')).toHaveText(s.tx('confirm.unlink', { provider: PROVIDER_NAMES['m-invoice'] }));
    await s.confirm.getByRole('button', { name: s.tx('confirm.confirm') }).click();
    await expect(s.save).toBeVisible({ timeout: 15_000 });
    await s.provider('m-invoice').check();
    await s.method('merchant_account', PROVIDER_NAMES['m-invoice']).check();
    await s.taxCode.fill(account.taxCode);
    await expect(s.ssoStatus(false)).toBeVisible({ timeout: 15_000 });
  });

  test('doc 2 §8: refusing in the popup shows the failure dialog; retry opens the window again and allowing there links (en, 375 px, Viettel)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    const { merchant } = await openSetup(page, sandbox);
    const account = providerAccount(merchant, 'viettel');
    await switchLanguage(page, 'en');
    const s = new EinvoiceSetupPage(page, 'en');
    const dialogs = new SsoLinkDialogs(page, 'en', PROVIDER_NAMES.viettel);
    await expect(s.heading).toBeVisible();

    await s.provider('viettel').check();
    await s.method('merchant_account', PROVIDER_NAMES.viettel).check();
    await s.taxCode.fill(account.taxCode);
    await expect(s.ssoStatus(false)).toBeVisible({ timeout: 15_000 });

    let popupOpened = page.waitForEvent('popup');
    await s.ssoLinkButton().click();
    let popup = await popupOpened;
    let consent = new ConsentPage(popup, 'en');
    await expectConsentShown(consent);
    await consent.clickAndClose(consent.refuse);

    await expect(dialogs.failed).toBeVisible({ timeout: 15_000 });
    await expect(dialogs.failed).toContainText(dialogs.tx('sso.link.failBody', { provider: PROVIDER_NAMES.viettel }));
    await expect(dialogs.button(dialogs.failed, 'retry')).toBeVisible();
    await expect(dialogs.button(dialogs.failed, 'back')).toBeVisible();
    expect(await ssoLinked(page, 'viettel')).toBe(false);
    await expectNoAxeViolations(page, 'e-invoice SSO link failed (en, 375 px)', info);

    popupOpened = page.waitForEvent('popup');
    await dialogs.button(dialogs.failed, 'retry').click();
    popup = await popupOpened;
    await expect(dialogs.failed).toBeHidden();
    consent = new ConsentPage(popup, 'en');
    await expectConsentShown(consent);
    await consent.clickAndClose(consent.allow);
    await expect(dialogs.success).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page, 'e-invoice SSO link success (en, 375 px)', info);
    await dialogs.button(dialogs.success, 'ok').click();
    await expect(s.ssoStatus(true)).toBeVisible();
    expect(await ssoLinked(page, 'viettel')).toBe(true);
  });

  test('a popup the browser blocks is explained, retry asks again, back returns to the form unlinked', async ({ page, sandbox }, info) => {
    test.slow();
    // What a pop-up blocker does to the page: window.open answers no window. Counted, so retry is seen to ask again.
    await page.addInitScript(() => {
      const w = window as unknown as { __openCalls: number };
      w.__openCalls = 0;
      window.open = () => {
        w.__openCalls += 1;
        return null;
      };
    });
    const { merchant, setup: s } = await openSetup(page, sandbox);
    const account = providerAccount(merchant, 'm-invoice');
    const dialogs = new SsoLinkDialogs(page);
    const openCalls = () => page.evaluate(() => (window as unknown as { __openCalls: number }).__openCalls);

    await s.provider('m-invoice').check();
    await s.method('merchant_account', PROVIDER_NAMES['m-invoice']).check();
    await s.taxCode.fill(account.taxCode);
    await expect(s.ssoStatus(false)).toBeVisible({ timeout: 15_000 });
    await s.ssoLinkButton().click();

    await expect(dialogs.blocked).toBeVisible();
    await expect(dialogs.blocked).toContainText(dialogs.tx('sso.link.blockedBody', { provider: PROVIDER_NAMES['m-invoice'] }));
    await expect(dialogs.blocked).toContainText(dialogs.tx('sso.link.blockedHow'));
    expect(await openCalls()).toBe(1);
    await expectNoAxeViolations(page, 'e-invoice SSO popup blocked', info);

    await dialogs.button(dialogs.blocked, 'retry').click();
    await expect.poll(openCalls).toBe(2);
    await expect(dialogs.blocked).toBeVisible();

    await dialogs.button(dialogs.blocked, 'back').click();
    await expect(dialogs.blocked).toBeHidden();
    await expect(s.ssoStatus(false)).toBeVisible();
    // Still not linked: save does not go on.
    await s.save.click();
    await expect(s.success).toBeHidden();
    expect(await ssoLinked(page, 'm-invoice')).toBe(false);
  });
});
