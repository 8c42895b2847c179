import * as XLSX from 'xlsx';
import { expectNoAxeViolations } from '../support/axe';
import { expectOk, portalApi } from '../support/einvoice';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { REVIEW_LOOKS, inEachLook, lookName } from '../support/looks';
import { vnToday } from '../../src/rules/vnTime';
import type { SandboxClient } from '../support/sandbox';

/** A guest's table order with dishes (the orders area's `table-order` trigger): its code and total. */
async function guestOrder(sandbox: SandboxClient, merchant: { alias: string }, table: string) {
  const answer = await sandbox.trigger<{ order: { invoice_data: { order_code: string; total_price: number; invoice_id: number } } }>(
    'table-order',
    { table, merchant: merchant.alias },
  );
  const data = answer.order.invoice_data;
  return { orderCode: data.order_code, total: data.total_price, invoiceId: data.invoice_id };
}

// reconciliation area: /reconciliation (issue 27 §5; D308 the bank's records and the triggers, D309 page and export, D320 refunds).

test.describe('issue 27 §5: reconciliation against the bank', () => {
  test('issue 27 §5, D308, D320: a matched QR payment, a QR payment with no bank credit (flagged) and a refund the bank sent back, exported and read back; axe clean in every look', async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    const api = await portalApi(sandbox, merchant);
    const stores = (await api.request('GET', '/api/portal/metadata/store?page_size=10')).body as { data: Array<{ id: number }> };
    const storeId = stores.data[0]!.id;
    // A guest pays one order by VietQR (the bank credits it); a cashier marks another paid on a shown transfer (the bank has nothing).
    const matched = await guestOrder(sandbox, merchant, 'Bàn 3');
    const fake = await guestOrder(sandbox, merchant, 'Bàn 4');
    const paid = await sandbox.trigger<{ payment: { created_at: number } }>('order-qr-paid', {
      order_code: matched.orderCode,
      merchant: merchant.alias,
    });
    await sandbox.trigger('order-transfer-confirmed', { order_code: fake.orderCode, merchant: merchant.alias });
    // D320: a third guest's VietQR payment given back in full; the bank sends it back (a signed row, totals net of it).
    const returned = await guestOrder(sandbox, merchant, 'Bàn 5');
    await sandbox.trigger('order-qr-paid', { order_code: returned.orderCode, merchant: merchant.alias });
    const asked = expectOk(
      await api.request('POST', '/api/sale/payment/refund', {
        body: { invoice_id: returned.invoiceId, reason: 'CUSTOMER_RETURN', full: true },
        headers: { 'idempotency-key': `recon-e2e-${returned.orderCode}` },
      }),
      'refund',
    ) as { data: { id: number } };
    await sandbox.trigger('bank-refund', { refund_id: String(asked.data.id), merchant: merchant.alias });
    const day = vnToday(paid.payment.created_at * 1000);

    await inEachLook(page, merchant, REVIEW_LOOKS, `/reconciliation?store_id=${storeId}&day=${day}`, async (look) => {
      const matchedRow = page.getByTestId('recon-group-MATCHED').locator(`[data-order="${matched.orderCode}"]`);
      const fakeRow = page.getByTestId('recon-group-OURS_ONLY').locator(`[data-order="${fake.orderCode}"]`);
      await expect(matchedRow).toHaveCount(1);
      await expect(fakeRow).toHaveCount(1);
      const refundRow = page.getByTestId('recon-group-MATCHED').locator(`[data-order="${returned.orderCode}"]`);
      await expect(refundRow.getByTestId('recon-refund')).toHaveText(t(look.lang, 'reconciliation:kind.REFUND'));
      // Flagged in words and a sign, not by colour alone.
      await expect(fakeRow.getByTestId('recon-flag')).toHaveText(`⚠ ${t(look.lang, 'reconciliation:flag')}`);
      await expect(fakeRow).toContainText(t(look.lang, 'reconciliation:noBankRecord'));
      await expect(page.getByTestId('recon-flag-summary')).toBeVisible();
      await expect(page.getByTestId('recon-day')).toHaveValue(day);
      await expectNoAxeViolations(page, `reconciliation (${lookName(look)})`, info);
      if (look.width === 375) await page.screenshot({ path: `/tmp/reconciliation-${look.lang}-375.png`, fullPage: true });
      if (look !== REVIEW_LOOKS[0]) return;

      // The export carries the same rows and totals.
      const download = page.waitForEvent('download');
      await page.getByTestId('recon-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = XLSX.read(await (await file.createReadStream()).toArray().then((parts) => Buffer.concat(parts)), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, blankrows: false });
      const ofOrder = (code: string) => rows.find((r) => r[3] === code)!;
      expect(ofOrder(matched.orderCode).slice(0, 2)).toEqual([t('vi', 'reconciliation:group.MATCHED'), '']);
      expect(ofOrder(matched.orderCode).slice(7, 10)).toEqual([matched.total, 0, matched.total]);
      expect(ofOrder(fake.orderCode).slice(0, 2)).toEqual([t('vi', 'reconciliation:group.OURS_ONLY'), 'Có']);
      expect(ofOrder(fake.orderCode).slice(7, 10)).toEqual([fake.total, 0, 0]);
      const refundLine = rows.find((r) => r[3] === returned.orderCode && r[11] === 'Hoàn tiền')!;
      expect(refundLine.slice(7, 10)).toEqual([-returned.total, 0, -returned.total]);
      const answer = (await api.request('GET', `/api/portal/reconciliation?store_id=${storeId}&day=${day}`)).body as {
        data: { totals: { ALL: { count: number; gross: number; fee: number; net: number } } };
      };
      const all = answer.data.totals.ALL;
      expect(rows.find((r) => r[0] === 'Tất cả')!.slice(1)).toEqual([all.count, all.gross, all.fee, all.net]);
      await expect(page.getByTestId('recon-total-ALL')).toContainText(String(all.count));
    });
  });
});
