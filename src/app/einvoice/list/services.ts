import type { EinvoiceListDeps } from '../../../services/einvoice/list/actors';
import { withToken } from '../../../services/einvoice/core/provider-token';
import { canCorrect, canSign, cqtStatus, invoiceStatus, providerInfo } from '../../../services/einvoice/core/registry';
import { einvoiceServices } from '../services';

/** The list's view of the shared e-invoice services (settings, provider tokens, adapters). */
export function listDeps(): EinvoiceListDeps {
  const shared = einvoiceServices();
  return {
    getSettings: (signal) => shared.backend.getSettings(signal),
    adapter: (route) => shared.adapter(route),
    withToken: (route, fn, signal) => withToken(shared.tokens, route, fn, signal),
    registry: { providerInfo, cqtStatus, invoiceStatus, canSign, canCorrect },
  };
}
