import { notesFor } from '../../src/rules/shifts/drawer';
import { formatVnd } from '../../src/rules/vnd';
import { portalApi, type PortalApi } from '../support/einvoice';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { FLOW_LOOKS, expectReadableAtBothWidths, lookName, signInInLook } from '../support/looks';
import { toastsGone } from '../support/shell';

// Shifts and the cash drawer (/shift; D303, D304): a throwaway copy of phoco per run. The drawer is
// opened on screen, a cash order payment is taken through the sale API (as the till would), one dish
// of it refunded in cash (D318), then a cash out, a count with a difference above the threshold, its
// reason, and the summary.

const FLOAT = 1_000_000;
const CASH_OUT = 100_000;
/** The count falls 60,000 ₫ short (or a little more, to whole 500 ₫ notes): above the 50,000 ₫ threshold. */
const SHORT = 60_000;

const saleApi = (api: PortalApi) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  api.request<{ data: Record<string, unknown> }>(method, `/api/sale${path}`, {
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });

async function cashSale(api: PortalApi): Promise<{ total: number; invoiceId: number }> {
  const sale = saleApi(api);
  const id = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
  const dish = ((await sale('GET', '/inventory/product?status=0&page_size=5')).body.data as unknown as Array<{ product_id: number }>)[0]!;
  await sale('PUT', '/order/confirm', { order_id: id });
  const added = await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: dish.product_id, amount: 2 }] });
  const order = added.body.data.invoice_data as { invoice_id: number; total_price: number };
  const paid = await sale(
    'POST',
    '/payment/cash',
    { invoice_id: order.invoice_id, payment_method: 'CASH', receive_amount: order.total_price, return_amount: 0 },
    { 'idempotency-key': `shift-e2e-${id}` },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { total: order.total_price, invoiceId: order.invoice_id };
}

/** One dish of the cash sale given back in cash (D305), as the refund page sends it: its amount and the order's code. */
async function cashRefundOfOne(api: PortalApi, invoiceId: number): Promise<{ amount: number; orderCode: string }> {
  const sale = saleApi(api);
  const left = (await sale('GET', `/payment/refund?invoice_id=${invoiceId}`)).body.data as {
    order_code: string;
    lines: Array<{ item_id: number }>;
  };
  const body = { invoice_id: invoiceId, lines: [{ item_id: left.lines[0]!.item_id, quantity: 1 }], reason: 'QUALITY' };
  const made = await sale('POST', '/payment/refund', body, { 'idempotency-key': `shift-e2e-refund-${invoiceId}` });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { amount: made.body.data.amount as number, orderCode: left.order_code };
}

