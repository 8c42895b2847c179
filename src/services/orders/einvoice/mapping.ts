import { WALK_IN_BUYER } from '../schemas';
import { sameSerial, type Buyer, type ExportInput, type Serial } from '../../einvoice';
import { serialText } from '../../../rules/einvoiceCode';
import { vnToday } from '../../../rules/vnTime';
import { invoiceTotals } from '../../../rules/invoiceTax';
import type { VatRateTable } from '../../../rules/vatRates';
import type { OrderDetail } from '../schemas';

/**
 * An order as the provider's invoice (doc 2 §3 Order/invoice and Order products, §9 invoice defaults,
 * D226–D234): one line per dish at the price on the bill, the unit "Phần", the order's payment
 * method and total, the order id as the provider's key (D178). Menu prices include VAT; each line's
 * rate is its tax class's on the Vietnam day of the payment (D226), and the net figures the providers
 * read are worked here once (invoiceTotals), so every adapter sends the same đồng. A sales-invoice
 * serial (template 2) carries no VAT and the reduction note where one applies.
 */

/** doc 2 §9: the unit name of every line. */
export const INVOICE_UNIT = 'Phần';

export const walkInBuyer = (): Buyer => ({ isIndividual: true, name: WALK_IN_BUYER });

export interface InvoiceTerms {
  serial: Serial;
}

/** The order's payment time, unix ms. */
export function paidAtOf(detail: OrderDetail): number {
  const order = detail.invoice_data;
  // An order paid before the wire carried paid_at (or a row the service left without one): its last change is its payment.
  return (order.paid_at ?? order.updated_at) * 1000;
}

/** `issuedAt`: the date the invoice carries (D254: the sale's, where the provider takes it). */
export function toExportInput(detail: OrderDetail, buyer: Buyer, terms: InvoiceTerms, issuedAt: number, rates: VatRateTable): ExportInput {
  const order = detail.invoice_data;
  const paidAt = paidAtOf(detail);
  const lines = detail.products_data.map((line) => ({
    name: line.name,
    unit: INVOICE_UNIT,
    quantity: line.amount,
    unitPriceGross: line.price,
    taxClass: line.tax_class,
  }));
  const tax = invoiceTotals(
    lines.map((l) => ({ unitPrice: l.unitPriceGross, quantity: l.quantity, taxClass: l.taxClass })),
    paidAt,
    rates,
    terms.serial.isSalesInvoice ? 'sales' : 'vat',
  );
  return {
    orderId: String(order.order_id),
    orderCode: order.order_code,
    paidAt,
    issuedAt,
    buyer,
    lines,
    // A completed order always has its method; CASH only stands in for a row the service left without one.
    paymentMethod: order.payment_method ?? 'CASH',
    total: tax.totals.gross,
    serial: terms.serial,
    tax,
  };
}

/**
 * The saved serial for an invoice dated `at` (D254): the symbol's two year digits are the invoice
 * date's year (Circular 78/2021 art. 4, kept by Circular 32/2025), not a choice, so a merchant who chose
 * C26TMS issues a 2027 invoice on C27TMS when the provider offers it (from December, D253). 'invalid':
 * the provider lists the saved symbol in no year; 'year': not for that year, so the merchant must
 * choose a serial the provider offers for it (EINV_SERIAL_YEAR).
 */
export function termsForYear(serials: readonly Serial[], serial: string | null, at: number): InvoiceTerms | 'invalid' | 'year' {
  if (serial === null || serial.trim() === '') return 'invalid';
  const saved = serialText(serial);
  const yy = vnToday(at).slice(2, 4);
  const letters = (symbol: string) => symbol.slice(0, 1) + symbol.slice(3);
  const template = (s: Serial) => s.templateCode;
  const savedEntry = serials.find((s) => sameSerial(s.value, serial));
  const sameKind = serials.filter(
    (s) => letters(serialText(s.value)) === letters(saved) && (savedEntry === undefined || template(s) === template(savedEntry)),
  );
  if (sameKind.length === 0) return 'invalid';
  const found = sameKind.find((s) => serialText(s.value).slice(1, 3) === yy);
  return found ? { serial: found } : 'year';
}
