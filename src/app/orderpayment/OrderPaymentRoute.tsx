import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useHref, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fromPromise, type AnyActorRef } from 'xstate';
import {
  orderPaymentMachine,
  PAYMENT_TABS,
  type PaymentTab,
  type PrintReceiptInput,
} from '../../machines/orderpayment/orderPayment.machine';
import { cardPaymentMachine } from '../../machines/orderpayment/cardPayment.machine';
import { cashPaymentMachine } from '../../machines/orderpayment/cashPayment.machine';
import { linkPaymentMachine } from '../../machines/orderpayment/linkPayment.machine';
import { qrPaymentMachine } from '../../machines/orderpayment/qrPayment.machine';
import type { OrderPaymentSnapshot } from '../../machines/orderpayment/selectors';
import { displayContentFor } from './display-content';
import { displayPaths } from '../display/paths';
import {
  createIntentKeys,
  createOrderPaymentActors,
  createOrderPaymentApi,
  type OrderPaymentActors,
  type OrderPaymentApi,
} from '../../services/orderpayment';
import { merchantInfoCall, orderLinkCall, type OrderLinkRequest, type MerchantInfo, type PaymentLink } from '../../services/checkout';
import { createDisplayReceiver, type DisplaySender, type DisplayMessage, createCashierDisplay } from '../../services/display';
import { createSessionSlots } from '../../services/shared/sessionSlots';
import { createReceiptPrinter, type ReceiptPrinter } from '../../services/shared/print/printer';
import { receiptInvoice, settledInvoiceState, type ReceiptData } from '../../services/shared/print/receipt';
import { CustomerDisplay } from '../../screens/orderpayment/CustomerDisplay';
import { OrderPaymentScreen } from '../../screens/orderpayment/OrderPaymentScreen';
import { renderReceipt } from '../../screens/shared/receipt/render';
import type { CopyOutcome } from '../../screens/shared/PaymentLinkResult';
import { NotFound } from '../../screens/shared/NotFound';
import { usePortal } from '../../screens/shared/portal-context';
import { printInvoiceSettings } from '../einvoice';
import { notify } from '../shared/notify';
import { getRealtimeHub } from '../shared/realtime-runtime';
import { getRuntime } from '../shared/runtime';
import { useSessionSelector } from '../shared/session-context';
import { orderPaymentPaths, orderPaymentQuery } from './paths';

/**
 * /sale-order/payment/{order_id} (doc 2 §2 Order payment panel) and its guest-facing view (`?customer`).
 * Wires the payment machines to the sale client, the realtime hub, this tab's intent keys (session
 * storage), the receipt printer and the customer display port. The cashier's screen publishes what
 * the guest should see on every change; the guest's view only listens.
 */

let actors: OrderPaymentActors | null = null;
let api: OrderPaymentApi | null = null;
let merchantName = '';
function paymentApi(): OrderPaymentApi {
  api ??= createOrderPaymentApi(getRuntime().clients.sale);
  return api;
}
function paymentActors(): OrderPaymentActors {
  actors ??= createOrderPaymentActors({
    api: paymentApi(),
    hub: getRealtimeHub(),
    keys: intentKeys(),
    // The service takes at most 25 characters (EMV field 59).
    qrQuery: () => ({ merchantName: merchantName.slice(0, 25) }),
  });
  return actors;
}

