import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { REVIEW_LOOKS, lookName, openInLook } from '../support/looks';
import { EinvoiceListPage, issueInvoice, merchantWithInvoices } from '../pages/einvoice-list';

// D243–D247: Decree 70 leaves no cancellation; an issued invoice is adjusted or replaced
// from /e-invoice, with the reason, and the list shows original and correction together. MISA signs
// while it publishes, so its invoices are issued at once. The axe check also runs the contrast and
// clipping guards (D222, D223).

test.describe('Issue 25 §5: corrections from the e-invoice list', () => {
  test('issue 25 §5: adjust and replace from the invoice list (vi and en, 1366 and 375 px)', async ({ page, sandbox }, info) => {
    test.slow();
    const { merchant, api } = await merchantWithInvoices(sandbox, 'misa', []);
    await EinvoiceListPage.open(page, merchant);
    for (const [n, look] of REVIEW_LOOKS.entries()) {
      const name = lookName(look);
      // One invoice of its own per look: a hot pot for 1,900,000 đồng.
      const inv = await issueInvoice(api, merchant, 'misa', {
        ref: `CORR-${Date.now().toString(36)}-${n}`.toUpperCase(),
        buyer: `Nguyễn Văn An ${n + 1}`,
        item: 'Lẩu cua đồng',
        total: 1_900_000,
      });
      await openInLook(page, `/e-invoice?q=${encodeURIComponent(`Nguyễn Văn An ${n + 1}`)}`, look);
      const l = new EinvoiceListPage(page, look.lang);
      await l.waitForRows();
      await expect(l.row(inv.seq)).toBeVisible();

      // Adjust the amounts: one beer back (25,000 đồng with VAT), with the reason the dialog asks for.
      await l.correctButton(inv.seq).click();
      await expect(l.correctDialog).toBeVisible();
      await l.correctDialog.getByTestId('correct-line-name').fill('Bia Hà Nội');
      await l.correctDialog.getByTestId('correct-line-price').fill('25000');
      await l.correctDialog.getByTestId('correct-review').click();
      await expect(l.correctDialog.getByText(l.tx('list.correct.problems.reason'))).toBeVisible();
      await expectNoAxeViolations(page, `correction dialog with its problem (${name})`, info);
      await l.correctDialog.getByTestId('correct-reason').fill('Khách trả lại 1 chai bia');
      await l.correctDialog.getByTestId('correct-review').click();
      await expect(l.correctDialog.getByTestId('correct-summary')).toContainText(
        l.tx('list.correct.reviewReason', { reason: 'Khách trả lại 1 chai bia' }),
      );
      await expect(l.correctDialog.getByTestId('correct-summary-total')).toContainText(/-25[.,]000/);
      // A double click issues one adjustment.
      await l.correctDialog.getByTestId('correct-confirm').dblclick();
      await expect(l.correctDialog.getByTestId('correct-done')).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page, `correction issued (${name})`, info);
      await l.correctDialog.getByTestId('correct-close').click();
      await expect(l.correctDialog).toBeHidden();

      // The list: the adjustment under its original, each naming the other, the new total on the original.
      await expect(l.rows).toHaveCount(2, { timeout: 15_000 });
      await expect(l.row(inv.seq).getByTestId('einvoice-total-after')).toContainText(/1[.,]875[.,]000/);
      await expect(l.row(inv.seq).getByTestId('einvoice-corrected-by')).toHaveCount(1);
      const adjustment = l.rows.nth(1);
      await expect(adjustment.getByTestId('einvoice-corrects')).toContainText(`${inv.serial.slice(1)}`);
      await expect(adjustment).toContainText(/-25[.,]000/);

      // Replace the original: the whole invoice again, at the right price.
      await l.correctButton(inv.seq).click();
      await l.correctDialog.getByTestId('correct-kind-replace').check();
      await l.correctDialog.getByTestId('correct-line-name').fill('Lẩu cua đồng');
      await l.correctDialog.getByTestId('correct-line-price').fill('1875000');
      await l.correctDialog.getByTestId('correct-reason').fill('Sai số tiền');
      await l.correctDialog.getByTestId('correct-review').click();
      await l.correctDialog.getByTestId('correct-confirm').click();
      await expect(l.correctDialog.getByTestId('correct-done')).toBeVisible({ timeout: 15_000 });
      await l.correctDialog.getByTestId('correct-close').click();
      await expect(l.rows).toHaveCount(3, { timeout: 15_000 });
      await expect(l.row(inv.seq).getByTestId('einvoice-corrected-by')).toHaveCount(2);
      // Replaced: nothing more is offered on it.
      await expect(l.correctButton(inv.seq)).toHaveCount(0);
      await expectNoAxeViolations(page, `original with its adjustment and replacement (${name})`, info);
    }
  });
});

test("issue 25 §5: a link to an invoice's correction (einvoicePaths.correct) opens its dialog once the row is there (en, 375 px)", async ({
  page,
  sandbox,
}, info) => {
  test.slow();
  const {
    merchant,
    invoices: [inv],
  } = await merchantWithInvoices(sandbox, 'misa', [{ buyer: 'Lê Văn Cường', item: 'Bún chả', total: 120_000 }]);
  await EinvoiceListPage.open(page, merchant);
  // The invoice's Vietnam day, as the order screen knows it.
  const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  // As einvoicePaths.correct writes it (src/app/einvoice/paths.ts; the e2e project does not compile the app).
  const params = new URLSearchParams({ from: day, to: day, q: String(inv.seq), serial: inv.serial, correct: `${inv.serial}-${inv.seq}` });
  await openInLook(page, `/e-invoice?${params.toString()}`, { lang: 'en', width: 375 });
  const l = new EinvoiceListPage(page, 'en');
  await expect(l.correctDialog).toBeVisible({ timeout: 20_000 });
  await expect(l.correctDialog).toContainText(`no. ${inv.seq}`);
  await expectNoAxeViolations(page, 'correction dialog from a link (en, 375 px)', info);
  // D237: a business buyer's tax code is checked here (check digit), its address asked for.
  await l.correctDialog.getByTestId('correct-kind-replace').check();
  await l.correctDialog.getByTestId('correct-buyer-tax-code').fill('0105872464');
  await l.correctDialog.getByTestId('correct-review').click();
  await expect(l.correctDialog.getByText(l.tx('list.correct.problems.buyerTaxCode'))).toBeVisible();
  await expect(l.correctDialog.getByText(l.tx('list.correct.problems.buyerAddress'))).toBeVisible();
  await expect(l.correctDialog.getByTestId('correct-buyer-tax-code')).toHaveValue('0105872464');
  await expectNoAxeViolations(page, 'correction with a wrong tax code (en, 375 px)', info);
  await l.correctDialog.getByTestId('correct-cancel').click();
  await expect(l.correctDialog).toBeHidden();
});
