import { resetSandboxClockAroundTests } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { EinvoiceListPage, merchantWithInvoices } from '../pages/einvoice-list';

// With the sandbox clock: an M-Invoice signature is "sent" at once and gets its
// tax-authority (CQT) code 5 s of provider time later (docs/areas/einvoice.md, M-Invoice statuses).

resetSandboxClockAroundTests();

test('doc 2 §4: after signing on M-Invoice the CQT code appears once the provider grants it', async ({ page, sandbox }) => {
  test.slow();
  const {
    merchant,
    invoices: [inv],
  } = await merchantWithInvoices(sandbox, 'm-invoice', [{ buyer: 'Khách lẻ', item: 'Phở gà', total: 60_000 }]);
  const l = await EinvoiceListPage.open(page, merchant);
  await l.waitForRows();
  await expect(l.row(inv.seq).getByTestId('einvoice-cqt-code')).toHaveCount(0);
  await l.signButton(inv.seq).click();
  await l.signConfirm.click();
  await expect(l.toast(l.tx('list.sign.successTitle'))).toBeVisible({ timeout: 15_000 });
  await sandbox.advanceClock(60);
  // A new query asks the provider again.
  await l.chooseReleased('released');
  await expect(l.cqtStatus(inv.seq)).toHaveText(t('vi', 'einvoice:status.cqt.success'), { timeout: 10_000 });
  await expect(l.row(inv.seq).getByTestId('einvoice-cqt-code')).toHaveText(/^00[0-9A-F]{32}$/i);
});
