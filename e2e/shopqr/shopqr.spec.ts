import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { decodeVietQrPng } from '../support/qr';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { signIn, switchLanguage } from '../support/portal';
import type { ThrowawayMerchant } from '../support/sandbox';

// Issue 4, ShopQR (core §2 /payment, §3 virtual account, §5 ShopQR add and Inputs, §7
// /channel-payment, §8 ShopQR codes). Each test has a throwaway phoco copy of its own: its seed has
// a STORE code for Hàng Bạc, a STAFF code for NV003 and a BILL code for NV002 (IN_STORE, 150,000).

const VCB_BIN = '970436';


function screen(page: Page, lang: Lang = 'vi') {
  const tx = (key: string, params: Record<string, string | number> = {}) => t(lang, `payment:${key}`, params);
  const table = page.getByRole('table', { name: tx('tableLabel') });
  return {
    tx,
    heading: page.getByRole('heading', { level: 1, name: tx('title') }),
    table,
    rows: table.getByTestId('data-row'),
    skeletons: table.getByTestId('skeleton-row'),
    add: page.getByRole('link', { name: tx('add') }),
    form: page.getByRole('form', { name: tx('form.title') }),
    type: (type: 'STORE' | 'STAFF' | 'BILL') => page.getByRole('radio', { name: tx(`type.${type}`) }),
    bank: page.getByTestId('shopqr-bank'),
    staff: page.getByTestId('shopqr-staff'),
    channel: page.getByTestId('shopqr-channel'),
    amount: page.getByTestId('shopqr-amount'),
    store: page.getByTestId('store-filter'),
    submit: page.getByRole('button', { name: tx('form.submit') }),
    submitError: page.getByTestId('shopqr-submit-error'),
    detailDialog: page.getByRole('dialog', { name: tx('detail.title') }),
    deleteDialog: page.getByRole('dialog', { name: tx('delete.title') }),
    qr: page.getByTestId('shopqr-qr'),
    rowOf: (va: string) => table.getByTestId('data-row').filter({ hasText: va }),
  };
}

async function openList(page: Page, merchant: ThrowawayMerchant): Promise<ReturnType<typeof screen>> {
  await signIn(page, merchant);
  await page.goto(P('/payment'));
  const s = screen(page);
  await expect(s.heading).toBeVisible({ timeout: 15_000 });
  // The consent banner sits over the bottom of dialogs; a person answers it first too.
  const accept = page.getByRole('button', { name: t('vi', 'shell:cookie.accept') });
  if (await accept.isVisible()) await accept.click();
  await expect(s.skeletons).toHaveCount(0, { timeout: 15_000 });
  return s;
}

async function openAdd(page: Page, s: ReturnType<typeof screen>): Promise<void> {
  await s.add.click();
  await expect(page).toHaveURL(/\/portal\/payment\/add$/);
  await expect(s.form).toBeVisible({ timeout: 15_000 });
  // One verified account is chosen for the user.
  await expect(s.bank).not.toHaveValue('');
}

async function pick(page: Page, input: ReturnType<Page['getByTestId']>, option: string | RegExp): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}


/** Opens a row's detail, decodes the QR on screen and the downloaded file, checks them, closes. */
async function checkDetail(page: Page, s: ReturnType<typeof screen>, va: string, amount?: number): Promise<void> {
  await s.rowOf(va).getByRole('button', { name: s.tx('actions.detail', { va }) }).click();
  await expect(s.detailDialog).toBeVisible();
  await expect(s.qr).toBeVisible();
  await expect(s.detailDialog.getByTestId('shopqr-fields')).toContainText(va);
  const onScreen = decodeVietQrPng(await s.qr.screenshot());
  expect(onScreen.accountNumber).toBe(va);
  expect(onScreen.bin).toBe(VCB_BIN);
  expect(onScreen.service).toBe('account');
  expect(onScreen.amount).toBe(amount);
  expect(onScreen.raw.slice(-8, -4)).toBe('6304');

  const [download] = await Promise.all([page.waitForEvent('download'), s.detailDialog.getByRole('button', { name: s.tx('detail.download') }).click()]);
  expect(download.suggestedFilename()).toBe(`${va}.png`);
  expect(decodeVietQrPng(readFileSync(await download.path())).raw).toBe(onScreen.raw);
  await s.detailDialog.getByRole('button', { name: s.tx('detail.close') }).last().click();
  await expect(s.detailDialog).toBeHidden();
}