test.describe('issue 27 §3: shifts and the cash drawer', () => {
  for (const look of FLOW_LOOKS) {
    test(`issue 27 §3: open a shift, a cash sale, a cash refund, a cash out, count short with a reason, close, the summary (${lookName(look)})`, async ({
      page,
      sandbox,
    }, info) => {
      test.setTimeout(240_000);
      const tx = (key: string, params: Record<string, string | number> = {}) => t(look.lang, `shifts:${key}`, params);
      const merchant = await sandbox.createMerchant();
      const api = await portalApi(sandbox, merchant);
      const stores = (await api.request<{ data: Array<{ id: number; name: string }> }>('GET', '/api/portal/metadata/store?page_size=5'))
        .body.data;
      const store = stores[0]!;
      await signInInLook(page, merchant, `/shift?store_id=${store.id}`, look);

      // No open shift: the open form; the owner's list of open drawers is empty.
      await expect(page.getByTestId('shift-float')).toBeVisible();
      await expect(page.getByTestId('open-drawers')).toContainText(tx('drawers.empty'));
      await page.getByTestId('shift-open').click();
      await expect(page.getByText(tx('validation.required'))).toBeVisible();
      await expectReadableAtBothWidths(page, 'shift open form', look, info);
      await page.getByTestId('shift-float').fill(String(FLOAT));
      await page.getByTestId('shift-float').press('Enter');
      await expect(page.getByTestId('shift-expected')).toHaveText(formatVnd(FLOAT));

      // A cash order payment at the till: the expected cash takes it in.
      const { total: sold, invoiceId } = await cashSale(api);
      await page.getByTestId('shift-refresh').click();
      await expect(page.getByTestId('shift-cash-sales')).toHaveText(formatVnd(sold));
      await expect(page.getByTestId('shift-expected')).toHaveText(formatVnd(FLOAT + sold));

      // D318: one dish given back in cash leaves this drawer: a movement, and the expected cash less it.
      const refund = await cashRefundOfOne(api, invoiceId);
      await page.getByTestId('shift-refresh').click();
      await expect(page.getByTestId('shift-cash-refunds')).toHaveText(formatVnd(refund.amount));
      await expect(page.getByTestId('shift-expected')).toHaveText(formatVnd(FLOAT + sold - refund.amount));
      const refundRow = page
        .getByTestId('shift-movements')
        .getByRole('row')
        .filter({ hasText: tx('kind.REFUND') });
      await expect(refundRow).toContainText(`${tx('reason.CASH_REFUND')}: ${refund.orderCode}`);
      await expect(refundRow).toContainText(formatVnd(refund.amount));

      // Cash out to a supplier.
      await page.getByTestId('move-amount').fill(String(CASH_OUT));
      await page.getByTestId('move-reason').click();
      await page.getByRole('option', { name: tx('reason.SUPPLIER') }).click();
      await page.getByTestId('move-submit').click();
      const expected = FLOAT + sold - refund.amount - CASH_OUT;
      await expect(page.getByTestId('shift-expected')).toHaveText(formatVnd(expected));
      await expect(page.getByTestId('shift-movements')).toContainText(tx('reason.SUPPLIER'));
      await expect(page.getByTestId('close-expected')).toHaveText(formatVnd(expected));

      // The count, short by more than the threshold: the difference shows live and a reason is asked for.
      const counted = Math.floor((expected - SHORT) / 500) * 500;
      for (const [note, count] of notesFor(counted)) await page.getByTestId(`count-${note}`).fill(String(count));
      await expect(page.getByTestId('close-counted')).toHaveText(formatVnd(counted));
      await expect(page.getByTestId('close-difference')).toHaveText(`−${formatVnd(expected - counted)}`);
      await expect(page.getByTestId('close-reason-needed')).toBeVisible();
      await page.getByTestId('close-submit').click();
      await expect(page.getByText(tx('validation.reasonRequired'))).toBeVisible();
      await expect(page.getByTestId('close-reason')).toBeFocused();
      // The owner's list is read every 15 s (D304); its refresh button reads it now.
      await page
        .getByTestId('open-drawers')
        .getByRole('button', { name: tx('drawers.refresh') })
        .click();
      await expect(page.getByTestId('open-drawers').getByTestId('open-drawer')).toHaveCount(1);
      // The cash out's toast closes first: axe measures a fading toast's text against the page.
      await toastsGone(page);
      await expectReadableAtBothWidths(page, 'shift open with a count', look, info);

      await page.getByTestId('close-reason').fill('Trả nhầm tiền thừa cho khách');
      await page.getByTestId('close-submit').click();
      const summary = page.getByTestId('shift-summary');
      await expect(summary).toBeVisible();
      await expect(summary.getByTestId('summary-counted')).toHaveText(formatVnd(counted));
      await expect(summary.getByTestId('summary-difference')).toHaveText(`−${formatVnd(expected - counted)}`);
      await expect(summary.getByTestId('summary-reason')).toHaveText('Trả nhầm tiền thừa cho khách');
      await page
        .getByTestId('open-drawers')
        .getByRole('button', { name: tx('drawers.refresh') })
        .click();
      await expect(page.getByTestId('open-drawers')).toContainText(tx('drawers.empty'));
      // Scanned once the re-read ended: a loading button is drawn pale on purpose.
      await expect(page.getByTestId('open-drawers').getByRole('button', { name: tx('drawers.refresh') })).not.toHaveAttribute(
        'data-loading',
      );
      await toastsGone(page);
      await expectReadableAtBothWidths(page, 'shift closed summary', look, info);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: info.outputPath(`shift-${look.lang}-375.png`), fullPage: true });
      await page.setViewportSize({ width: look.width, height: 812 });
      // A new shift may open after the close.
      await page.getByTestId('shift-new').click();
      await expect(page.getByTestId('shift-float')).toBeVisible();
    });
  }
});
