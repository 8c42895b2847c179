import { useEffect, useMemo, useRef, useState } from 'react';
import { useTillOffline, useTillOutbox } from '../shared/OutboxSlot';
import { LOCAL_ORDER_ID } from '../shared/local-orders';
import { tillPaymentsOf } from './till';
import { useActorRef } from '@xstate/react';
import { Navigate, Route, Routes, useHref, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { orderPaymentMachine, PAYMENT_TABS, type PaymentTab } from '../../machines/orderpayment/orderPayment.machine';
import { cardPaymentMachine } from '../../machines/orderpayment/cardPayment.machine';
import { cashPaymentMachine } from '../../machines/orderpayment/cashPayment.machine';
import { linkPaymentMachine } from '../../machines/orderpayment/linkPayment.machine';
import { qrPaymentMachine } from '../../machines/orderpayment/qrPayment.machine';
import { displayPaths } from '../display/paths';
import { createDisplayReceiver, type DisplayMessage } from '../../services/display';
import { CustomerDisplay } from '../../screens/orderpayment/CustomerDisplay';
import { OrderPaymentScreen } from '../../screens/orderpayment/OrderPaymentScreen';
import type { CopyOutcome } from '../../screens/shared/PaymentLinkResult';
import { NotFound } from '../../screens/shared/NotFound';
import { usePortal } from '../../screens/shared/portal-context';
import { useAreaActors, useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { useSessionSelector } from '../shared/session-context';
import { orderPaymentActorsOf } from './actors';
import { orderPaymentPaths, orderPaymentQuery } from './paths';
import { TillQueueGate } from '../shared/TillQueueGate';

/**
 * /sale-order/payment/{order_id} (doc 2 §2 Order payment panel) and its guest-facing view (`?customer`).
 * Wires the payment machines to the area's actors (./actors.ts: the sale client, the realtime hub, this
 * tab's intent keys, the receipt printer and the customer display, D279). The payment machine drives
 * the guest's screen itself (D280); the guest's view only listens.
 */

const notifyLinkCopy = (outcome: CopyOutcome) =>
  outcome === 'copied'
    ? notify.success({ title: 'common:paymentLink.copied' })
    : notify.failureText({ title: 'common:paymentLink.copy_fail' });

/**
 * One order's payment page: the service's order, or a local one (`localId`, D349) whose invoice is
 * read from the till's queue and whose cash payment is queued (D339, D350).
 */
function PaymentPage({ orderId, localId }: { orderId: number; localId?: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { inspect, config } = useRuntime();
  const a = useAreaActors(orderPaymentActorsOf);
  const till = useAreaActors(tillPaymentsOf);
  const { language } = usePortal();
  const profile = useSessionSelector((s) => s.context.profile);
  const customerHref = useHref(orderPaymentPaths.customer(orderId));
  const requestedTab = params.get(orderPaymentQuery.tab);
  const [firstTab] = useState<PaymentTab | undefined>(() =>
    (PAYMENT_TABS as readonly string[]).includes(requestedTab ?? '') ? (requestedTab as PaymentTab) : undefined,
  );

  // The machine is made once per page; what it calls reads the latest router and language through
  // this, kept current after each render (not during it).
  const latest = useRef({ navigate, setParams, language });
  useEffect(() => {
    latest.current = { navigate, setParams, language };
  }, [navigate, setParams, language]);

  const logic = useMemo(() => {
    const forgetIntent = (way: 'cash' | 'card') => (_: unknown, p: { orderId: number }) => a.forgetIntent(p.orderId, way);
    const local = localId ? till.localPayment(localId) : null;
    const language = () => latest.current.language;
    return orderPaymentMachine.provide({
      actors: {
        loadInvoice: local?.loadInvoice ?? till.loadInvoice,
        checkOrder: local?.checkOrder ?? a.loadInvoice,
        watchPayment: local?.watchPayment ?? a.watchPayment,
        cashPayment: cashPaymentMachine.provide({
          actors: { payCash: local?.payCash ?? till.payCash, findPayments: local?.findPayments ?? a.findPayments },
          actions: { forgetIntent: forgetIntent('cash') },
        }),
        qrPayment: qrPaymentMachine.provide({ actors: { loadQr: a.loadQr, loadSoundboxes: a.loadSoundboxes, pushQr: a.pushQr } }),
        cardPayment: cardPaymentMachine.provide({
          actors: {
            loadTerminals: a.loadTerminals,
            checkConnection: a.checkConnection,
            payCard: a.payCard,
            findPayments: a.findPayments,
            watchCardResult: a.watchCardResult,
          },
          actions: { forgetIntent: forgetIntent('card') },
        }),
        linkPayment: linkPaymentMachine.provide({
          actors: { loadMerchant: a.loadMerchant, createOrderLink: a.createOrderLink },
        }),
        printReceipt: local ? local.printReceipt(language) : till.printReceipt(language),
        customerDisplay: a.customerDisplay,
      },
      actions: {
        goHome: (_, p) => latest.current.navigate(orderPaymentPaths.home(p.tableId), { replace: true }),
        markSuccess: () =>
          latest.current.setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set(orderPaymentQuery.success, 'true');
              return next;
            },
            { replace: true },
          ),
        notifyPrintFailed: () => notify.failureText({ title: 'orderpayment:print.failTitle', message: 'orderpayment:print.failBody' }),
      },
    });
  }, [a, till, localId]);

  const offline = useTillOffline();
  const actor = useActorRef(logic, {
    input: { orderId, merchantId: profile?.merchant_id ?? '', ...(firstTab ? { tab: firstTab } : {}) },
    ...(inspect ? { inspect } : {}),
  });

  return (
    <OrderPaymentScreen
      actor={actor}
      hotline={config.hotlines.pos}
      onBackToOrder={() => navigate(localId ? orderPaymentPaths.localOrder(localId) : orderPaymentPaths.order(orderId))}
      onOpenDisplay={() => window.open(customerHref, 'portal-customer-display', 'popup')}
      pairHref={displayPaths.pairing()}
      onLinkCopy={notifyLinkCopy}
      offline={offline}
    />
  );
}

/** Keeps the guest's screen on while it shows (re-asked when the tab is visible again). */
function useWakeLock() {
  useEffect(() => {
    type Sentinel = { release(): Promise<void> };
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } }).wakeLock;
    if (!wakeLock) return;
    let sentinel: Sentinel | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (lock) => {
          if (stopped) void lock.release();
          else sentinel = lock;
        },
        () => {},
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release();
    };
  }, []);
}

