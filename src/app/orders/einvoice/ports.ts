import type { EinvoicePorts } from '../../../services/orders/einvoice/export';
import type { EinvoiceShared } from '../../einvoice';

/** The shared e-invoice services (one token store with the e-invoice pages) as the export uses them. */
export function einvoicePorts(einvoice: EinvoiceShared): EinvoicePorts {
  const einvoiceServices = () => einvoice.services();
  return {
    getSettings: (signal) => einvoiceServices().backend.getSettings(signal),
    saveEivCode: (orderId, eivCode) => einvoiceServices().backend.saveEivCode(orderId, eivCode),
    adapter: (route) => einvoiceServices().adapter(route),
    withToken: (route, fn, signal) => einvoiceServices().withToken(route, (token) => fn(token), signal),
  };
}
