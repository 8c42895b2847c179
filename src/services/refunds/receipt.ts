import type { ReceiptData } from '../shared/print/receipt';
import type { Refund, Refundable } from './schemas';

/**
 * The refund receipt (issue 27 §1) as the shared 80 mm receipt's data (src/services/shared/print):
 * the order, the refunded lines at the price they were sold, the amount given back, the way, the
 * reason, who and when, and what stays paid. The figures are the refund's own as the service answered
 * them, the ones the refund page shows, so paper and screen cannot differ.
 */
export function refundReceiptData(input: {
  refund: Refund;
  refundable: Refundable;
  shopName: string;
  language: 'vi' | 'en';
  /** The refund's reason in the receipt's language. */
  reasonText: string;
}): ReceiptData {
  const { refund, refundable } = input;
  return {
    shopName: input.shopName,
    shopAddress: null,
    orderCode: refund.order_code,
    tableName: null,
    time: refund.created_at,
    lines: refund.lines.map((l) => ({ name: l.name, amount: l.quantity, price: l.price })),
    total: refund.amount,
    paid: true,
    paymentMethod: refund.method,
    receiveAmount: null,
    returnAmount: null,
    qr: null,
    copy: false,
    language: input.language,
    invoice: null,
    refund: {
      method: refund.method,
      reason: input.reasonText,
      note: refund.note,
      by: refund.created_by_name,
      paid: refundable.payment.amount,
      remainingPaid: remainingPaidAfter(refund, refundable),
    },
  };
}

/**
 * What of the payment stays paid once this refund is given back: the payment less this refund and the
 * successful refunds made before it (a later one is not on this paper; a waiting or declined one gave
 * nothing back). The page may not have read the order again after the refund, so this one counts even
 * when the list does not carry it yet.
 */
export function remainingPaidAfter(refund: Refund, refundable: Refundable): number {
  const earlier = refundable.refunds.filter((r) => r.id < refund.id && r.status === 'SUCCESS').reduce((sum, r) => sum + r.amount, 0);
  return refundable.payment.amount - earlier - refund.amount;
}
