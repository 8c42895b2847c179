import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { i18n } from '../../i18n';
import { orderEditMachine } from '../../machines/orders/orderEdit.machine';
import { orderListMachine } from '../../machines/orders/orderList.machine';
import { orderVoidMachine } from '../../machines/orders/orderVoid.machine';
import { selectOrder } from '../../machines/orders/selectors';
import { orderUrl } from '../../machines/orders/rules/orderUrl';
import { WALK_IN_CUSTOMER_ID } from '../../services/orders/schemas';
import { NotFound } from '../../screens/shared/NotFound';
import { OrderEditScreen } from '../../screens/orders/OrderEditScreen';
import { useOrderKitchenBadge } from '../kitchen';
import { OrderListScreen } from '../../screens/orders/OrderListScreen';
import { OrderVoidControl } from '../../screens/orders/OrderVoid';
import { useOwner } from '../shared/owner';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useSessionSelector } from '../shared/session-context';
import { useListPage } from '../shared/use-list-page';
import { correctionHref } from './einvoice/correction-link';
import { ExportPage, useOrderEinvoice } from './einvoice/OrderEinvoice';
import { ordersActorsOf } from './actors';
import { LocalOrderPage } from './LocalOrderPage';
import { tillOrdersOf } from './till';
import { refundsPaths } from '../refunds';
import { approvalsActorsOf } from '../approvals';
import { ordersPaths, orderSegments } from './paths';

/**
 * /sale-order and /sale-order/{order_id} (doc 2 §2): the order machines wired to the sale service.
 * The list's search, filters, page and size live in the address; a completed order opened for editing
 * goes back to the list's first page. The area's actors are wired in ./actors.ts (D279).
 */

function ListPage() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  // doc 2 §1 opens a food-and-beverage merchant's orders from a table; the till also takes a counter
  // order from the list (no table), the one a cashier can take while the service is down (D349).
  const isFnb = useSessionSelector((s) => s.context.profile?.merchant.is_fnb ?? null);
  const { loadOrders, loadDetail, retryEinvoice, printReceipt, hub } = useAreaActors(ordersActorsOf);
  // Offline, or when the service does not answer, a new order is a local one in the till's queue (D349).
  const { createOrder } = useAreaActors(tillOrdersOf);
  const logic = useMemo(() => {
    return orderListMachine.provide({
      actors: {
        loadPage: loadOrders,
        loadDetail,
        createOrder,
        retryEinvoice,
        printReceipt,
      },
      actions: {
        openOrder: (_, p) =>
          navigateRef.current(typeof p.orderId === 'string' ? ordersPaths.local(p.orderId) : ordersPaths.detail(p.orderId)),
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
  }, [loadOrders, loadDetail, createOrder, retryEinvoice, printReceipt]);
  const actor = useListPage(logic, orderUrl);

  const einvoice = useOrderEinvoice(actor);
  // D248, D257: the sale service's worker tells the merchant's sockets when an invoice is issued or
  // has failed; the list (its states and the day's count) reloads. Only the event's arrival is used.
  useEffect(() => {
    const refresh = () => actor.send({ type: 'REFRESH' });
    const offIssued = hub.on('sale', 'einvoice_issued', refresh);
    const offFailed = hub.on('sale', 'einvoice_failed', refresh);
    return () => {
      offIssued();
      offFailed();
    };
  }, [actor, hub]);

  return (
    <>
      <OrderListScreen
        actor={actor}
        canCreate={isFnb !== null}
        editHref={ordersPaths.detail}
        refundHref={(order) => refundsPaths.order(order.invoice_id)}
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
        <ExportPage key={einvoice.exporting.order_id} order={einvoice.exporting} list={actor} onClose={einvoice.closeExport} />
      ) : null}
    </>
  );
}

function EditPage({ orderId, onVoided }: { orderId: number; onVoided: () => void }) {
  const navigate = useNavigate();
  const { inspect } = useRuntime();
  // D383: the service's order read and its dishes sent through the till, which queues them offline.
  const { loadProducts, loadCategories, loadOrder, submitDishes } = useAreaActors(tillOrdersOf);
  const { findCustomer, createCustomer, attachCustomer, cancelPending, voidOrder, voidApproval } = useAreaActors(ordersActorsOf);
  const { gateFor } = useAreaActors(approvalsActorsOf);
  const logic = useMemo(() => {
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
  }, [loadOrder, loadProducts, loadCategories, submitDishes, findCustomer, createCustomer, attachCustomer, cancelPending]);
  const actor = useActorRef(logic, { input: { orderId }, inspect });
  // doc 2 §2: a completed order opened here goes to /sale-order?page=1&page_size=10 (replacing this address, so Back does not return to it).
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(ordersPaths.listFirstPage(), { replace: true });
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  const owner = useOwner();
  const order = useSelector(actor, selectOrder);
  const codeRef = useRef('');
  useEffect(() => {
    codeRef.current = order?.order_code ?? '';
  }, [order]);
  const onVoidedRef = useRef(onVoided);
  useEffect(() => {
    onVoidedRef.current = onVoided;
  }, [onVoided]);
  // D301: the void's own machine; once voided the order is read again and shown voided.
  const voidLogic = useMemo(
    () =>
      orderVoidMachine.provide({
        // D310: a staff member's void waits for the owner's approval (PIN here, or the bell).
        actors: {
          voidOrder,
          approve: gateFor(voidApproval.gated, (input, signal) => voidApproval.perform(input.subject, input.fields, signal)),
        },
        actions: {
          notifyVoided: () => {
            notify.success({ title: 'orders:void.doneTitle', message: 'orders:void.doneBody', values: { code: codeRef.current } });
            onVoidedRef.current();
          },
        },
      }),
    [voidOrder, voidApproval, gateFor],
  );
  const voidActor = useActorRef(voidLogic, { input: { orderId }, inspect });
  const kitchenBadge = useOrderKitchenBadge(orderId);
  return (
    <OrderEditScreen
      actor={actor}
      listHref={ordersPaths.list()}
      payHref={ordersPaths.payment(orderId)}
      lineBadge={kitchenBadge}
      voidSlot={order && owner !== null ? <OrderVoidControl actor={voidActor} order={order} owner={owner} /> : null}
    />
  );
}

function EditRoute() {
  const { orderId = '' } = useParams();
  const [generation, setGeneration] = useState(0);
  const onVoided = useCallback(() => setGeneration((g) => g + 1), []);
  if (!/^[1-9]\d{0,9}$/.test(orderId) || Number(orderId) > 2_147_483_647) return <NotFound signedIn />;
  // Another order is another machine, not the previous one's basket; a void reads the order again (D301).
  return <EditPage key={`${orderId}-${generation}`} orderId={Number(orderId)} onVoided={onVoided} />;
}

export default function OrdersRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={orderSegments.detail} element={<EditRoute />} />
      <Route path={orderSegments.local} element={<LocalOrderPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
