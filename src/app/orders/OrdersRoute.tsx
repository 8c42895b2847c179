import { useEffect, useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { i18n } from '../../i18n';
import { orderEditMachine } from '../../machines/orders/orderEdit.machine';
import { orderListMachine, type PrintInput } from '../../machines/orders/orderList.machine';
import { orderUrl } from '../../machines/orders/rules/orderUrl';
import { createOrdersActors, createOrdersApi, type OrdersActors, type OrdersApi } from '../../services/orders';
import { ORDER_COMPLETED, WALK_IN_CUSTOMER_ID } from '../../services/orders/schemas';
import { createReceiptPrinter, type ReceiptPrinter } from '../../services/shared/print/printer';
import { receiptInvoice, type ReceiptData } from '../../services/shared/print/receipt';
import { renderReceipt } from '../../screens/shared/receipt/render';
import { NotFound } from '../../screens/shared/NotFound';
import { OrderEditScreen } from '../../screens/orders/OrderEditScreen';
import { OrderListScreen } from '../../screens/orders/OrderListScreen';
import { printInvoiceSettings } from '../einvoice';
import { notify } from '../shared/notify';
import { getRealtimeHub } from '../shared/realtime-runtime';
import { getRuntime } from '../shared/runtime';
import { useSessionSelector } from '../shared/session-context';
import { useListPage } from '../shared/use-list-page';
import { correctionHref } from './einvoice/correction-link';
import { ExportPage, useOrderEinvoice } from './einvoice/OrderEinvoice';
import { ordersPaths, orderSegments } from './paths';

/**
 * /sale-order and /sale-order/{order_id} (doc 2 §2): the order machines wired to the sale service.
 * The list's search, filters, page and size live in the address; a completed order opened for editing
 * goes back to the list's first page.
 */

let api: OrdersApi | null = null;
let actors: OrdersActors | null = null;
function ordersApi(): OrdersApi {
  // The checkout client cancels a payment link that holds an order (D216).
  api ??= createOrdersApi(getRuntime().clients.sale, getRuntime().clients.checkout);
  return api;
}
function ordersActors(): OrdersActors {
  actors ??= createOrdersActors(ordersApi());
  return actors;
}

let printer: ReceiptPrinter | null = null;
function receiptPrinter(): ReceiptPrinter {
  printer ??= createReceiptPrinter({ win: window, render: renderReceipt });
  return printer;
}

/**
 * The shared receipt (src/services/shared/print) for an order of the list: an unpaid bill carries the
 * order's VietQR; a paid one its e-invoice when the settings say print it (issue 25 §3, D252).
 */
async function receiptOf(input: PrintInput, signal: AbortSignal): Promise<ReceiptData> {
  const order = input.detail.invoice_data;
  const paid = order.status === ORDER_COMPLETED || order.payment_status === 1;
  const invoice = paid ? receiptInvoice(await printInvoiceSettings(signal), paid, order) : null;
  return {
    shopName: getRuntime().session.getSnapshot().context.profile?.merchant.name ?? '',
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
    qr: paid ? null : await ordersApi().billQr(order.invoice_id, signal),
    copy: input.copy,
    language: i18n.language === 'en' ? 'en' : 'vi',
    invoice,
  };
}

function ListPage() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // doc 2 §1: food-and-beverage merchants open orders from a table, not from the list.
  const isFnb = useSessionSelector((s) => s.context.profile?.merchant.is_fnb ?? null);
  const logic = useMemo(() => {
    const { loadOrders, loadDetail, createOrder, retryEinvoice } = ordersActors();
    return orderListMachine.provide({
      actors: {
        loadPage: loadOrders,
        loadDetail,
        createOrder,
        retryEinvoice,
        printReceipt: fromPromise<void, PrintInput>(async ({ input, signal }) => {
          await receiptPrinter()(await receiptOf(input, signal));
        }),
      },
      actions: {
        openOrder: (_, p) => navigateRef.current(ordersPaths.detail(p.orderId)),
        notifyCreateFailed: (_, p) => notify.failure('orders:list.createFailTitle', p.code),
        notifyEinvoiceRetried: () =>
          notify.success({ title: 'orders:einvoice.auto.retriedTitle', message: 'orders:einvoice.auto.retriedBody' }),
        notifyEinvoiceRetryFailed: (_, p) => notify.failure('orders:einvoice.auto.retryFailTitle', p.code),
        notifyPrintFailed: (_, p) =>
          p.code === 'PRINT_FAILED'
            ? notify.failureText({ title: 'orders:detail.printFailTitle', message: 'orders:detail.printFailBody' })
            : notify.failure('orders:detail.printFailTitle', p.code),
      },
    });
  }, []);
  const actor = useListPage(logic, orderUrl);

  const einvoice = useOrderEinvoice(actor, ordersApi());
  // Issue 25 §3: the sale service's worker tells the merchant's sockets when an invoice is issued or
  // has failed; the list (its states and the day's count) reloads. Only the event's arrival is used.
  useEffect(() => {
    const hub = getRealtimeHub();
    const refresh = () => actor.send({ type: 'REFRESH' });
    const offIssued = hub.on('sale', 'einvoice_issued', refresh);
    const offFailed = hub.on('sale', 'einvoice_failed', refresh);
    return () => {
      offIssued();
      offFailed();
    };
  }, [actor]);

  return (
    <>
      <OrderListScreen
        actor={actor}
        canCreate={isFnb === false}
        editHref={ordersPaths.detail}
        einvoice={
          einvoice.canExport
            ? {
                columns: einvoice.columns,
                bulk: einvoice.bulk,
                onExport: einvoice.openExport,
                correctHref: (order) => correctionHref(order, Date.now()),
              }
            : undefined
        }
      />
      {einvoice.exporting ? (
        <ExportPage
          key={einvoice.exporting.order_id}
          order={einvoice.exporting}
          orders={ordersApi()}
          list={actor}
          onClose={einvoice.closeExport}
        />
      ) : null}
    </>
  );
}

