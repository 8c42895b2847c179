import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { decodeVietQrPng } from '../support/qr';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { switchLanguage, toastsGone } from '../support/shell';
import { ShopQrPage } from '../pages/shopqr';

// ShopQR (core §2 /payment, §3 virtual account, §5 ShopQR add and Inputs, §7
// /channel-payment, §8 ShopQR codes). Each test has a throwaway phoco copy of its own: its seed has
// a STORE code for Hàng Bạc, a STAFF code for NV003 and a BILL code for NV002 (IN_STORE, 150,000).

const VCB_BIN = '970436';

/** Opens a row's detail, decodes the QR on screen and the downloaded file, checks them, closes. */
async function checkDetail(page: Page, s: ShopQrPage, va: string, amount?: number): Promise<void> {
  await s.detailButton(va).click();
  await expect(s.detailDialog).toBeVisible();
  await expect(s.qr).toBeVisible();
  await expect(s.detailFields).toContainText(va);
  // The "created" toast (top centre, D225) stands over the top of this tall dialog until it closes.
  await toastsGone(page);
  const onScreen = decodeVietQrPng(await s.qr.screenshot());
  expect(onScreen.accountNumber).toBe(va);
  expect(onScreen.bin).toBe(VCB_BIN);
  expect(onScreen.service).toBe('account');
  expect(onScreen.amount).toBe(amount);
  expect(onScreen.raw.slice(-8, -4)).toBe('6304');

  const [download] = await Promise.all([page.waitForEvent('download'), s.download.click()]);
  expect(download.suggestedFilename()).toBe(`${va}.png`);
  expect(decodeVietQrPng(readFileSync(await download.path())).raw).toBe(onScreen.raw);
  await s.detailClose.click();
  await expect(s.detailDialog).toBeHidden();
}

async function submitAndFindNew(page: Page, s: ShopQrPage, before: string[]): Promise<string> {
  await s.submit.click();
  await expect(page).toHaveURL(/\/portal\/payment$/, { timeout: 15_000 });
  await expect(page.getByText(s.tx('form.successTitle'), { exact: true })).toBeVisible();
  await expect(s.skeletons).toHaveCount(0, { timeout: 15_000 });
  await expect(s.rows).toHaveCount(before.length + 1);
  const added = (await s.vaNumbers()).filter((v) => !before.includes(v));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(/^\d{18}$/);
  return added[0]!;
}

async function deleteRow(page: Page, s: ShopQrPage, va: string): Promise<void> {
  await s.deleteButton(va).click();
  await expect(s.deleteDialog).toContainText(va);
  await s.deleteConfirm.click();
  await expect(s.deleteDialog).toBeHidden();
  await expect(page.getByText(s.tx('delete.successBody', { va }))).toBeVisible();
  await expect(s.rowOf(va)).toHaveCount(0);
}

