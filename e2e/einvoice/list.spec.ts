import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { switchLanguage } from '../support/shell';
import { einvoiceFault, pdfText } from '../support/einvoice';
import { EinvoiceListPage, merchantWithInvoices } from '../pages/einvoice-list';

// /e-invoice (doc 2 §2 "E-invoice list", §3 E-invoice row, §4 status maps and
// signing rules, §8 PDF and sign failures). Each test sets up its own throwaway merchant's provider
// through the sandbox and issues invoices straight at the provider's emulator.

test.describe('Issue 15: e-invoice list', () => {
  test('doc 2 §2, §4: M-Invoice rows with their status, search, symbol and released filters, the PDF, and signing', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const {
      merchant,
      invoices: [a, b],
    } = await merchantWithInvoices(sandbox, 'm-invoice', [
      { buyer: 'Nguyễn Văn An', item: 'Lẩu cua đồng', total: 1_900_000 },
      { buyer: 'Khách lẻ', item: 'Phở bò tái', total: 250_000 },
    ]);

    const l = await EinvoiceListPage.open(page, merchant);
    await l.waitForRows();
    await expect(l.rows).toHaveCount(2);
    await expect(l.provider).toContainText('M-Invoice');
    await expect(l.cqtStatus(a.seq)).toHaveText(t('vi', 'einvoice:status.cqt.pendingSignature'));
    await expect(l.signButton(a.seq)).toBeVisible();
    await expectNoAxeViolations(page, 'e-invoice list (vi, desktop)', info);

    // Invoice search: sent after the pause, kept in the address.
    await l.search.fill('Nguyễn Văn An');
    await expect(l.rows).toHaveCount(1, { timeout: 10_000 });
    await expect(l.row(a.seq)).toBeVisible();
    await expect(page).toHaveURL(/q=Nguy/);
    await l.search.fill('');
    await expect(l.rows).toHaveCount(2, { timeout: 10_000 });

    // Symbol search (upper-cased): the account's VAT series finds both, its sales-invoice series none.
    await l.serialSearch.fill(a.serial.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`serial=${a.serial}`), { timeout: 10_000 });
    await expect(l.rows).toHaveCount(2);
    await l.serialSearch.fill(`2${a.serial.slice(1, -1)}B`);
    await expect(l.noData).toHaveText(l.tx('list.empty'), { timeout: 10_000 });
    await l.serialSearch.fill('');
    await expect(l.rows).toHaveCount(2, { timeout: 10_000 });

    // Released = signed: none yet.
    await l.chooseReleased('released');
    await expect(l.noData).toHaveText(l.tx('list.empty'), { timeout: 10_000 });
    await expect(page).toHaveURL(/released=released/);
    await l.chooseReleased('unreleased');
    await expect(l.rows).toHaveCount(2, { timeout: 10_000 });
    // Back restores the previous filter from the address.
    await page.goBack();
    await expect(l.noData).toHaveText(l.tx('list.empty'), { timeout: 10_000 });
    await l.chooseReleased('all');
    await expect(l.rows).toHaveCount(2, { timeout: 10_000 });

    // The PDF: shown from a blob: URL, downloaded bytes are the real invoice (Vietnamese intact).
    await l.viewButton(a.seq).click();
    await expect(l.pdfFrame).toBeVisible({ timeout: 15_000 });
    expect(await l.pdfFrame.getAttribute('src')).toMatch(/^blob:/);
    const file = await l.downloadPdf();
    expect(file.name).toBe(`${a.serial}-${a.seq}.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.bytes);
    expect(text).toContain('Nguyễn Văn An');
    expect(text).toContain('Lẩu cua đồng');
    expect(text).toContain('1.900.000');
    expect(text).toContain('Một triệu chín trăm nghìn đồng');
    expect(text).toContain(a.searchCode);
    await expectNoAxeViolations(page, 'e-invoice PDF popup (vi, desktop)', info);
    await page.getByRole('button', { name: l.tx('list.pdf.close') }).click();
    await expect(l.pdfDialog).toBeHidden();

    // Sign: the question of doc 2 §4, the toast, the row moves on and cannot be signed again.
    await l.signButton(a.seq).click();
    await expect(l.signDialog).toContainText(l.tx('list.sign.question'));
    await expectNoAxeViolations(page, 'e-invoice sign confirmation (vi, desktop)', info);
    await l.signConfirm.click();
    await expect(l.toast(l.tx('list.sign.successTitle'))).toBeVisible({ timeout: 15_000 });
    await expect(l.signDialog).toBeHidden();
    await expect(l.cqtStatus(a.seq)).not.toHaveText(t('vi', 'einvoice:status.cqt.pendingSignature'), { timeout: 10_000 });
    await expect(l.signButton(a.seq)).toHaveCount(0);
    await expect(l.signButton(b.seq)).toBeVisible();
    await l.chooseReleased('released');
    await expect(l.rows).toHaveCount(1, { timeout: 10_000 });
    await expect(l.row(a.seq)).toBeVisible();
  });

  test('doc 2 §4, §8: FPT signs once; a second sign is refused with the system-failure toast (en, 375 px)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const {
      merchant,
      invoices: [inv],
    } = await merchantWithInvoices(sandbox, 'fpt', [{ buyer: 'Trần Thị Bình', item: 'Bún chả', total: 120_000 }]);
    await page.setViewportSize({ width: 375, height: 812 });
    await EinvoiceListPage.open(page, merchant);
    await switchLanguage(page, 'en');
    const l = new EinvoiceListPage(page, 'en');
    await l.waitForRows();
    await expect(l.row(inv.seq)).toBeVisible();
    await expectNoAxeViolations(page, 'e-invoice list (en, 375 px)', info);

    await l.signButton(inv.seq).click();
    await l.signConfirm.click();
    await expect(l.toast(l.tx('list.sign.successTitle'))).toBeVisible({ timeout: 15_000 });
    // FPT keeps offering the button while the row has a status (doc 2 §4 "when a value is present"); FPT refuses.
    await expect(l.signButton(inv.seq)).toBeVisible({ timeout: 10_000 });
    await l.signButton(inv.seq).click();
    await l.signConfirm.click();
    const failure = l.toast(l.tx('list.sign.failTitle'));
    await expect(failure).toBeVisible({ timeout: 15_000 });
    await expect(failure).toContainText(t('en', 'common:system_fail'));
    await expect(l.signDialog).toBeHidden();
  });

  test('doc 2 §2, §4: Viettel shows its PDF once drawn, and sends an unsent invoice once', async ({ page, sandbox }) => {
    test.slow();
    const {
      merchant,
      invoices: [inv],
    } = await merchantWithInvoices(sandbox, 'viettel', [{ buyer: 'Phạm Thị Dung', item: 'Gỏi cuốn', total: 90_000 }]);
    const l = await EinvoiceListPage.open(page, merchant);
    await l.waitForRows();
    await expect(l.cqtStatus(inv.seq)).toHaveText(t('vi', 'einvoice:status.cqt.notSentWithCode'));
    // Viettel's PDF is not ready at the first ask: the popup waits for it.
    await l.viewButton(inv.seq).click();
    await expect(l.pdfFrame).toBeVisible({ timeout: 15_000 });
    const text = pdfText((await l.downloadPdf()).bytes);
    expect(text).toContain('Phạm Thị Dung');
    expect(text).toContain('Gỏi cuốn');
    await page.getByRole('button', { name: l.tx('list.pdf.close') }).click();
    await l.signButton(inv.seq).click();
    await l.signConfirm.click();
    await expect(l.toast(l.tx('list.sign.successTitle'))).toBeVisible({ timeout: 15_000 });
    // Sent: "only when not sent" (doc 2 §4), so no second offer.
    await expect(l.signButton(inv.seq)).toHaveCount(0, { timeout: 10_000 });
    await expect(l.cqtStatus(inv.seq)).not.toHaveText(t('vi', 'einvoice:status.cqt.notSentWithCode'));
  });

  test('doc 2 §4 "misa never": MISA rows offer the PDF but no signing', async ({ page, sandbox }) => {
    const {
      merchant,
      invoices: [inv],
    } = await merchantWithInvoices(sandbox, 'misa', [{ buyer: 'Lê Văn Cường', item: 'Cà phê sữa đá', total: 35_000 }]);
    const l = await EinvoiceListPage.open(page, merchant);
    await l.waitForRows();
    await expect(l.row(inv.seq)).toBeVisible();
    await expect(l.viewButton(inv.seq)).toBeVisible();
    await expect(l.signButton(inv.seq)).toHaveCount(0);
  });

  test('doc 2 §8: a PDF that never gets ready closes the popup with the system_fail toast', async ({ page, sandbox }) => {
    test.slow();
    const {
      merchant,
      api,
      invoices: [inv],
    } = await merchantWithInvoices(sandbox, 'm-invoice', [{ buyer: 'Khách lẻ', item: 'Trà đá', total: 5_000 }]);
    await einvoiceFault(api, merchant, 'm-invoice', 'pdf-not-ready', { count: 1000 });
    const l = await EinvoiceListPage.open(page, merchant);
    await l.waitForRows();
    await l.viewButton(inv.seq).click();
    const failure = l.toast(l.tx('list.pdf.failTitle'));
    await expect(failure).toBeVisible({ timeout: 20_000 });
    await expect(failure).toContainText(t('vi', 'common:system_fail'));
    await expect(l.pdfDialog).toBeHidden();
  });

  test('doc 2 §6: not set up says so and links to the setting, in vi and en, axe clean', async ({ page, sandbox }, info) => {
    const merchant = await sandbox.createMerchant('colan');
    const l = await EinvoiceListPage.open(page, merchant);
    await expect(l.notSetUp).toBeVisible({ timeout: 15_000 });
    await expect(l.settingLink).toHaveAttribute('href', /\/e-inv-setting$/);
    await expect(l.table).toHaveCount(0);
    await expectNoAxeViolations(page, 'e-invoice not set up (vi, desktop)', info);
    await switchLanguage(page, 'en');
    const en = new EinvoiceListPage(page, 'en');
    await expect(en.settingLink).toHaveText(en.tx('list.notSetUp.link'));
    await expect(en.notSetUp).toContainText(t('en', 'errors:EINV_NOT_SET_UP'));
    await expectNoAxeViolations(page, 'e-invoice not set up (en, desktop)', info);
  });
});
