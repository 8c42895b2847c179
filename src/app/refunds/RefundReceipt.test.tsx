import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { refundOrderMachine, type RefundPrintInput } from '../../machines/refunds/refundOrder.machine';
import { i18n } from '../../i18n';
import { formatVnd } from '../../rules/vnd';
import { refundReceiptData, type Refund, type Refundable } from '../../services/refunds';
import { renderReceipt } from '../../screens/shared/receipt/render';
import { renderScreen } from '../../screens/shared/test/render';
import { RefundScreen } from '../../screens/refunds/RefundScreen';

/** A cash-paid order of 2 × Phở bò and 3 × Trà đá; one Phở bò was refunded earlier. */
const line = (item_id: number, name: string, price: number, sold: number, refunded: number) => ({
  item_id,
  product_id: item_id + 100,
  code: `SP${item_id}`,
  name,
  price,
  sold,
  refunded,
  refundable: sold - refunded,
});
const earlier: Refund = {
  id: 4,
  order_id: 7,
  invoice_id: 70,
  order_code: 'DH0007',
  payment_id: 9,
  method: 'CASH',
  status: 'SUCCESS',
  amount: 65_000,
  lines: [{ item_id: 1, product_id: 101, code: 'SP1', name: 'Phở bò', price: 65_000, quantity: 1 }],
  reason: 'QUALITY',
  note: '',
  points_reversed: 0,
  serial_number: null,
  created_by_name: 'Chủ quán',
  created_at: 1_795_000_000_000,
  updated_at: 1_795_000_000_000,
};
const before: Refundable = {
  order_id: 7,
  invoice_id: 70,
  order_code: 'DH0007',
  total_price: 145_000,
  payment: { id: 9, method: 'CASH', amount: 145_000, serial_number: null },
  refunded_amount: 65_000,
  refundable_amount: 80_000,
  lines: [line(1, 'Phở bò', 65_000, 2, 1), line(2, 'Trà đá', 5_000, 3, 0)],
  refunds: [earlier],
};
const made: Refund = {
  ...earlier,
  id: 5,
  amount: 10_000,
  lines: [{ item_id: 2, product_id: 102, code: 'SP2', name: 'Trà đá', price: 5_000, quantity: 2 }],
  reason: 'OTHER',
  note: 'Khách đổi ý',
  created_at: 1_795_000_600_000,
};
const after: Refundable = {
  ...before,
  refunded_amount: 75_000,
  refundable_amount: 70_000,
  lines: [line(1, 'Phở bò', 65_000, 2, 1), line(2, 'Trà đá', 5_000, 3, 2)],
  refunds: [earlier, made],
};

describe('refund receipt (issue 27 §1)', () => {
  it("issue 27 §1: the refund receipt's figures are the screen's: refunded lines, amount, way, reason, who, what stays paid", async () => {
    const printed: RefundPrintInput[] = [];
    let reads = 0;
    const actor = createActor(
      refundOrderMachine.provide({
        actors: {
          loadRefundable: fromPromise<Refundable, { invoiceId: number }>(async () => (reads++ === 0 ? before : after)),
          sendRefund: fromPromise(async () => made),
          printRefundReceipt: fromPromise<void, RefundPrintInput>(async ({ input }) => {
            printed.push(input);
          }),
        },
      }),
      { input: { invoiceId: 70 } },
    ).start();
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    actor.send({ type: 'FIELD.CHANGE', field: 'scope', value: 'lines' });
    actor.send({ type: 'LINE.SET', itemId: 2, quantity: 2 });
    actor.send({ type: 'FIELD.CHANGE', field: 'reason', value: 'OTHER' });
    actor.send({ type: 'FIELD.CHANGE', field: 'note', value: 'Khách đổi ý' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(() => expect(actor.getSnapshot().matches({ done: 'shown' })).toBe(true));

    const view = await renderScreen(<RefundScreen actor={actor} backLink={null} />, { language: 'vi' });
    fireEvent.click(await screen.findByTestId('refund-print'));
    await waitFor(() => expect(printed).toHaveLength(1));

    const data = refundReceiptData({
      ...printed[0]!,
      shopName: 'Phở Hà',
      language: 'vi',
      reasonText: i18n.t('refunds:reason.OTHER', { lng: 'vi' }),
    });
    const paper = new DOMParser().parseFromString(`<body>${(await renderReceipt(data)).html}</body>`, 'text/html');
    const text = (id: string) => paper.querySelector(`[data-testid="${id}"]`)?.textContent;

    // The screen: the refund made, its row in the history, and what is left of the payment.
    const done = screen.getByTestId('refund-done').textContent ?? '';
    const row = screen.getByTestId('refund-5').textContent ?? '';
    const summary = screen.getByTestId('refund-summary').textContent ?? '';
    expect(text('receipt-title')).toBe('Phiếu hoàn tiền');
    expect(text('receipt-order-code')).toBe('DH0007');
    expect(text('receipt-total')).toBe(formatVnd(10_000));
    expect(done).toContain(text('receipt-total'));
    expect(row).toContain(text('receipt-total'));
    const lines = Array.from(paper.querySelectorAll('.receipt-lines tbody tr')).map((tr) => tr.textContent);
    // Name, unit price, quantity, line amount.
    expect(lines).toEqual(['Trà đá' + '5.000' + '2' + '10.000']);
    expect(text('receipt-refund-way')).toBe('Tiền mặt');
    expect(row).toContain(text('receipt-refund-reason'));
    expect(text('receipt-refund-note')).toBe('Khách đổi ý');
    expect(text('receipt-refund-by')).toBe('Chủ quán');
    expect(row).toContain('Chủ quán');
    expect(text('receipt-refund-paid')).toBe(formatVnd(145_000));
    // Cash refunds succeed at once, so what stays paid is what the screen says is left to refund.
    expect(text('receipt-refund-remaining')).toBe(formatVnd(70_000));
    expect(summary).toContain(text('receipt-refund-paid'));
    expect(summary).toContain(text('receipt-refund-remaining'));
    expect(paper.querySelector('[data-testid="receipt-method"]')).toBeNull();
    // Unmounted here, not left to the file's end: a Mantine transition's timer would fire after the DOM is gone.
    view.unmount();
    actor.stop();
  }, 20_000);
});