test.describe('Issue 4: ShopQR (/payment)', () => {
  test('core §2, §3: the list shows the seeded codes; the BILL detail QR decodes to a dynamic VietQR with its amount', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const s = await ShopQrPage.open(page, merchant);
    await expect(s.rows).toHaveCount(3);
    for (const va of await s.vaNumbers()) expect(va).toMatch(new RegExp(`^9699${merchant.merchant_id}\\d{6}$`));
    const bill = s.rows.filter({ hasText: s.tx('type.BILL') });
    await expect(bill).toContainText('NV002');
    await expect(bill).toContainText(s.tx('channel.IN_STORE'));
    const va = (await bill.locator('th').innerText()).trim();
    await checkDetail(page, s, va, 150_000);
  });

  test('core §5: creates a STORE ShopQR, its QR decodes, and deletes it', async ({ page, sandbox }) => {
    const s = await ShopQrPage.open(page, await sandbox.createMerchant());
    const before = await s.vaNumbers();
    await s.openAdd();
    await expect(s.type('STORE')).toBeChecked();
    await s.store.click();
    await s.store.fill('Tây Hồ');
    await page.getByRole('option', { name: 'Phố Cổ - Tây Hồ' }).click();
    const va = await submitAndFindNew(page, s, before);
    await expect(s.rowOf(va)).toContainText('Phố Cổ - Tây Hồ');
    await checkDetail(page, s, va);
    await deleteRow(page, s, va);
  });

  test('core §5: creates a STAFF ShopQR, its QR decodes, and deletes it', async ({ page, sandbox }) => {
    const s = await ShopQrPage.open(page, await sandbox.createMerchant());
    const before = await s.vaNumbers();
    await s.openAdd();
    await s.type('STAFF').check();
    await s.pick(s.staff, /NV004/);
    const va = await submitAndFindNew(page, s, before);
    await expect(s.rowOf(va)).toContainText('NV004');
    await checkDetail(page, s, va);
    await deleteRow(page, s, va);
  });

  test('core §5: creates a BILL ShopQR with staff, channel and amount; its QR carries the amount; deletes it', async ({
    page,
    sandbox,
  }) => {
    const s = await ShopQrPage.open(page, await sandbox.createMerchant());
    const before = await s.vaNumbers();
    await s.openAdd();
    await s.type('BILL').check();
    // Field messages per field after a submit with nothing chosen.
    await s.submit.click();
    await expect(s.form.getByText(s.tx('errors.staff'))).toBeVisible();
    await expect(s.form.getByText(s.tx('errors.channel'))).toBeVisible();
    await expect(s.form.getByText(s.tx('errors.amountRequired'))).toBeVisible();
    await s.pick(s.staff, /NV001/);
    await s.pick(s.channel, s.tx('channel.KIOSK'));
    await s.amount.fill('2500000');
    await expect(s.form.getByText(s.tx('errors.amountRequired'))).toHaveCount(0);
    const va = await submitAndFindNew(page, s, before);
    await expect(s.rowOf(va)).toContainText(s.tx('channel.KIOSK'));
    await checkDetail(page, s, va, 2_500_000);
    await deleteRow(page, s, va);
  });

  test('core §5 Inputs: the amount refuses e, E, +, ., comma and minus, typed or pasted, and keeps 13 digits', async ({
    page,
    sandbox,
  }) => {
    const s = await ShopQrPage.open(page, await sandbox.createMerchant());
    await s.openAdd();
    await s.type('BILL').check();
    await s.amount.click();
    await page.keyboard.type('1e2E3+4.5,6-7');
    await expect(s.amount).toHaveValue('1234567');
    // A refused key says why until the next accepted one.
    await page.keyboard.type('-');
    await expect(s.form.getByText(s.tx('errors.blockedKey'))).toBeVisible();
    await page.keyboard.type('8');
    await expect(s.form.getByText(s.tx('errors.blockedKey'))).toHaveCount(0);
    await expect(s.amount).toHaveValue('12345678');
    await s.amount.fill('');
    for (const text of ['1e5', '1.500', '2,5', '-100', '+100', '3E2']) {
      await s.pasteAmount(text);
      await expect(s.amount, text).toHaveValue('');
    }
    await s.pasteAmount('12345678901234567');
    await expect(s.amount).toHaveValue('1234567890123');
  });

  test('core §8: STAFF_LINK_VA names the staff member and keeps the form; a repeated bill is CHANNEL_EXIST, never a duplicate', async ({
    page,
    sandbox,
  }) => {
    const s = await ShopQrPage.open(page, await sandbox.createMerchant());
    await s.openAdd();
    await s.type('STAFF').check();
    // NV001 works at Hàng Bạc, which has a store ShopQR.
    await s.pick(s.staff, /NV001/);
    await s.submit.click();
    await expect(s.submitError).toContainText(t('vi', 'errors:STAFF_LINK_VA_named', { staff: 'Lê Thị Hồng' }));
    await expect(page).toHaveURL(/\/portal\/payment\/add$/);
    await expect(s.type('STAFF')).toBeChecked();
    await expect(s.staff).toHaveValue(/NV001/);

    // The seeded bill: NV002, in store, 150,000.
    await s.type('BILL').check();
    await s.pick(s.staff, /NV002/);
    await s.pick(s.channel, s.tx('channel.IN_STORE'));
    await s.amount.fill('150000');
    await s.submit.click();
    await expect(s.submitError).toContainText(t('vi', 'errors:CHANNEL_EXIST'));
    await expect(s.amount).toHaveValue('150000');
    await expect(s.channel).toHaveValue(s.tx('channel.IN_STORE'));
    await expect(s.staff).toHaveValue(/NV002/);
    await expect(s.submit).toBeEnabled();
    await page.goto(P('/payment'));
    await expect(new ShopQrPage(page).rows).toHaveCount(3, { timeout: 15_000 });
  });

  test('core §8: deleting a code another tab already deleted shows CHANNEL_NOT_FOUND in the dialog, which stays open', async ({
    page,
    browser,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const s = await ShopQrPage.open(page, merchant);
    const va = (await s.vaNumbers())[0]!;
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      const s2 = await ShopQrPage.open(second, merchant);
      await deleteRow(second, s2, va);
    } finally {
      await other.close();
    }
    // This tab still shows the row.
    await s.deleteButton(va).click();
    await s.deleteConfirm.click();
    await expect(s.deleteError).toContainText(t('vi', 'errors:CHANNEL_NOT_FOUND'));
    await expect(s.deleteDialog).toBeVisible();
    await s.deleteCancel.click();
    await expect(s.deleteDialog).toBeHidden();
    // The list was reloaded meanwhile: the gone code is no longer offered.
    await expect(s.rowOf(va)).toHaveCount(0);
    await expect(s.rows).toHaveCount(2);
  });

  test('English: the list, the add form and a server message read in English', async ({ page, sandbox }) => {
    await ShopQrPage.open(page, await sandbox.createMerchant());
    await switchLanguage(page, 'en');
    const s = new ShopQrPage(page, 'en');
    await expect(s.heading).toBeVisible();
    await expect(s.table.getByRole('columnheader', { name: s.tx('columns.va_account_no') })).toBeVisible();
    await s.add.click();
    await expect(s.form).toBeVisible({ timeout: 15_000 });
    await s.type('STAFF').check();
    await s.pick(s.staff, /NV003/);
    await s.submit.click();
    await expect(s.submitError).toContainText(t('en', 'errors:CHANNEL_EXIST'));
    await expect(s.submitError).toContainText(s.tx('form.failedHint'));
  });

  test('accessibility: axe finds nothing on the list, the add form (with messages) and the detail', async ({ page, sandbox }, testInfo) => {
    const s = await ShopQrPage.open(page, await sandbox.createMerchant());
    await expectNoAxeViolations(page, 'shopqr list', testInfo);
    const va = (await s.vaNumbers())[0]!;
    await s.detailButton(va).click();
    await expect(s.qr).toBeVisible();
    await expectNoAxeViolations(page, 'shopqr detail', testInfo);
    await s.detailClose.click();
    await s.openAdd();
    await s.type('BILL').check();
    await s.submit.click();
    await expect(s.form.getByText(s.tx('errors.staff'))).toBeVisible();
    await expectNoAxeViolations(page, 'shopqr add form', testInfo);
  });

  test('core §9 dropdowns: a merchant with 151 verified accounts picks the 150th linked in the ShopQR form (216 px list)', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const { accounts } = await sandbox.trigger<{ accounts: string[] }>('bank-link-many', { count: 150, merchant: merchant.merchant_id });
    const target = accounts[149]!;
    const s = await ShopQrPage.open(page, merchant);
    const before = await s.vaNumbers();
    await s.openAdd({ oneAccount: false });

    await s.bank.click();
    await expect(s.bankOptions).toBeVisible();
    // Every account is offered (the seeded verified one and the 150 linked), not the first 100.
    await expect(s.bankOptions.getByRole('option').first()).toHaveAttribute('aria-setsize', '151');
    expect((await s.bankOptions.boundingBox())?.height).toBeLessThanOrEqual(216);
    await s.bank.fill(target);
    await s.bankOptions.getByRole('option', { name: new RegExp(target) }).click();
    await expect(s.bank).toHaveValue(new RegExp(target));

    await s.store.click();
    await s.store.fill('Tây Hồ');
    await page.getByRole('option', { name: 'Phố Cổ - Tây Hồ' }).click();
    const va = await submitAndFindNew(page, s, before);
    await s.detailButton(va).click();
    await expect(s.detailFields).toContainText(target);
  });
});
