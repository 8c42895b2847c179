import { WALK_IN_BUYER } from '../schemas';
import { sameSerial } from '../../shared/einvoice/registry';
import { invoiceTotals } from '../../../machines/shared/rules/invoiceTax';
import type { VatRateTable } from '../../../machines/shared/rules/vatRates';
import type { Buyer, ExportInput, Serial } from '../../shared/einvoice/types';
import type { OrderDetail } from '../schemas';

/**
 * An order as the provider's invoice (doc 2 §3 Order/invoice and Order products, §9 invoice defaults,
 * issue 25 §1–§2): one line per dish at the price on the bill, the unit "Phần", the order's payment
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

export function toExportInput(detail: OrderDetail, buyer: Buyer, terms: InvoiceTerms, now: number, rates: VatRateTable): ExportInput {
  const order = detail.invoice_data;
  // An order paid before the wire carried paid_at (or a row the service left without one): its last change is its payment.
  const paidAt = (order.paid_at ?? order.updated_at) * 1000;
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
    issuedAt: now,
    buyer,
    lines,
    // A completed order always has its method; CASH only stands in for a row the service left without one.
    paymentMethod: order.payment_method ?? 'CASH',
    total: tax.totals.gross,
    serial: terms.serial,
    tax,
  };
}

/** The settings' serial among the provider's active ones. */
export function termsFor(serials: readonly Serial[], serial: string | null): InvoiceTerms | null {
  if (serial === null || serial.trim() === '') return null;
  // The settings keep the six-character symbol; M-Invoice and MISA list it with the template digit in front.
  const found = serials.find((s) => sameSerial(s.value, serial));
  if (!found) return null;
  return { serial: found };
}
