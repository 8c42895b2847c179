import { createEinvoiceListActors, createEinvoiceListApi, type EinvoiceListDeps } from '../../../services/einvoice/list/actors';
import { withToken } from '../../../services/einvoice/core/provider-token';
import { canCorrect, canSign, cqtStatus, invoiceStatus, providerInfo } from '../../../services/einvoice/core/registry';
import type { AppScope } from '../../shared/composition';
import { einvoiceOf, type EinvoiceShared } from '../services';

/** The list's view of the shared e-invoice services (settings, provider tokens, adapters). */
export function listDeps(einvoice: EinvoiceShared): EinvoiceListDeps {
  const shared = einvoice.services();
  return {
    getSettings: (signal) => shared.backend.getSettings(signal),
    adapter: (route) => shared.adapter(route),
    withToken: (route, fn, signal) => withToken(shared.tokens, route, fn, signal),
    registry: { providerInfo, cqtStatus, invoiceStatus, canSign, canCorrect },
  };
}

/** The list page's actors for one runtime (D279), on the shared e-invoice services. */
export const einvoiceListActorsOf = (scope: AppScope) => createEinvoiceListActors(createEinvoiceListApi(listDeps(scope.use(einvoiceOf))));

export type EinvoiceListActors = ReturnType<typeof einvoiceListActorsOf>;
