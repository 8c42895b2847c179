import { createEinvoiceServices, type EinvoiceServices } from '../../services/einvoice/core';
import type { EinvoiceSettings } from '../../services/einvoice/core/types';
import type { AreaFactory } from '../shared/composition';
import { currentMerchantId } from '../shared/lookups';

export interface EinvoiceShared {
  /**
   * The e-invoice services (backend, provider tokens, adapters) every area shares: the e-invoice pages
   * and the orders area's export use one token store. Provider tokens live in memory only and belong
   * to the merchant that fetched them, so another sign-in (or none) starts a new instance.
   */
  services(): EinvoiceServices;
  /**
   * The e-invoice settings a receipt reads for "Print invoice" (D252): null with the
   * e-invoice feature off, or when the settings cannot be read (the receipt then prints without the
   * invoice rather than not at all; the order list shows the invoice).
   */
  printInvoiceSettings(signal?: AbortSignal): Promise<EinvoiceSettings | null>;
}

/** The runtime's shared e-invoice services, kept in the app scope (D279). */
export const einvoiceOf: AreaFactory<EinvoiceShared> = ({ runtime }) => {
  let current: EinvoiceServices | null = null;
  let madeFor: string | null = null;
  const services = (): EinvoiceServices => {
    const merchant = currentMerchantId(runtime);
    if (!current || madeFor !== merchant) {
      current?.resetTokens();
      current = createEinvoiceServices({ config: runtime.config, clients: runtime.clients });
      madeFor = merchant;
    }
    return current;
  };
  return {
    services,
    async printInvoiceSettings(signal) {
      if (!runtime.config.features.einvoice) return null;
      try {
        return await services().backend.getSettings(signal);
      } catch {
        return null;
      }
    },
  };
};
