import { fromCallback, fromPromise } from 'xstate';
import type { CustomerDisplayEvent, PrintReceiptInput } from '../../machines/orderpayment/orderPayment.machine';
import { merchantInfoCall, orderLinkCall, type MerchantInfo, type OrderLinkRequest, type PaymentLink } from '../../services/checkout';
import { createCashierDisplay, type DisplaySender } from '../../services/display';
import { createEdcApi } from '../../services/edc';
import { activeSoundboxesOf } from '../../machines/orderpayment/rules';
import { createIntentKeys, createOrderPaymentActors, createOrderPaymentApi } from '../../services/orderpayment';
import { createSessionSlots } from '../../services/shared/sessionSlots';
import { createReceiptPrinter } from '../../services/shared/print/printer';
import { receiptInvoice, settledInvoiceState, type ReceiptData } from '../../services/shared/print/receipt';
import { renderReceipt } from '../../screens/shared/receipt/render';
import { einvoiceOf } from '../einvoice';
import type { AppScope, AreaFactory } from '../shared/composition';
import { realtimeHubOf } from '../shared/realtime-runtime';
import type { Runtime } from '../shared/runtime';
import { displayContentFor } from './display-content';

/**
 * The order-payment area's wiring for one runtime (D279): the sale client's payment actors, this tab's
 * intent keys and link slots (session storage, D159), the pay-by-link calls of the link tab, the
 * receipt printer and the customer display the payment machine drives (D280).
 */

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** GET /metadata/edc's largest page (the edc area's limit): a store's Soundboxes fit in it. */
const SOUNDBOX_PAGE = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/**
 * The guest's screen while a payment page's machine runs (D280): shows what the machine says, drops a
 * repeat, and leaves the screen idle when the machine stops (the page closed or the order was paid before).
 */
export function customerDisplayActor(sender: DisplaySender) {
  return fromCallback<CustomerDisplayEvent>(({ receive }) => {
    let last = '';
    receive((event) => {
      const content = displayContentFor(event.detail, event.view);
      if (!content) return;
      const text = JSON.stringify(content);
      if (text === last) return;
      last = text;
      sender.send(content);
    });
    return () => {
      sender.send({ kind: 'idle' });
    };
  });
}

const profileOf = (runtime: Runtime) => runtime.session.getSnapshot().context.profile;

export const orderPaymentActorsOf: AreaFactory<ReturnType<typeof createWiring>> = (scope) => createWiring(scope);

function createWiring(scope: AppScope) {
  const { runtime } = scope;
  const api = createOrderPaymentApi(runtime.clients.sale);
  const keys = createIntentKeys(safeSessionStorage());
  // The link tab's key per order lives in the same session storage as the other ways' intents (D159).
  const linkSlots = createSessionSlots('', safeSessionStorage);
  const actors = createOrderPaymentActors({
    api,
    hub: scope.use(realtimeHubOf),
    keys,
    // The signed-in merchant's name; the service takes at most 25 characters (EMV field 59).
    qrQuery: () => ({ merchantName: (profileOf(runtime)?.merchant.name ?? '').slice(0, 25) }),
  });
  // One sender per runtime: its seq only grows, and a display that (re)loads gets its last message.
  const display = createCashierDisplay({ sale: runtime.clients.sale });
  const printer = createReceiptPrinter({ win: window, render: renderReceipt });
  const einvoice = scope.use(einvoiceOf);

  /**
   * "Print invoice" (D252): a paid receipt with print invoice on carries the order's
   * e-invoice. Printed right after the payment, the sale service may still be issuing it: the order is
   * read again, briefly, until it is issued (then symbol, number, lookup code and QR) or the wait ends
   * (then the receipt says it is being issued and where to look it up).
   */
  async function invoiceFor(input: PrintReceiptInput, signal: AbortSignal): Promise<ReceiptData['invoice']> {
    if (!isPaid(input)) return null;
    const settings = await einvoice.printInvoiceSettings(signal);
    if (!settings?.active || !settings.printInvoice) return null;
    const orderId = input.detail.invoice_data.order_id;
    const read = async () => (await api.invoice(orderId, signal)).invoice_data;
    const first = await read().catch(() => input.detail.invoice_data);
    return receiptInvoice(settings, true, await settledInvoiceState(first, read, sleep));
  }

  const edc = createEdcApi(runtime.clients.portal);

  async function print(input: PrintReceiptInput, signal: AbortSignal, language: 'vi' | 'en', held: boolean) {
    const invoice = held ? null : await invoiceFor(input, signal);
    await printer(receiptFor(input, profileOf(runtime)?.merchant.name ?? '', language, invoice));
  }

  return {
    ...actors,
    api,
    /** This tab's cash intent key of an order (D124): a cash payment queued after a lost answer keeps it (D350). */
    cashKey: (orderId: number) => keys.keyFor(orderId, 'cash'),
    // The order's store's active Soundboxes (D298), from the edc area's list (core §7 GET /metadata/edc).
    loadSoundboxes: fromPromise<Array<{ serial: string }>, { storeId: number | null }>(async ({ input, signal }) => {
      if (input.storeId === null) return [];
      const page = await edc.list({ page: 1, pageSize: SOUNDBOX_PAGE, type: 2 }, signal);
      return activeSoundboxesOf(page.rows, input.storeId);
    }),
    forgetIntent: (orderId: number, way: 'cash' | 'card') => keys.forget(orderId, way),
    // doc 2 §6: the link's merchant may be named by the profile's ref_id instead of the merchant id.
    loadMerchant: fromPromise<MerchantInfo, void>(({ signal }) => {
      const profile = profileOf(runtime);
      return merchantInfoCall(runtime.clients.checkout, profile?.merchant.ref_id || profile?.merchant_id || '', signal);
    }),
    createOrderLink: fromPromise<PaymentLink, OrderLinkRequest>(({ input, signal }) =>
      orderLinkCall(runtime.clients.checkout, input, { slots: linkSlots }, signal),
    ),
    customerDisplay: customerDisplayActor(display),
    /** The receipt for the shop, in the page's language at the moment of printing. */
    printReceipt: (language: () => 'vi' | 'en') =>
      fromPromise<void, PrintReceiptInput>(({ input, signal }) => print(input, signal, language(), false)),
    /**
     * Prints a receipt; `held`: from what the till holds, without asking the service (D339). Offline a
     * receipt carries no e-invoice (the service issues it once the payment reaches it).
     */
    print,
  };
}