function EditPage({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const { inspect } = getRuntime();
  const logic = useMemo(() => {
    const { loadOrder, loadProducts, loadCategories, submitDishes, findCustomer, createCustomer, attachCustomer, cancelPending } =
      ordersActors();
    return orderEditMachine.provide({
      actors: { loadOrder, loadProducts, loadCategories, submitDishes, findCustomer, createCustomer, attachCustomer, cancelPending },
      actions: {
        // doc 2 §8: "Thêm món thất bại" / "Adding dishes failed", with the catalogue's reason.
        notifySubmitFailed: (_, p) => notify.failure('orders:edit.addFailTitle', p.code),
        notifyCustomerFailed: (_, p) => notify.failure('orders:edit.customerFailTitle', p.code),
        // D216: the payment that held the order is cancelled; the basket is still there to send.
        notifyPaymentCancelled: () =>
          notify.success({ title: 'orders:edit.pendingCancelledTitle', message: 'orders:edit.pendingCancelledBody' }),
        notifyCustomerAttached: (_, p) =>
          notify.success({
            title: 'orders:edit.customerAttachedTitle',
            message: 'orders:edit.customerAttachedBody',
            values: { name: p.order.customer_id === WALK_IN_CUSTOMER_ID ? i18n.t('orders:walkIn') : p.order.name },
          }),
      },
    });
  }, []);
  const actor = useActorRef(logic, { input: { orderId }, inspect });
  // doc 2 §2: a completed order opened here goes to /sale-order?page=1&page_size=10 (replacing this address, so Back does not return to it).
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(ordersPaths.listFirstPage(), { replace: true });
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  return <OrderEditScreen actor={actor} listHref={ordersPaths.list()} payHref={ordersPaths.payment(orderId)} />;
}

function EditRoute() {
  const { orderId = '' } = useParams();
  if (!/^[1-9]\d{0,9}$/.test(orderId) || Number(orderId) > 2_147_483_647) return <NotFound signedIn />;
  // Another order is another machine, not the previous one's basket.
  return <EditPage key={orderId} orderId={Number(orderId)} />;
}

export default function OrdersRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={orderSegments.detail} element={<EditRoute />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
