import { displayOrderFrom, type DisplayInput } from '../../services/display';
import type { CustomerView } from '../../machines/orderpayment/orderPayment.machine';
import type { InvoiceDetail } from '../../services/orderpayment/schemas';

/**
 * The guest's screen for what the payment machine says to show (D280):
 * the order summary, with the QR or the card instruction while that way is open, then success.
 * Nothing before the order is read. Lines carry no customer data.
 */
export function displayContentFor(detail: InvoiceDetail | null, view: CustomerView): DisplayInput | null {
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
  switch (view.kind) {
    case 'success':
      return { kind: 'success', order };
    case 'pay':
      return view.method === 'QR'
        ? { kind: 'pay', order, pay: { method: 'QR', qr: view.qr, amount } }
        : { kind: 'pay', order, pay: { method: view.method, amount } };
    default:
      return { kind: 'order', order };
  }
}
