import type { EinvoiceBackend } from '../../../services/einvoice/core/backend';
import type { EinvoiceShared } from '../services';

/** The product backend client of the page's e-invoice services. */
export function einvoiceBackend(einvoice: EinvoiceShared): EinvoiceBackend {
  return einvoice.services().backend;
}
