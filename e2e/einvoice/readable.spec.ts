import { expectNoAxeViolations } from '../support/axe';
import { textContrast } from '../support/contrast';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { REVIEW_LOOKS, lookName, openInLook } from '../support/looks';
import { EinvoiceListPage, merchantWithInvoices } from '../pages/einvoice-list';

// Readable and whole (D222, D223) on /e-invoice: the CQT status "Chờ ký" was drawn orange 9 on orange 9 (1:1, which axe
// only lists "to review"). The axe check also runs the contrast and clipping guards (D222, D223).

test.describe('Issue 24 §6: e-invoice list, readable', () => {
  test('issue 24 §6: a "Chờ ký" (pending signature) row reads at 4.5:1 and whole (vi and en, 1366 and 375 px)', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const {
      merchant,
      invoices: [inv],
    } = await merchantWithInvoices(sandbox, 'm-invoice', [{ buyer: 'Nguyễn Văn An', item: 'Lẩu cua đồng', total: 1_900_000 }]);
    await EinvoiceListPage.open(page, merchant);
    for (const look of REVIEW_LOOKS) {
      await page.setViewportSize({ width: look.width, height: 812 });
      await openInLook(page, '/e-invoice', look);
      const l = new EinvoiceListPage(page, look.lang);
      await l.waitForRows();
      const status = l.cqtStatus(inv.seq);
      await expect(status).toHaveText(t(look.lang, 'einvoice:status.cqt.pendingSignature'));
      expect(await textContrast(status), lookName(look)).toBeGreaterThanOrEqual(4.5);
      await expectNoAxeViolations(page, `e-invoice list, pending signature (${lookName(look)})`, info);
    }
  });
});
