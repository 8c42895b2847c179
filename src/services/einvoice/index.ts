/**
 * The e-invoice area's public face in the services layer: what another area that declares einvoice
 * (areas.json) may use. Orders issues an order's invoice through the provider adapters and dates it by
 * the provider's rules (D254); the sandbox's auto-export queue plays the sale service with the same
 * adapters. Everything else under src/services/einvoice is the area's own.
 */
export type * from './core/types';
export { EINVOICE_ERROR_CODES, PROVIDER_ROUTES, VAT_CHOICES } from './core/types';
export { datesAtSale, PROVIDERS, providerInfo, sameSerial } from './core/registry';
export { sellerToken } from './core/seller-token';
export { createFptAdapter } from './core/providers/fpt';
export { createMInvoiceAdapter } from './core/providers/m-invoice';
export { createMisaAdapter } from './core/providers/misa';
export { createViettelAdapter } from './core/providers/viettel';
