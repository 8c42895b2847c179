import { createEinvoiceServices, type EinvoiceServices } from '../../services/einvoice/core';
import type { EinvoiceSettings } from '../../services/einvoice/core/types';
import { currentMerchantId } from '../shared/lookups';
import { getRuntime } from '../shared/runtime';

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

/**
 * The e-invoice settings a receipt reads for "Print invoice" (issue 25 §3, D252): null with the
 * e-invoice feature off, or when the settings cannot be read (the receipt then prints without the
 * invoice rather than not at all; the order list shows the invoice).
 */
export async function printInvoiceSettings(signal?: AbortSignal): Promise<EinvoiceSettings | null> {
  if (!getRuntime().config.features.einvoice) return null;
  try {
    return await einvoiceServices().backend.getSettings(signal);
  } catch {
    return null;
  }
}
