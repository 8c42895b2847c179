import { expect, test } from '../support/fixtures';
import { portalApi, type PortalApi } from '../support/einvoice';
import { FLOW_LOOKS, expectReadableAtBothWidths, openInLook, signInInLook } from '../support/looks';
import { guestOrder } from '../pages/orderpayment';
import { RefundPage } from '../pages/refunds';
import { t } from '../support/i18n';
import { formatVnd } from '../../src/rules/vnd';

/** D305 (issue 27 §1): refunds by line in cash and of a whole QR payment through the bank, once each. */

async function payInCash(api: PortalApi, invoiceId: number, total: number): Promise<void> {
  const paid = await api.request('POST', '/api/sale/payment/cash', {
    body: { invoice_id: invoiceId, payment_method: 'CASH', receive_amount: total, return_amount: 0 },
    headers: { 'Idempotency-Key': `e2e-cash-${invoiceId}` },
  });
  expect(paid.status).toBe(200);
}

test.describe('Issue 27 §1: refunds (D305)', () => {
  test('issue 27 §1, D305: one dish refunded in cash and a whole QR payment refunded through the bank, each once, in both languages at 1366 and 375 px', async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(240_000);
    const merchant = await sandbox.createMerchant();
    const api = await portalApi(sandbox, merchant);
    const refunded: number[] = [];
    for (const [i, look] of FLOW_LOOKS.entries()) {
      const cashOrder = await guestOrder(sandbox, merchant, `Bàn ${3 + 2 * i}`);
      await payInCash(api, cashOrder.invoiceId, cashOrder.total);
      refunded.push(cashOrder.invoiceId);
      const path = `/sale-refund/${cashOrder.invoiceId}`;
      const r = new RefundPage(page, look.lang);
      if (i === 0) {
        // The way in: the paid order's detail in the order list offers its refund.
        await signInInLook(page, merchant, `/sale-order?q=${cashOrder.orderCode}`, look);
        await page
          .getByRole('button', { name: t(look.lang, 'orders:list.viewLabel', { code: cashOrder.orderCode }) })
          .first()
          .click();
        await page.getByTestId('order-detail-refund').click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      } else await openInLook(page, path, look);
      await expect(r.summary).toContainText(r.tx('method.CASH'));

      // One dish, once: nothing chosen and no reason is refused with both messages, and nothing is sent.
      const refundable = (await api.request('GET', `/api/sale/payment/refund?invoice_id=${cashOrder.invoiceId}`)).body as {
        data: { lines: Array<{ item_id: number; name: string; price: number }> };
      };
      const dish = refundable.data.lines[0]!;
      await r.someDishes.check();
      await r.submit.click();
      await expect(page.getByTestId('refund-lines-error')).toHaveText(r.tx('validation.LINES_REQUIRED'));
      await expect(page.getByText(r.tx('validation.REASON_REQUIRED'))).toBeVisible();
      await r.quantityOf(dish.name).fill('1');
      await r.chooseReason('QUALITY');
      await expect(r.submit).toContainText(formatVnd(dish.price));
      // The service fails once: the screen says so and keeps the choice; the same refund is asked again.
      await page.route('**/api/sale/payment/refund', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
      );
      await r.submit.click();
      await expect(r.error).toBeVisible();
      await expect(r.quantityOf(dish.name)).toHaveValue('1');
      await page.unroute('**/api/sale/payment/refund');
      await r.submit.dblclick();
      await expect(r.done).toContainText(r.tx('done.SUCCESS', { amount: formatVnd(dish.price) }));
      await expect(r.history.getByRole('row')).toHaveCount(2);
      await expect(r.history).toContainText(r.tx('status.SUCCESS'));
      await expectReadableAtBothWidths(page, 'refund done, cash', look, info);
      // issue 27 §1: the refund receipt on 80 mm carries the screen's figures.
      await page.getByTestId('refund-print').click();
      const paper = page.frameLocator('#receipt-print-frame').locator('body');
      await expect(paper.getByTestId('receipt-title')).toHaveText(t(look.lang, 'common:receipt.refund.title'));
      await expect(paper.getByTestId('receipt-order-code')).toHaveText(cashOrder.orderCode);
      await expect(paper.getByTestId('receipt-total')).toHaveText(formatVnd(dish.price));
      await expect(paper.getByTestId('receipt-refund-reason')).toHaveText(r.tx('reason.QUALITY'));
      await expect(paper.getByTestId('receipt-refund-remaining')).toHaveText(formatVnd(cashOrder.total - dish.price));
      await expect(r.summary).toContainText(formatVnd(cashOrder.total - dish.price));

      // A whole QR payment: a request to the bank, answered live.
      const qrOrder = await guestOrder(sandbox, merchant, `Bàn ${4 + 2 * i}`);
      refunded.push(qrOrder.invoiceId);
      await sandbox.trigger('order-qr-paid', { order_code: qrOrder.orderCode, merchant: merchant.alias });
      await openInLook(page, `/sale-refund/${qrOrder.invoiceId}`, look);
      await expect(r.summary).toContainText(r.tx('method.QR'));
      await expect(r.wholeOrder).toBeChecked();
      await r.chooseReason('OTHER');
      await r.submit.click();
      await expect(page.getByText(r.tx('validation.NOTE_REQUIRED'))).toBeVisible();
      await r.note.fill('Khách chuyển nhầm <b>hai lần</b>');
      await r.submit.click();
      await expect(r.done).toContainText(r.tx('done.REQUESTED', { amount: formatVnd(qrOrder.total) }));
      // What was typed is shown as text.
      await expect(r.history).toContainText('Khách chuyển nhầm <b>hai lần</b>');
      await expectReadableAtBothWidths(page, 'refund requested from the bank', look, info);
      const refunds = (await api.request('GET', `/api/sale/payment/refund?invoice_id=${qrOrder.invoiceId}`)).body as {
        data: { refunds: Array<{ id: number }> };
      };
      expect(refunds.data.refunds).toHaveLength(1);
      await sandbox.trigger('bank-refund', { refund_id: refunds.data.refunds[0]!.id, merchant: merchant.alias });
      await expect(r.history).toContainText(r.tx('status.SUCCESS'));
      await expect(r.history).not.toContainText(r.tx('status.REQUESTED'));
    }
    // Each refund happened once on the service: the failed call, the retry and the double click made one.
    for (const invoiceId of refunded) {
      const answer = (await api.request('GET', `/api/sale/payment/refund?invoice_id=${invoiceId}`)).body as {
        data: { refunds: unknown[] };
      };
      expect(answer.data.refunds, `refunds of invoice ${invoiceId}`).toHaveLength(1);
    }
  });
});