async function submitAndFindNew(page: Page, s: ReturnType<typeof screen>, before: string[]): Promise<string> {
  await s.submit.click();
  await expect(page).toHaveURL(/\/portal\/payment$/, { timeout: 15_000 });
  await expect(page.getByText(s.tx('form.successTitle'), { exact: true })).toBeVisible();
  await expect(s.skeletons).toHaveCount(0, { timeout: 15_000 });
  await expect(s.rows).toHaveCount(before.length + 1);
  const now = await s.rows.locator('th').allInnerTexts();
  const added = now.map((v) => v.trim()).filter((v) => !before.includes(v));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(/^\d{18}$/);
  return added[0]!;
}

async function deleteRow(page: Page, s: ReturnType<typeof screen>, va: string): Promise<void> {
  await s.rowOf(va).getByRole('button', { name: s.tx('actions.delete', { va }) }).click();
  await expect(s.deleteDialog).toContainText(va);
  await s.deleteDialog.getByRole('button', { name: s.tx('delete.confirm'), exact: true }).click();
  await expect(s.deleteDialog).toBeHidden();
  await expect(page.getByText(s.tx('delete.successBody', { va }))).toBeVisible();
  await expect(s.rowOf(va)).toHaveCount(0);
}

const vaNumbers = async (s: ReturnType<typeof screen>) => (await s.rows.locator('th').allInnerTexts()).map((v) => v.trim());

