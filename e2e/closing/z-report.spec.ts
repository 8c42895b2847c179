import type { ZReportFigures } from '../../src/rules/closing/zReport';
import { printedZRows, zRows, zRowsIn, zSheetExpected, zSheetLines } from '../pages/closing';
import { formatVndNumber } from '../../src/rules/vnd';
import { portalApi, type PortalApi } from '../support/einvoice';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { expectNoAxeViolations } from '../support/axe';
import { REVIEW_LOOKS, inEachLook, lookName } from '../support/looks';

// The end-of-day report (/z-report; issue 27 §4, D306) on a throwaway copy of phoco: a shift built
// through the sale API (a cash sale of two dishes and a beer, one dish given back in cash, a card
// sale, a void, the drawer closed short), then its report on screen, on the printed paper and in the
// exported file, line for line the figures the service answers, in vi/en at 1366 and 375 px.

// The sale answers are read field by field as the service documents them (docs/areas/*.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any }>;

const saleOf =
  (api: PortalApi): Sale =>
  (method, path, body, headers) =>
    api.request(method, `/api/sale${path}`, { ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });

async function order(sale: Sale, lines: Array<[number, number]>) {
  const id = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
  await sale('PUT', '/order/confirm', { order_id: id });
  const products = lines.map(([product_id, amount]) => ({ product_id, amount }));
  const data = (await sale('PUT', '/order/product', { order_id: id, products })).body.data.invoice_data;
  return { id, invoiceId: data.invoice_id as number, total: data.total_price as number };
}

test.describe('issue 27 §4: the end-of-day report', () => {
  test('issue 27 §4, D306: a shift’s Z report on screen, printed on 80 mm and exported, the same figures, in every look', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(240_000);
    const merchant = await sandbox.createMerchant();
    const api = await portalApi(sandbox, merchant);
    const sale = saleOf(api);
    const stores = (await api.request<{ data: Array<{ id: number }> }>('GET', '/api/portal/metadata/store?page_size=10')).body.data;
    // The owner's orders are the merchant's first store's (D297).
    const storeId = Math.min(...stores.map((s) => Number(s.id)));
    const products = (await sale('GET', '/inventory/product?status=0&page_size=200')).body.data as Array<{
      product_id: number;
      price: number;
      tax_class: string;
    }>;
    const dish = products.find((p) => p.tax_class === 'REDUCED_ELIGIBLE')!;
    const beer = products.find((p) => p.tax_class === 'STANDARD')!;
    let n = 0;
    const key = () => ({ 'idempotency-key': `z-e2e-${merchant.username}-${(n += 1)}` });

    const shift = (await sale('POST', '/shift', { store_id: storeId, float_amount: 300_000 }, key())).body.data;
    const a = await order(sale, [
      [dish.product_id, 2],
      [beer.product_id, 1],
    ]);
    expect(
      (
        await sale(
          'POST',
          '/payment/cash',
          { invoice_id: a.invoiceId, payment_method: 'CASH', receive_amount: a.total, return_amount: 0 },
          key(),
        )
      ).status,
    ).toBe(200);
    const item = (
      (await sale('GET', `/payment/refund?invoice_id=${a.invoiceId}`)).body.data.lines as Array<{ item_id: number; product_id: number }>
    ).find((l) => l.product_id === dish.product_id)!;
    const refund = await sale(
      'POST',
      '/payment/refund',
      { invoice_id: a.invoiceId, reason: 'CUSTOMER_RETURN', lines: [{ item_id: item.item_id, quantity: 1 }] },
      key(),
    );
    expect(refund.body.data?.status, JSON.stringify(refund.body)).toBe('SUCCESS');
    const b = await order(sale, [[dish.product_id, 1]]);
    const serial = ((await sale('GET', '/payment/device')).body.data as Array<{ serial_number: string; status: string }>).find(
      (d) => d.status === 'ONLINE',
    )!.serial_number;
    expect(
      (await sale('POST', '/payment/pos', { invoice_id: b.invoiceId, serial_number: serial, payment_method: 'CARD' }, key())).status,
    ).toBe(200);
    await sandbox.trigger('terminal', { merchant: merchant.merchant_id, serial, result: 'approve' });
    const c = await order(sale, [[beer.product_id, 2]]);
    expect((await sale('PUT', '/order/void', { order_id: c.id, reason: 'CUSTOMER_LEFT' }, key())).status).toBe(200);
    const closed = await sale('POST', `/shift/${shift.shift_id}/close`, { counts: { '100000': 3 }, reason: 'Thiếu tiền bán hàng' }, key());
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const report = (await sale('GET', `/closing/z-report?shift_id=${shift.shift_id}`)).body.data as { figures: ZReportFigures };
    const f = report.figures;
    // The service's figures against the orders built above, to the đồng.
    expect([f.sales.CASH, f.sales.CARD]).toEqual([
      { count: 1, amount: a.total },
      { count: 1, amount: b.total },
    ]);
    expect([f.refunds.CASH, f.voids]).toEqual([
      { count: 1, amount: dish.price },
      { count: 1, amount: beer.price * 2 },
    ]);
    expect(f.vat.map((r) => [r.rate, r.gross])).toEqual([
      ['10%', beer.price],
      ['8%', dish.price * 2],
    ]);
    expect(f.cash).toMatchObject({ expected: 300_000 + a.total - dish.price, counted: 300_000, difference: dish.price - a.total });

    let printed = false;
    await inEachLook(page, merchant, REVIEW_LOOKS, `/z-report?shift_id=${shift.shift_id}`, async (look) => {
      const shown = page.getByTestId('z-report');
      await expect(shown.locator('tr[data-line="sales.CASH"] td').nth(2)).toHaveText(formatVndNumber(a.total));
      expect(await zRowsIn(shown)).toEqual(zRows(f, look.lang));
      await expectNoAxeViolations(page, `Z report (${lookName(look)})`, info);
      if (look.width === 375) await page.screenshot({ path: `/tmp/z-report-${look.lang}-375.png`, fullPage: true });
      if (printed) return;
      printed = true;

      // Print: the print frame holds the paper, line for line the screen's.
      expect(await printedZRows(page, shown, look.lang)).toEqual(zRows(f, look.lang));

      // Export: the spreadsheet's numbers are the figures.
      const download = page.waitForEvent('download');
      await shown.getByRole('button', { name: t(look.lang, 'closing:export'), exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`Báo cáo Z ca-${shift.shift_id}.xlsx`);
      expect(await zSheetLines(file)).toEqual(zSheetExpected(f));
    });
  });
});