let keys: ReturnType<typeof createIntentKeys> | null = null;
function intentKeys() {
  keys ??= createIntentKeys(safeSessionStorage());
  return keys;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// The link tab's key per order lives in the same session storage as the other ways' intents (D159).
const linkSlots = createSessionSlots('', safeSessionStorage);

const notifyLinkCopy = (outcome: CopyOutcome) =>
  outcome === 'copied'
    ? notify.success({ title: 'common:paymentLink.copied' })
    : notify.failureText({ title: 'common:paymentLink.copy_fail' });

// One sender per page load: its seq only grows, and a display that (re)loads gets its last message.
let display: DisplaySender | null = null;
function cashierDisplay(): DisplaySender {
  display ??= createCashierDisplay({ sale: getRuntime().clients.sale });
  return display;
}

let printer: ReceiptPrinter | null = null;
function receiptPrinter(): ReceiptPrinter {
  printer ??= createReceiptPrinter({ win: window, render: renderReceipt });
  return printer;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Issue 25 §3 "Print invoice" (D252): a paid receipt with print invoice on carries the order's
 * e-invoice. Printed right after the payment, the sale service may still be issuing it: the order is
 * read again, briefly, until it is issued (then symbol, number, lookup code and QR) or the wait ends
 * (then the receipt says it is being issued and where to look it up).
 */
async function invoiceFor(input: PrintReceiptInput, signal: AbortSignal): Promise<ReceiptData['invoice']> {
  if (!isPaid(input)) return null;
  const settings = await printInvoiceSettings(signal);
  if (!settings?.active || !settings.printInvoice) return null;
  const orderId = input.detail.invoice_data.order_id;
  const read = async () => (await paymentApi().invoice(orderId, signal)).invoice_data;
  const first = await read().catch(() => input.detail.invoice_data);
  return receiptInvoice(settings, true, await settledInvoiceState(first, read, sleep));
}

/** doc 2 §2: a bill is paid once the order is completed, its payment succeeded, or a way of paying has just finished. */
const isPaid = (input: PrintReceiptInput) =>
  input.detail.invoice_data.status === 0 || input.detail.invoice_data.payment_status === 1 || input.method !== null;

function receiptFor(input: PrintReceiptInput, shopName: string, language: 'vi' | 'en', invoice: ReceiptData['invoice']): ReceiptData {
  const order = input.detail.invoice_data;
  return {
    shopName,
    shopAddress: null,
    orderCode: order.order_code,
    tableName: order.table_name ?? null,
    time: order.updated_at,
    lines: input.detail.products_data.map((line) => ({ name: line.name, amount: line.amount, price: line.price })),
    total: order.total_price,
    paid: isPaid(input),
    paymentMethod: input.method ?? order.payment_method ?? null,
    receiveAmount: order.receive_amount ?? null,
    returnAmount: order.return_amount ?? null,
    qr: null,
    copy: input.copy,
    language,
    invoice,
  };
}

/** Publishes the guest's view of the cashier's screen: on every change of the screen or its QR way. */
function usePublishDisplay(actor: AnyActorRef & { getSnapshot(): OrderPaymentSnapshot }) {
  useEffect(() => {
    const sender = cashierDisplay();
    let last = '';
    let qrChild: AnyActorRef | undefined;
    let offChild = () => {};
    const publish = () => {
      const snapshot = actor.getSnapshot();
      const qrSnapshot = qrChild?.getSnapshot() as { context?: { qr?: string | null }; value?: unknown } | undefined;
      const qr = qrSnapshot?.value === 'shown' ? (qrSnapshot.context?.qr ?? null) : null;
      const content = displayContentFor(snapshot, qr);
      if (!content) return;
      const text = JSON.stringify(content);
      if (text === last) return;
      last = text;
      sender.send(content);
    };
    const follow = () => {
      const child = actor.getSnapshot().children.qr as AnyActorRef | undefined;
      if (child !== qrChild) {
        offChild();
        qrChild = child;
        offChild = child ? (child.subscribe(publish).unsubscribe as () => void) : () => {};
      }
      publish();
    };
    const subscription = actor.subscribe(follow);
    follow();
    return () => {
      subscription.unsubscribe();
      offChild();
      sender.send({ kind: 'idle' });
    };
  }, [actor]);
}

function PaymentPage({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { inspect, config } = getRuntime();
  const { language } = usePortal();
  const profile = useSessionSelector((s) => s.context.profile);
  merchantName = profile?.merchant.name ?? '';
  const customerHref = useHref(orderPaymentPaths.customer(orderId));
  const requestedTab = params.get(orderPaymentQuery.tab);
  const [firstTab] = useState<PaymentTab | undefined>(() =>
    (PAYMENT_TABS as readonly string[]).includes(requestedTab ?? '') ? (requestedTab as PaymentTab) : undefined,
  );

  // The machine is made once per page; what it calls reads the latest router and language through this.
  const latest = useRef({ navigate, setParams, language });
  latest.current = { navigate, setParams, language };

  const logic = useMemo(() => {
    const a = paymentActors();
    const forgetIntent = (way: 'cash' | 'card') => (_: unknown, p: { orderId: number }) => intentKeys().forget(p.orderId, way);
    const shopName = () => getRuntime().session.getSnapshot().context.profile?.merchant.name ?? '';
    return orderPaymentMachine.provide({
      actors: {
        loadInvoice: a.loadInvoice,
        checkOrder: a.loadInvoice,
        watchPayment: a.watchPayment,
        cashPayment: cashPaymentMachine.provide({
          actors: { payCash: a.payCash, findPayments: a.findPayments },
          actions: { forgetIntent: forgetIntent('cash') },
        }),
        qrPayment: qrPaymentMachine.provide({ actors: { loadQr: a.loadQr } }),
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
          actors: {
            // doc 2 §6: the link's merchant may be named by the profile's ref_id instead of the merchant id.
            loadMerchant: fromPromise<MerchantInfo, void>(({ signal }) => {
              const profile = getRuntime().session.getSnapshot().context.profile;
              return merchantInfoCall(getRuntime().clients.checkout, profile?.merchant.ref_id || profile?.merchant_id || '', signal);
            }),
            createOrderLink: fromPromise<PaymentLink, OrderLinkRequest>(({ input, signal }) =>
              orderLinkCall(getRuntime().clients.checkout, input, { slots: linkSlots }, signal),
            ),
          },
        }),
        printReceipt: fromPromise<void, PrintReceiptInput>(async ({ input, signal }) => {
          const invoice = await invoiceFor(input, signal);
          await receiptPrinter()(receiptFor(input, shopName(), latest.current.language, invoice));
        }),
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
  }, []);

  const actor = useActorRef(logic, {
    input: { orderId, merchantId: profile?.merchant_id ?? '', ...(firstTab ? { tab: firstTab } : {}) },
    ...(inspect ? { inspect } : {}),
  });
  usePublishDisplay(actor);

  return (
    <OrderPaymentScreen
      actor={actor}
      hotline={config.hotlines.pos}
      onBackToOrder={() => navigate(orderPaymentPaths.order(orderId))}
      onOpenDisplay={() => window.open(customerHref, 'portal-customer-display', 'popup')}
      pairHref={displayPaths.pairing()}
      onLinkCopy={notifyLinkCopy}
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

export default function OrderPaymentRoute() {
  return (
    <Routes>
      <Route path=":orderId" element={<OrderPaymentPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
