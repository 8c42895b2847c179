import { createEinvoiceServices, type EinvoiceServices } from '../../services/shared/einvoice';
import { currentMerchantId } from './lookups';
import { getRuntime } from './runtime';

let services: EinvoiceServices | null = null;
let madeFor: string | null = null;

/**
 * The e-invoice services (backend, provider tokens, adapters) every area shares: the e-invoice pages and
 * the orders area's export use one token store. Provider tokens live in memory only and belong to the
 * merchant that fetched them, so another sign-in (or none) starts a new instance.
 */
export function einvoiceServices(): EinvoiceServices {
  const merchant = currentMerchantId();
  if (!services || madeFor !== merchant) {
    services?.resetTokens();
    const { config, clients } = getRuntime();
    services = createEinvoiceServices({ config, clients });
    madeFor = merchant;
  }
  return services;
}
