import { fromPromise } from 'xstate';
import { i18n } from '../../i18n';
import type { PrintInput } from '../../machines/orders/orderList.machine';
import { createOrdersActors, createOrdersApi, type OrdersApi } from '../../services/orders';
import { createOrderEinvoiceService } from '../../services/orders/einvoice/export';
import { ORDER_COMPLETED, ORDER_VOIDED } from '../../services/orders/schemas';
import { createReceiptPrinter } from '../../services/shared/print/printer';
import { createSessionSlots } from '../../services/shared/sessionSlots';
import { receiptInvoice, type ReceiptData } from '../../services/shared/print/receipt';
import { renderReceipt } from '../../screens/shared/receipt/render';
import { einvoiceOf, type EinvoiceShared } from '../einvoice';
import type { AppScope } from '../shared/composition';
import { realtimeHubOf } from '../shared/realtime-runtime';
import type { Runtime } from '../shared/runtime';
import { einvoicePorts } from './einvoice/ports';

/**
 * The shared receipt (src/services/shared/print) for an order of the list: an unpaid bill carries the
 * order's VietQR; a paid one its e-invoice when the settings say print it (D252).
 */
async function receiptOf(
  input: PrintInput,
  signal: AbortSignal,
  deps: { runtime: Runtime; api: OrdersApi; einvoice: EinvoiceShared },
): Promise<ReceiptData> {
  const order = input.detail.invoice_data;
  const paid = order.status === ORDER_COMPLETED || order.payment_status === 1;
  const invoice = paid ? receiptInvoice(await deps.einvoice.printInvoiceSettings(signal), paid, order) : null;
  return {
    shopName: deps.runtime.session.getSnapshot().context.profile?.merchant.name ?? '',
    shopAddress: null,
    orderCode: order.order_code,
    tableName: order.table_name,
    time: order.updated_at,
    lines: input.detail.products_data.map((line) => ({ name: line.name, amount: line.amount, price: line.price })),
    total: order.total_price,
    paid,
    paymentMethod: order.payment_method,
    receiveAmount: paid ? order.receive_amount : null,
    returnAmount: paid ? order.return_amount : null,
    // A voided order (D301) is paid by nothing: its bill carries no QR.
    qr: paid || order.status === ORDER_VOIDED ? null : await deps.api.billQr(order.invoice_id, signal),
    copy: input.copy,
    language: i18n.language === 'en' ? 'en' : 'vi',
    invoice,
  };
}

/**
 * The orders area's wiring for one runtime (D279): the sale client's order calls (the checkout client
 * cancels a payment link that holds an order, D216), the receipt printer, the e-invoice export on the
 * shared e-invoice services (one token store with the e-invoice pages) and the realtime hub.
 */
export const ordersActorsOf = (scope: AppScope) => {
  const { runtime } = scope;
  const api = createOrdersApi(runtime.clients.sale, runtime.clients.checkout);
  const einvoice = scope.use(einvoiceOf);
  const printer = createReceiptPrinter({ win: window, render: renderReceipt });
  return {
    ...createOrdersActors(api),
    api,
    hub: scope.use(realtimeHubOf),
    /** The bulk e-invoice run, kept in the tab's session storage under the merchant (D209). */
    bulkSlots: createSessionSlots('portal.orders.einvoice.'),
    exportService: createOrderEinvoiceService(einvoicePorts(einvoice), api, runtime.config.vatRates),
    printReceipt: fromPromise<void, PrintInput>(async ({ input, signal }) => {
      await printer(await receiptOf(input, signal, { runtime, api, einvoice }));
    }),
  };
};
