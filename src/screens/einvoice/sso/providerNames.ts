import type { ProviderRoute } from '../../../services/einvoice/core/types';

/**
 * Brand names as the SSO screens show them (not translated). Screens may not import the provider
 * registry (a service module), so the names the registry also carries are repeated here.
 */
export const PROVIDER_NAMES: Record<ProviderRoute, string> = {
  'm-invoice': 'M-Invoice',
  misa: 'MISA meInvoice',
  fpt: 'FPT eInvoice',
  viettel: 'Viettel S-Invoice',
};

export function providerName(route: string): string {
  return (PROVIDER_NAMES as Record<string, string>)[route] ?? route;
}
