import { parseEivCode, serialText } from '../../../rules/einvoiceCode';
import { providerInfo, type EinvoiceSettings } from '../../einvoice';

/**
 * What a printed bill carries (doc 2 §2 print-bill button; D131): the shop's name, the order,
 * its lines and totals, how it was paid, a VietQR for a bill not yet paid, and whether this print is a
 * copy. The same data goes to the Android print bridge as JSON and, rendered by
 * src/screens/shared/receipt, to the browser's print of an 80 mm page. Shared: the payment screen and
 * the order list print the same receipt.
 */
export interface ReceiptLine {
  name: string;
  amount: number;
  /** Unit price in đồng, fixed when the line was added. */
  price: number;
}

export interface ReceiptData {
  shopName: string;
  shopAddress: string | null;
  orderCode: string;
  tableName: string | null;
  /** Unix seconds (or ms) of the order's last change, or of the refund on a refund receipt. */
  time: number;
  lines: ReceiptLine[];
  total: number;
  paid: boolean;
  paymentMethod: 'QR' | 'CASH' | 'CARD' | 'LINK' | null;
  receiveAmount: number | null;
  returnAmount: number | null;
  /** The order's VietQR payload, printed only on an unpaid bill. */
  qr: string | null;
  /** A reprint: the receipt says BẢN SAO / COPY. */
  copy: boolean;
  language: 'vi' | 'en';
  /** "Print invoice" (D252): the order's e-invoice, only when the settings say print it. */
  invoice: ReceiptInvoice | null;
  /** A refund receipt (issue 27 §1; D305): the lines are the refunded ones, the total what went back. */
  refund?: ReceiptRefund | null;
}

/**
 * What a refund receipt adds to the shared receipt: the way the money went back (the order's payment
 * method, D305), why, who refunded it, what the order's payment was and what of it stays paid.
 */
export interface ReceiptRefund {
  method: 'QR' | 'CASH' | 'CARD' | 'LINK';
  /** The reason in the receipt's language (the refund's code when it has no words). */
  reason: string;
  note: string;
  by: string;
  /** The order's payment, whole đồng. */
  paid: number;
  /** What stays paid once this refund and the earlier successful ones are given back. */
  remainingPaid: number;
}

/**
 * The e-invoice on a paid receipt (D252). `issued`: the symbol (ký hiệu, when the sale
 * service's answer named it), the number (số) and the lookup code (mã tra cứu), with a QR of the
 * provider's public lookup page. `pending`: the sale service has queued it and the provider has not
 * answered yet (or the cashier must retry it); the receipt says so and where to look it up, and a
 * reprint from the order list carries the code.
 */
export interface ReceiptInvoice {
  state: 'issued' | 'pending';
  symbol: string | null;
  number: number | null;
  lookupCode: string | null;
  /** The provider's public lookup page (registry `invoiceLookupUrl`); the QR encodes it. */
  lookupUrl: string;
}

/** What an order answer says of its invoice (the orders and the payment schemas both carry these). */
export interface OrderInvoiceState {
  eiv_code?: string | null;
  einvoice_job?: { state: 'QUEUED' | 'ISSUED' | 'FAILED'; serial: string | null } | null;
}

export type PrintInvoiceSettings = Pick<EinvoiceSettings, 'active' | 'printInvoice' | 'provider'>;

/**
 * The receipt's invoice block, or null when it carries none: print invoice off (or no active set-up),
 * an unpaid bill, or a paid order that has no invoice and none queued (a merchant exporting by hand).
 */
export function receiptInvoice(settings: PrintInvoiceSettings | null, paid: boolean, order: OrderInvoiceState): ReceiptInvoice | null {
  if (!settings?.active || !settings.printInvoice || !paid) return null;
  const lookupUrl = providerInfo(settings.provider).invoiceLookupUrl;
  const parts = parseEivCode(order.eiv_code);
  if (parts) {
    const serial = order.einvoice_job?.serial ?? null;
    return { state: 'issued', symbol: serial ? serialText(serial) : null, number: parts.seq, lookupCode: parts.searchCode, lookupUrl };
  }
  if (order.einvoice_job && order.einvoice_job.state !== 'ISSUED') {
    return { state: 'pending', symbol: null, number: null, lookupCode: null, lookupUrl };
  }
  return null;
}

/** How long a receipt printed at the payment waits for the sale service's invoice (D252). */
export const INVOICE_WAIT_TRIES = 6;
export const INVOICE_WAIT_MS = 500;

/**
 * D252: a receipt printed right after the payment reads the order again until its queued invoice is
 * issued or has failed, at most INVOICE_WAIT_TRIES reads INVOICE_WAIT_MS apart (the sale service
 * issues within a second when the provider is up); then it prints what it has (`pending` says where
 * to look the invoice up). A read that fails keeps the last answer.
 */
export async function settledInvoiceState(
  first: OrderInvoiceState,
  read: () => Promise<OrderInvoiceState>,
  wait: (ms: number) => Promise<void>,
  tries = INVOICE_WAIT_TRIES,
): Promise<OrderInvoiceState> {
  let current = first;
  for (let i = 0; i < tries && !current.eiv_code && current.einvoice_job?.state === 'QUEUED'; i++) {
    await wait(INVOICE_WAIT_MS);
    current = await read().catch(() => current);
  }
  return current;
}