test.describe('Issue 4: ShopQR (/payment)', () => {
  test('core §2, §3: the list shows the seeded codes; the BILL detail QR decodes to a dynamic VietQR with its amount', async ({ page, sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const s = await openList(page, merchant);
    await expect(s.rows).toHaveCount(3);
    for (const va of await vaNumbers(s)) expect(va).toMatch(new RegExp(`^9699${merchant.merchant_id}\\d{6}$`));
    const bill = s.rows.filter({ hasText: s.tx('type.BILL') });
    await expect(bill).toContainText('NV002');
    await expect(bill).toContainText(s.tx('channel.IN_STORE'));
    const va = (await bill.locator('th').innerText()).trim();
    await checkDetail(page, s, va, 150_000);
  });

  test('core §5: creates a STORE ShopQR, its QR decodes, and deletes it', async ({ page, sandbox }) => {
    const s = await openList(page, await sandbox.createMerchant());
    const before = await vaNumbers(s);
    await openAdd(page, s);
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
    const s = await openList(page, await sandbox.createMerchant());
    const before = await vaNumbers(s);
    await openAdd(page, s);
    await s.type('STAFF').check();
    await pick(page, s.staff, /NV004/);
    const va = await submitAndFindNew(page, s, before);
    await expect(s.rowOf(va)).toContainText('NV004');
    await checkDetail(page, s, va);
    await deleteRow(page, s, va);
  });

  test('core §5: creates a BILL ShopQR with staff, channel and amount; its QR carries the amount; deletes it', async ({ page, sandbox }) => {
    const s = await openList(page, await sandbox.createMerchant());
    const before = await vaNumbers(s);
    await openAdd(page, s);
    await s.type('BILL').check();
    // Field messages per field after a submit with nothing chosen.
    await s.submit.click();
    await expect(s.form.getByText(s.tx('errors.staff'))).toBeVisible();
    await expect(s.form.getByText(s.tx('errors.channel'))).toBeVisible();
    await expect(s.form.getByText(s.tx('errors.amountRequired'))).toBeVisible();
    await pick(page, s.staff, /NV001/);
    await pick(page, s.channel, s.tx('channel.KIOSK'));
    await s.amount.fill('2500000');
    await expect(s.form.getByText(s.tx('errors.amountRequired'))).toHaveCount(0);
    const va = await submitAndFindNew(page, s, before);
    await expect(s.rowOf(va)).toContainText(s.tx('channel.KIOSK'));
    await checkDetail(page, s, va, 2_500_000);
    await deleteRow(page, s, va);
  });

  test('core §5 Inputs: the amount refuses e, E, +, ., comma and minus, typed or pasted, and keeps 13 digits', async ({ page, sandbox }) => {
    const s = await openList(page, await sandbox.createMerchant());
    await openAdd(page, s);
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
      await s.amount.evaluate((el, pasted) => {
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
      await expect(s.amount, text).toHaveValue('');
    }
    await s.amount.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', '12345678901234567');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(s.amount).toHaveValue('1234567890123');
  });

  test('core §8: STAFF_LINK_VA names the staff member and keeps the form; a repeated bill is CHANNEL_EXIST, never a duplicate', async ({ page, sandbox }) => {
    const s = await openList(page, await sandbox.createMerchant());
    await openAdd(page, s);
    await s.type('STAFF').check();
    // NV001 works at Hàng Bạc, which has a store ShopQR.
    await pick(page, s.staff, /NV001/);
    await s.submit.click();
    await expect(s.submitError).toContainText(t('vi', 'errors:STAFF_LINK_VA_named', { staff: 'Lê Thị Hồng' }));
    await expect(page).toHaveURL(/\/portal\/payment\/add$/);
    await expect(s.type('STAFF')).toBeChecked();
    await expect(s.staff).toHaveValue(/NV001/);

    // The seeded bill: NV002, in store, 150,000.
    await s.type('BILL').check();
    await pick(page, s.staff, /NV002/);
    await pick(page, s.channel, s.tx('channel.IN_STORE'));
    await s.amount.fill('150000');
    await s.submit.click();
    await expect(s.submitError).toContainText(t('vi', 'errors:CHANNEL_EXIST'));
    await expect(s.amount).toHaveValue('150000');
    await expect(s.channel).toHaveValue(s.tx('channel.IN_STORE'));
    await expect(s.staff).toHaveValue(/NV002/);
    await expect(s.submit).toBeEnabled();
    await page.goto(P('/payment'));
    await expect(screen(page).rows).toHaveCount(3, { timeout: 15_000 });
  });

  test('core §8: deleting a code another tab already deleted shows CHANNEL_NOT_FOUND in the dialog, which stays open', async ({ page, browser, sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const s = await openList(page, merchant);
    const va = (await vaNumbers(s))[0]!;
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      const s2 = await openList(second, merchant);
      await deleteRow(second, s2, va);
    } finally {
      await other.close();
    }
    // This tab still shows the row.
    await s.rowOf(va).getByRole('button', { name: s.tx('actions.delete', { va }) }).click();
    await s.deleteDialog.getByRole('button', { name: s.tx('delete.confirm'), exact: true }).click();
    await expect(s.deleteDialog.getByTestId('shopqr-delete-error')).toContainText(t('vi', 'errors:CHANNEL_NOT_FOUND'));
    await expect(s.deleteDialog).toBeVisible();
    await s.deleteDialog.getByRole('button', { name: s.tx('delete.cancel'), exact: true }).click();
    await expect(s.deleteDialog).toBeHidden();
    // The list was reloaded meanwhile: the gone code is no longer offered.
    await expect(s.rowOf(va)).toHaveCount(0);
    await expect(s.rows).toHaveCount(2);
  });

  test('English: the list, the add form and a server message read in English', async ({ page, sandbox }) => {
    await openList(page, await sandbox.createMerchant());
    await switchLanguage(page, 'en');
    const s = screen(page, 'en');
    await expect(s.heading).toBeVisible();
    await expect(s.table.getByRole('columnheader', { name: s.tx('columns.va_account_no') })).toBeVisible();
    await s.add.click();
    await expect(s.form).toBeVisible({ timeout: 15_000 });
    await s.type('STAFF').check();
    await pick(page, s.staff, /NV003/);
    await s.submit.click();
    await expect(s.submitError).toContainText(t('en', 'errors:CHANNEL_EXIST'));
    await expect(s.submitError).toContainText(s.tx('form.failedHint'));
  });

  test('accessibility: axe finds nothing on the list, the add form (with messages) and the detail', async ({ page, sandbox }, testInfo) => {
    const s = await openList(page, await sandbox.createMerchant());
    await expectNoAxeViolations(page, 'shopqr list', testInfo);
    const va = (await vaNumbers(s))[0]!;
    await s.rowOf(va).getByRole('button', { name: s.tx('actions.detail', { va }) }).click();
    await expect(s.qr).toBeVisible();
    await expectNoAxeViolations(page, 'shopqr detail', testInfo);
    await s.detailDialog.getByRole('button', { name: s.tx('detail.close') }).last().click();
    await openAdd(page, s);
    await s.type('BILL').check();
    await s.submit.click();
    await expect(s.form.getByText(s.tx('errors.staff'))).toBeVisible();
    await expectNoAxeViolations(page, 'shopqr add form', testInfo);
  });
});
