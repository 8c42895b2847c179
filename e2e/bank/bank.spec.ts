import type { Page } from '@playwright/test';
import { bankSeedPlan, BANKS } from '../../sandbox/db/seed-bank';
import { VERIFY_AMOUNT, VERIFY_DESCRIPTION } from '../../src/services/bank/schemas';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { decodeVietQrPng } from '../support/qr';
import { expect, test } from '../support/fixtures';
import { t, type Lang } from '../support/i18n';
import { signIn, switchLanguage } from '../support/portal';
import type { SandboxClient, ThrowawayMerchant } from '../support/sandbox';

// Issue 4, bank area: /bank and /bank/add (core §2, §4 bank account and terms modal, §5 add bank
// account, §7 /bank/*, §8 bank codes and toasts, §9 holder lookup 1 s, success 2.5 s). Every test has
// a throwaway merchant of its own: accounts are added, deleted and verified without disturbing others.

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const binOf = (code: string) => BANKS.find((b) => b.bank_code === code)!.bin;

function screen(page: Page, lang: Lang = 'vi') {
  const tx = (key: string, params: Record<string, string | number> = {}) => t(lang, `bank:${key}`, params);
  const table = page.getByRole('table', { name: tx('list.tableLabel') });
  return {
    tx,
    heading: page.getByRole('heading', { level: 1, name: tx('list.title') }),
    addHeading: page.getByRole('heading', { level: 1, name: tx('add.title') }),
    table,
    rows: table.getByTestId('data-row'),
    rowOf: (account: string) => table.getByTestId('data-row').filter({ hasText: account }),
    addButton: page.getByRole('button', { name: tx('list.add'), exact: true }),
    // Names start with the label (a required field's name ends in its asterisk).
    accountNo: page.getByRole('textbox', { name: startsWith(tx('add.accountNo')) }),
    bank: page.getByRole('combobox', { name: startsWith(tx('add.bank')) }),
    holder: page.getByTestId('bank-holder'),
    phone: page.getByRole('textbox', { name: startsWith(tx('add.phone')) }),
    continue: page.getByRole('button', { name: tx('add.continue'), exact: true }),
    terms: page.getByRole('dialog', { name: tx('terms.title') }),
    termsText: page.getByTestId('bank-terms'),
    agree: page.getByRole('button', { name: tx('terms.agree'), exact: true }),
    qrDialog: page.getByRole('dialog', { name: tx('qr.title') }),
    qr: page.getByTestId('bank-qr'),
    success: page.getByTestId('bank-verify-success'),
    deleteDialog: page.getByRole('dialog', { name: tx('delete.title') }),
  };
}

async function openList(page: Page, merchant: ThrowawayMerchant, lang: Lang = 'vi') {
  await signIn(page, merchant);
  await page.goto(P('/bank'));
  const s = screen(page, lang);
  await expect(s.heading).toBeVisible({ timeout: 15_000 });
  // The consent banner sits over the bottom of dialogs; a person answers it first too.
  const accept = page.getByRole('button', { name: t(lang, 'shell:cookie.accept') });
  if (await accept.isVisible()) await accept.click();
  await expect(s.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 15_000 });
  return s;
}


async function fillForm(page: Page, account: { account_no: string; bank_code: string }, phone: string) {
  const s = screen(page);
  await s.accountNo.fill(account.account_no);
  await s.bank.selectOption(account.bank_code);
  await s.phone.fill(phone);
}

async function agreeToTerms(page: Page) {
  const s = screen(page);
  await s.continue.click();
  await expect(s.terms).toBeVisible();
  await expect(s.agree).toBeDisabled();
  await s.termsText.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(s.agree).toBeEnabled();
  await s.agree.click();
}

async function triggerExists(sandbox: SandboxClient, name: string): Promise<boolean> {
  const res = await fetch(`${sandbox.baseURL}/sandbox/triggers`);
  const body = (await res.json()) as Array<{ name: string }> | { data: Array<{ name: string }> };
  return (Array.isArray(body) ? body : body.data).some((d) => d.name === name);
}

