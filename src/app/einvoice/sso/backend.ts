import type { EinvoiceBackend } from '../../../services/einvoice/core/backend';
import { einvoiceServices } from '../services';

/** The product backend client of the page's e-invoice services. */
export function einvoiceBackend(): EinvoiceBackend {
  return einvoiceServices().backend;
}