/** The guest's view in a second window of this browser: the newest message of the cashier's screen (asked for on load). */
function CustomerPage() {
  const [message, setMessage] = useState<DisplayMessage | null>(null);
  useWakeLock();
  useEffect(() => {
    const receiver = createDisplayReceiver({
      onMessage: (next) => setMessage((current) => (current && current.seq >= next.seq ? current : next)),
    });
    return () => receiver.close();
  }, []);
  return <CustomerDisplay message={message} />;
}

function OrderPaymentPage() {
  const { orderId } = useParams();
  const [params] = useSearchParams();
  const id = /^[1-9]\d{0,9}$/.test(orderId ?? '') ? Number(orderId) : null;
  if (id === null) return <NotFound signedIn />;
  if (params.has(orderPaymentQuery.customer)) return <CustomerPage />;
  return <PaymentPage key={id} orderId={id} />;
}

/**
 * /sale-order/payment/local/{uuid}: a local order's payment (D349). Once its create was acknowledged
 * the service's payment page is the one to use (its cash, if queued, addresses the service's order).
 */
function LocalPaymentPage() {
  const { localId = '' } = useParams();
  const outbox = useTillOutbox();
  const [served, setServed] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    if (!outbox) return;
    outbox.ids.get(localId).then(
      (orderId) => active && setServed(orderId),
      () => active && setServed(null),
    );
    return () => {
      active = false;
    };
  }, [outbox, localId]);
  if (!LOCAL_ORDER_ID.test(localId)) return <NotFound signedIn />;
  if (typeof served === 'number') return <Navigate to={orderPaymentPaths.pay(served)} replace />;
  if (served === undefined && outbox) return null;
  return (
    <TillQueueGate>
      <PaymentPage key={localId} orderId={0} localId={localId} />
    </TillQueueGate>
  );
}

export default function OrderPaymentRoute() {
  return (
    <Routes>
      <Route path="local/:localId" element={<LocalPaymentPage />} />
      <Route path=":orderId" element={<OrderPaymentPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
