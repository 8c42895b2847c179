import { WALK_IN_BUYER } from '../schemas';
import { sameSerial } from '../../shared/einvoice/registry';
import type { Buyer, ExportInput, Serial, VatRate } from '../../shared/einvoice/types';
import type { OrderDetail } from '../schemas';

/**
 * An order as the provider's invoice (doc 2 §3 Order/invoice and Order products, §9 invoice defaults):
 * one line per dish at the price on the bill (menu prices include VAT, D173), the unit "Phần", the
 * order's payment method and total, the order id as the provider's key (D178). The invoice is dated
 * when it is issued, not when the order was paid (D210): providers refuse a date other than today.
 */

/** doc 2 §9: the unit name of every line. */
export const INVOICE_UNIT = 'Phần';

export const walkInBuyer = (): Buyer => ({ isIndividual: true, name: WALK_IN_BUYER });

export interface InvoiceTerms {
  serial: Serial;
  vat: VatRate;
}

export function toExportInput(detail: OrderDetail, buyer: Buyer, terms: InvoiceTerms, now: number): ExportInput {
  const order = detail.invoice_data;
  return {
    orderId: String(order.order_id),
    orderCode: order.order_code,
    issuedAt: now,
    buyer,
    lines: detail.products_data.map((line) => ({ name: line.name, unit: INVOICE_UNIT, quantity: line.amount, unitPriceGross: line.price })),
    // A completed order always has its method; CASH only stands in for a row the service left without one.
    paymentMethod: order.payment_method ?? 'CASH',
    total: order.total_price,
    serial: terms.serial,
    vat: terms.serial.isSalesInvoice ? 0 : terms.vat,
  };
}

/** The settings' serial among the provider's active ones, with the VAT to use (a sales invoice: 0, doc 2 §5). */
export function termsFor(serials: readonly Serial[], serial: string | null, tax: VatRate | null): InvoiceTerms | null {
  if (serial === null || serial.trim() === '') return null;
  // The settings keep the six-character symbol; M-Invoice and MISA list it with the template digit in front.
  const found = serials.find((s) => sameSerial(s.value, serial));
  if (!found) return null;
  return { serial: found, vat: found.isSalesInvoice ? 0 : (tax ?? 10) };
}
