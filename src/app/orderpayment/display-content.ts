import { displayOrderFrom, type DisplayInput } from '../../services/display';
import { selectTab, type OrderPaymentSnapshot } from '../../machines/orderpayment/selectors';

/**
 * The guest's screen for this state of the cashier's (issue 13 customer display): the order summary,
 * with the QR or the card instruction while that way is open, then success. Lines carry no customer data.
 */
export function displayContentFor(s: OrderPaymentSnapshot, qr: string | null): DisplayInput | null {
  const detail = s.context.detail;
  if (!detail) return null;
  const invoice = detail.invoice_data;
  const order = displayOrderFrom(
    {
      order_code: invoice.order_code,
      table_name: invoice.table_name ?? null,
      updated_at: invoice.updated_at,
      point: Math.round(invoice.point ?? 0),
      sub_total: invoice.sub_total ?? invoice.total_price,
      total_price: invoice.total_price,
    },
    detail.products_data,
  );
  const amount = invoice.total_price;
  if (s.hasTag('success')) return { kind: 'success', order };
  const tab = selectTab(s);
  if (tab === 'qr' && qr) return { kind: 'pay', order, pay: { method: 'QR', qr, amount } };
  if (tab === 'card') return { kind: 'pay', order, pay: { method: 'CARD', amount } };
  if (tab === 'cash') return { kind: 'pay', order, pay: { method: 'CASH', amount } };
  return { kind: 'order', order };
}
