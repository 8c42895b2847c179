import { bankSeedPlan, BANKS } from '../../sandbox/areas/bank/seed';
import { VERIFY_AMOUNT, VERIFY_DESCRIPTION } from '../../src/services/bank/schemas';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { decodeVietQrPng } from '../support/qr';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import type { SandboxClient } from '../support/sandbox';
import { BankPage, watchNamespaceJoins } from '../pages/bank';
import { switchLanguage } from '../support/shell';

// Bank area: /bank and /bank/add (core §2, §4 bank account and terms modal, §5 add bank
// account, §7 /bank/*, §8 bank codes and toasts, §9 holder lookup 1 s, success 2.5 s). Every test has
// a throwaway merchant of its own: accounts are added, deleted and verified without disturbing others.

const binOf = (code: string) => BANKS.find((b) => b.bank_code === code)!.bin;

async function triggerExists(sandbox: SandboxClient, name: string): Promise<boolean> {
  const res = await fetch(`${sandbox.baseURL}/sandbox/triggers`);
  const body = (await res.json()) as Array<{ name: string }> | { data: Array<{ name: string }> };
  return (Array.isArray(body) ? body : body.data).some((d) => d.name === name);
}

test.describe('Issue 4: bank accounts', () => {
  test('core §5: add an account, holder looked up after the pause, terms gate, QR decodes, verified by the bank event', async ({
    page,
    sandbox,
  }, testInfo) => {
    // Four axe scans, a 1 s lookup pause and the 4.5 s verified hand-over: past 45 s on a loaded machine.
    test.slow();
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const target = plan.addable[0]!;
    const s = await BankPage.open(page, merchant);
    await expect(s.rows).toHaveCount(2);
    await expectNoAxeViolations(page, 'bank list', testInfo);

    await s.addButton.click();
    await expect(page).toHaveURL(new RegExp(`${P('/bank/add')}$`));
    await expect(s.addHeading).toBeVisible();
    await expect(s.continue).toBeDisabled();
    await s.chooseBank(target.bank_code);
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
    await s.scrollTerms(10);
    await expect(s.agree).toBeDisabled();
    await s.scrollTerms('end');
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
    await expect(s.statusOf(target.account_no)).toHaveText(s.tx('list.verified'));
    await expect(s.verifyButton(target.account_no)).toBeDisabled();
    await expect(s.rows).toHaveCount(3);
  });

  test('core §8: a phone that does not match, then an account already linked: toasts, and everything typed stays', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const target = plan.addable[1]!;
    const s = await BankPage.open(page, merchant);
    await page.goto(P('/bank/add'));
    // An account the bank does not know: the holder lookup says so, Continue stays off.
    await s.fillForm({ account_no: '123456789', bank_code: target.bank_code }, '0987000111');
    await expect(page.getByText(s.tx('add.holderFailTitle')).first()).toBeVisible({ timeout: 5_000 });
    await expect(s.holder).toHaveValue('');
    await expect(s.continue).toBeDisabled();
    // Letters in the account number are said next to the field, and kept as typed.
    await s.accountNo.fill('12AB');
    await expect(page.getByText(s.tx('validation.digitsOnly'))).toBeVisible();
    await expect(s.accountNo).toHaveValue('12AB');
    // An account the bank refuses (write-locked): its own message.
    await s.fillForm(plan.writeLocked, plan.phone);
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await s.agreeToTerms();
    await expect(s.addError).toContainText(t('vi', 'errors:ACCOUNT_WRITE_LOCKED'));

    await s.fillForm(target, '0987000111');
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await s.agreeToTerms();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: s.tx('error_check_match_phone') })
        .first(),
    ).toBeVisible();
    await expect(page.getByText(s.tx('add.failTitle')).first()).toBeVisible();
    await expect(s.accountNo).toHaveValue(target.account_no);
    await expect(s.bank).toHaveValue(s.bankLabel(target.bank_code));
    await expect(s.holder).toHaveValue(plan.holderName);
    await expect(s.phone).toHaveValue('0987000111');

    // The unverified account of the seed is linked already: BANK_EXIST.
    await s.fillForm(plan.unverified, plan.phone);
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await s.agreeToTerms();
    await expect(s.addError).toContainText(t('vi', 'errors:BANK_EXIST'));
    await expect(s.accountNo).toHaveValue(plan.unverified.account_no);
    await expect(s.phone).toHaveValue(plan.phone);
  });

  test('core §2 /bank, §8 DELETE_BANK_ERROR: delete asks first; an account a ShopQR uses stays', async ({ page, sandbox }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const s = await BankPage.open(page, merchant);
    const usedByShopQr = plan.verified.account_no;
    await s.deleteButton(usedByShopQr).click();
    await expect(s.deleteDialog).toBeVisible();
    await s.deleteConfirm.click();
    await expect(page.getByText(t('vi', 'errors:DELETE_BANK_ERROR')).first()).toBeVisible();
    await expect(s.rowOf(usedByShopQr)).toHaveCount(1);

    const free = plan.unverified.account_no;
    await s.deleteButton(free).click();
    await s.deleteCancel.click();
    await expect(s.deleteDialog).toBeHidden();
    await expect(s.rowOf(free)).toHaveCount(1);
    await s.deleteButton(free).click();
    await s.deleteConfirm.click();
    await expect(s.rowOf(free)).toHaveCount(0);
    await expect(s.rows).toHaveCount(1);
  });

  test('core §4: verify-by-QR from the list; closing keeps it unverified; a realtime drop mid-wait still ends verified', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const account = plan.unverified.account_no;
    const vaJoined = watchNamespaceJoins(page, '/va');
    const s = await BankPage.open(page, merchant);
    const verifyButton = s.verifyButton(account);
    await expect(s.verifyButton(plan.verified.account_no)).toBeDisabled();

    await verifyButton.click();
    await expect(s.qr).toBeVisible();
    await s.qrClose.click();
    await expect(s.qrDialog).toBeHidden();
    await expect(s.statusOf(account)).toHaveText(s.tx('list.unverified'));

    await verifyButton.click();
    await expect(s.qr).toBeVisible();
    const decoded = decodeVietQrPng(await s.qr.screenshot());
    expect(decoded).toMatchObject({
      bin: binOf(plan.unverified.bank_code),
      accountNumber: account,
      amount: VERIFY_AMOUNT,
      purpose: VERIFY_DESCRIPTION,
    });
    // The va namespace must be joined before it is cut: the server's connect answer on it seen.
    await expect.poll(() => vaJoined.count, { message: 'the va namespace joined' }).toBeGreaterThan(0);
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
    await expect(s.statusOf(account)).toHaveText(s.tx('list.verified'), { timeout: 6_000 });
    await expect(verifyButton).toBeDisabled();
  });

  test('core §4: closing the QR after adding leaves the account unverified in the list, where verify-by-QR reopens it', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    const plan = bankSeedPlan(merchant.merchant_id);
    const target = plan.addable[1]!;
    const s = await BankPage.open(page, merchant);
    await page.goto(P('/bank/add'));
    await s.fillForm(target, plan.phone);
    await expect(s.holder).toHaveValue(plan.holderName, { timeout: 5_000 });
    await s.agreeToTerms();
    await expect(s.qr).toBeVisible();
    await s.qrClose.click();
    await expect(page).toHaveURL(new RegExp(`${P('/bank')}$`));
    await expect(s.statusOf(target.account_no)).toHaveText(s.tx('list.unverified'));
    await s.verifyButton(target.account_no).click();
    await expect(s.qr).toBeVisible();
    expect(decodeVietQrPng(await s.qr.screenshot())).toMatchObject({ bin: binOf(target.bank_code), accountNumber: target.account_no });
  });

  test('core §1 bilingual: the list and the add form in English', async ({ page, sandbox }, info) => {
    const merchant = await sandbox.createMerchant();
    await BankPage.open(page, merchant);
    await switchLanguage(page, 'en');
    const s = new BankPage(page, 'en');
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
