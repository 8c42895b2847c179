/**
 * The e-invoice area's public face in the composition layer: the session's e-invoice services and the
 * merchant's invoice settings, which the orders and order-payment pages use to print an invoice's
 * figures (areas.json: orders and orderpayment use einvoice).
 */
export { einvoiceOf, type EinvoiceShared } from './services';