test.describe('Issue 4: bank accounts', () => {
  test('core §5: add an account, holder looked up after the pause, terms gate, QR decodes, verified by the bank event', async ({ page, sandbox }, testInfo) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const target = plan.addable[0]!;
    const s = await openList(page, merchant);
    await expect(s.rows).toHaveCount(2);
    await expectNoAxeViolations(page, 'bank list', testInfo);

    await s.addButton.click();
    await expect(page).toHaveURL(new RegExp(`${P('/bank/add')}$`));
    await expect(s.addHeading).toBeVisible();
    await expect(s.continue).toBeDisabled();
    await s.bank.selectOption(target.bank_code);
    await s.accountNo.fill(target.account_no);
    // §9: looked up 1 s after the last change, not at once; read-only and upper case.
    await expect(s.holder).toHaveValue('');
    await expect(s.holder).toHaveAttribute('readonly', '');
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await expect(s.continue).toBeDisabled();
    await s.phone.fill(plan.phone);
    await expect(s.continue).toBeEnabled();
    await expectNoAxeViolations(page, 'bank add form', testInfo);

    await s.continue.click();
    await expect(s.terms).toBeVisible();
    await expect(s.agree).toBeDisabled();
    await expectNoAxeViolations(page, 'bank terms modal', testInfo);
    // Scrolling only part of the way keeps Agree disabled.
    await s.termsText.evaluate((el) => el.scrollTo({ top: 10 }));
    await expect(s.agree).toBeDisabled();
    await s.termsText.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(s.agree).toBeEnabled();
    await s.agree.click();

    await expect(s.qrDialog).toBeVisible();
    await expect(s.qr).toBeVisible();
    await expect(s.qrDialog.getByTestId('qr-account')).toHaveText(target.account_no);
    await expect(s.qrDialog.getByTestId('qr-bank')).toContainText(target.bank_code);
    await expect(s.qrDialog.getByTestId('qr-amount')).toHaveText(/10\.000/);
    await expect(s.qrDialog.getByTestId('qr-description')).toHaveText(VERIFY_DESCRIPTION);
    const decoded = decodeVietQrPng(await s.qr.screenshot());
    expect(decoded).toMatchObject({
      bin: binOf(target.bank_code),
      accountNumber: target.account_no,
      amount: VERIFY_AMOUNT,
      purpose: VERIFY_DESCRIPTION,
      service: 'account',
      pointOfInitiation: 'dynamic',
    });
    await expectNoAxeViolations(page, 'bank QR modal', testInfo);

    await sandbox.trigger('bank-verify', { account_no: target.account_no, merchant: merchant.merchant_id });
    await expect(s.success).toBeVisible();
    // 2.5 s success, then 2 s later the list.
    await expect(page).toHaveURL(new RegExp(`${P('/bank')}$`), { timeout: 10_000 });
    const row = s.rowOf(target.account_no);
    await expect(row.getByTestId('bank-status')).toHaveText(s.tx('list.verified'));
    await expect(row.getByRole('button', { name: s.tx('list.verifyLabel', { account: target.account_no }) })).toBeDisabled();
    await expect(s.rows).toHaveCount(3);
  });

  test('core §8: a phone that does not match, then an account already linked: toasts, and everything typed stays', async ({ page, sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const target = plan.addable[1]!;
    await openList(page, merchant);
    await page.goto(P('/bank/add'));
    const s = screen(page);
    // An account the bank does not know: the holder lookup says so, Continue stays off.
    await fillForm(page, { account_no: '123456789', bank_code: target.bank_code }, '0987000111');
    await expect(page.getByText(s.tx('add.holderFailTitle')).first()).toBeVisible({ timeout: 5_000 });
    await expect(s.holder).toHaveValue('');
    await expect(s.continue).toBeDisabled();
    // Letters in the account number are said next to the field, and kept as typed.
    await s.accountNo.fill('12AB');
    await expect(page.getByText(s.tx('add.accountNoDigits'))).toBeVisible();
    await expect(s.accountNo).toHaveValue('12AB');
    // An account the bank refuses (write-locked): its own message.
    await fillForm(page, plan.writeLocked, plan.phone);
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await agreeToTerms(page);
    await expect(page.getByTestId('bank-add-error')).toContainText(t('vi', 'errors:ACCOUNT_WRITE_LOCKED'));

    await fillForm(page, target, '0987000111');
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await agreeToTerms(page);
    await expect(page.getByRole('alert').filter({ hasText: s.tx('error_check_match_phone') }).first()).toBeVisible();
    await expect(page.getByText(s.tx('add.failTitle')).first()).toBeVisible();
    await expect(s.accountNo).toHaveValue(target.account_no);
    await expect(s.bank).toHaveValue(target.bank_code);
    await expect(s.holder).toHaveValue(plan.holderName);
    await expect(s.phone).toHaveValue('0987000111');

    // The unverified account of the seed is linked already: BANK_EXIST.
    await s.accountNo.fill(plan.unverified.account_no);
    await s.bank.selectOption(plan.unverified.bank_code);
    await s.phone.fill(plan.phone);
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await agreeToTerms(page);
    await expect(page.getByTestId('bank-add-error')).toContainText(t('vi', 'errors:BANK_EXIST'));
    await expect(s.accountNo).toHaveValue(plan.unverified.account_no);
    await expect(s.phone).toHaveValue(plan.phone);
  });

  test('core §2 /bank, §8 DELETE_BANK_ERROR: delete asks first; an account a ShopQR uses stays', async ({ page, sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const s = await openList(page, merchant);
    const usedByShopQr = plan.verified.account_no;
    await s.rowOf(usedByShopQr).getByRole('button', { name: s.tx('list.deleteLabel', { account: usedByShopQr }) }).click();
    await expect(s.deleteDialog).toBeVisible();
    await s.deleteDialog.getByRole('button', { name: s.tx('delete.confirm'), exact: true }).click();
    await expect(page.getByText(t('vi', 'errors:DELETE_BANK_ERROR')).first()).toBeVisible();
    await expect(s.rowOf(usedByShopQr)).toHaveCount(1);

    const free = plan.unverified.account_no;
    await s.rowOf(free).getByRole('button', { name: s.tx('list.deleteLabel', { account: free }) }).click();
    await s.deleteDialog.getByRole('button', { name: s.tx('delete.cancel'), exact: true }).first().click();
    await expect(s.deleteDialog).toBeHidden();
    await expect(s.rowOf(free)).toHaveCount(1);
    await s.rowOf(free).getByRole('button', { name: s.tx('list.deleteLabel', { account: free }) }).click();
    await s.deleteDialog.getByRole('button', { name: s.tx('delete.confirm'), exact: true }).click();
    await expect(s.rowOf(free)).toHaveCount(0);
    await expect(s.rows).toHaveCount(1);
  });

  test('core §4: verify-by-QR from the list; closing keeps it unverified; a realtime drop mid-wait still ends verified', async ({ page, sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const account = plan.unverified.account_no;
    const s = await openList(page, merchant);
    const verifyButton = s.rowOf(account).getByRole('button', { name: s.tx('list.verifyLabel', { account }) });
    await expect(s.rowOf(plan.verified.account_no).getByRole('button', { name: s.tx('list.verifyLabel', { account: plan.verified.account_no }) })).toBeDisabled();

    await verifyButton.click();
    await expect(s.qr).toBeVisible();
    await s.qrDialog.getByRole('button', { name: s.tx('qr.close') }).last().click();
    await expect(s.qrDialog).toBeHidden();
    await expect(s.rowOf(account).getByTestId('bank-status')).toHaveText(s.tx('list.unverified'));

    await verifyButton.click();
    await expect(s.qr).toBeVisible();
    const decoded = decodeVietQrPng(await s.qr.screenshot());
    expect(decoded).toMatchObject({ bin: binOf(plan.unverified.bank_code), accountNumber: account, amount: VERIFY_AMOUNT, purpose: VERIFY_DESCRIPTION });
    // Give the va socket a moment to be subscribed before cutting it.
    await page.waitForTimeout(500);
    if (await triggerExists(sandbox, 'realtime-drop')) {
      // The server forgets the sockets' recovery state: the event below is not replayed, so only the
      // check after the reconnection can tell the screen.
      await sandbox.trigger('realtime-drop', { merchant: merchant.merchant_id, forget: 'true' });
    } else {
      testInfo().annotations.push({ type: 'skipped-part', description: 'trigger realtime-drop not built yet: verified without a drop' });
    }
    await sandbox.trigger('bank-verify', { account_no: account, merchant: merchant.merchant_id });
    await expect(s.success).toBeVisible({ timeout: 15_000 });
    await expect(s.qrDialog).toBeHidden({ timeout: 6_000 });
    await expect(s.rowOf(account).getByTestId('bank-status')).toHaveText(s.tx('list.verified'), { timeout: 6_000 });
    await expect(verifyButton).toBeDisabled();
  });

  test('core §4: closing the QR after adding leaves the account unverified in the list, where verify-by-QR reopens it', async ({ page, sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const target = plan.addable[1]!;
    await openList(page, merchant);
    await page.goto(P('/bank/add'));
    const s = screen(page);
    await fillForm(page, target, plan.phone);
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await agreeToTerms(page);
    await expect(s.qr).toBeVisible();
    await s.qrDialog.getByRole('button', { name: s.tx('qr.close') }).last().click();
    await expect(page).toHaveURL(new RegExp(`${P('/bank')}$`));
    const row = s.rowOf(target.account_no);
    await expect(row.getByTestId('bank-status')).toHaveText(s.tx('list.unverified'));
    await row.getByRole('button', { name: s.tx('list.verifyLabel', { account: target.account_no }) }).click();
    await expect(s.qr).toBeVisible();
    expect(decodeVietQrPng(await s.qr.screenshot())).toMatchObject({ bin: binOf(target.bank_code), accountNumber: target.account_no });
  });

  test('core §1 bilingual: the list and the add form in English', async ({ page, sandbox }, info) => {
    const merchant = await sandbox.createMerchant();
    await openList(page, merchant);
    await switchLanguage(page, 'en');
    const s = screen(page, 'en');
    await expect(s.heading).toBeVisible();
    await expect(s.table.getByRole('columnheader', { name: s.tx('list.columns.account') })).toBeVisible();
    await expect(s.rows.getByTestId('bank-status').first()).toHaveText(s.tx('list.unverified'));
    await s.addButton.click();
    await expect(s.addHeading).toBeVisible();
    await expect(s.continue).toBeDisabled();
    await expectNoAxeViolations(page, 'bank add form (en)', info);
  });
});

function testInfo() {
  return test.info();
}
