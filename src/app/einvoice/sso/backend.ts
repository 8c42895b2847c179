import type { EinvoiceBackend } from '../../../services/shared/einvoice/backend';
import { einvoiceServices } from '../../shared/einvoice-services';

/** The product backend client of the page's e-invoice services. */
export function einvoiceBackend(): EinvoiceBackend {
  return einvoiceServices().backend;
}
