import { z } from '../../../config/zod-classic';
import type { ServiceClient } from '../../http/client';
import { LOCAL_ERROR_CODES, ServiceError } from '../../http/errors';
import { fromBackendProvider, serialSymbol, toBackendProvider } from './registry';
import { VAT_CHOICES, type EinvoiceSettings, type ProviderRoute, type ProviderToken, type SettingsSave, type VatRate } from './types';

/**
 * The product backend's e-invoice calls (doc 2 §7 "Product backend for e-invoice"; docs/areas/
 * einvoice.md "Product backend calls"): the settings on the portal service, the SSO link, the provider
 * token, and the order's e-invoice code on the sale service. Errors arrive in the wire envelope, so
 * the portal's ServiceClient reads them; INVOICE_ALREADY_EXPORTED keeps `data.eiv_code` (the stored code).
 */

export interface EinvoiceBackend {
  /** Null: never set up, or cancelled. */
  getSettings(signal?: AbortSignal): Promise<EinvoiceSettings | null>;
  saveSettings(body: SettingsSave, signal?: AbortSignal): Promise<EinvoiceSettings>;
  cancelSettings(signal?: AbortSignal): Promise<void>;
  ssoCheck(route: ProviderRoute, signal?: AbortSignal): Promise<boolean>;
  ssoSignIn(route: ProviderRoute, taxNo: string, signal?: AbortSignal): Promise<void>;
  ssoSignOut(route: ProviderRoute, signal?: AbortSignal): Promise<void>;
  /** A token of the provider for this merchant, whichever login method the set-up uses (D189). */
  providerToken(route: ProviderRoute, signal?: AbortSignal): Promise<ProviderToken>;
  /** Rejects INVOICE_ALREADY_EXPORTED with `data.eiv_code` when the order already has another code. */
  saveEivCode(orderId: string, eivCode: string, signal?: AbortSignal): Promise<{ eivCode: string; cqtCode: string | null }>;
}

export interface EinvoiceBackendClients {
  portal: ServiceClient;
  sale: ServiceClient;
}

const vatSchema = z.union(VAT_CHOICES.map((rate) => z.literal(rate)) as [z.ZodLiteral<VatRate>, ...z.ZodLiteral<VatRate>[]]);

const settingsWireSchema = z.object({
  provider: z.string(),
  active_method: z.enum(['einv_provider_account', 'merchant_account']),
  tax_code: z.string(),
  username: z.string().nullable(),
  has_password: z.boolean(),
  serial: z.string().nullable(),
  tax: vatSchema.nullable(),
  autoExport: z.boolean(),
  printInvoice: z.boolean(),
  active: z.boolean(),
  updated_at: z.number(),
});

/** The settings as the portal uses them; a provider the portal does not know is an invalid answer. */
const settingsSchema = settingsWireSchema.transform((wire, ctx): EinvoiceSettings => {
  const provider = fromBackendProvider(wire.provider);
  if (!provider) {
    ctx.addIssue({ code: 'custom', path: ['provider'], message: 'unknown provider' });
    return z.NEVER;
  }
  return {
    provider,
    activeMethod: wire.active_method,
    taxCode: wire.tax_code,
    username: wire.username,
    hasPassword: wire.has_password,
    serial: wire.serial,
    tax: wire.tax,
    autoExport: wire.autoExport,
    printInvoice: wire.printInvoice,
    active: wire.active,
    updatedAt: wire.updated_at,
  };
});

const successSchema = z.object({ success: z.literal(true) });
const ssoCheckSchema = z.object({ isAuthenticated: z.boolean() });
const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive(),
  /** The seller's tax code with that provider, when the backend says it. */
  tax_code: z.string().optional(),
});
const eivSavedSchema = z.object({ eiv_code: z.string(), cqt_code: z.string().nullable() });

function settingsBody(body: SettingsSave): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    provider: toBackendProvider(body.provider),
    tax_code: body.taxCode.trim(),
    active_method: body.activeMethod,
    autoExport: body.autoExport,
    printInvoice: body.printInvoice,
  };
  // The merchant-account login holds no provider credentials (doc 2 §5 "unless SSO").
  if (body.activeMethod === 'einv_provider_account') {
    if (body.username !== undefined) wire.username = body.username.trim();
    if (body.password !== undefined && body.password !== '') wire.password = body.password;
  }
  // The backend keeps the six-character symbol; M-Invoice and MISA list it with the template digit in front.
  if (body.serial !== undefined) wire.serial = serialSymbol(body.serial);
  if (body.tax !== undefined) wire.tax = body.tax;
  return wire;
}

/** The sale service's order ids are whole numbers; anything else would only make a 400 with a stranger path. */
function orderPath(orderId: string): string {
  if (!/^\d{1,10}$/.test(orderId)) {
    throw new ServiceError({
      code: LOCAL_ERROR_CODES.badRequest,
      status: 0,
      kind: 'server',
      message: 'saveEivCode: the order id is not a number',
    });
  }
  return `/invoice/eiv/${orderId}`;
}

export function createEinvoiceBackend(clients: EinvoiceBackendClients, options: { now?: () => number } = {}): EinvoiceBackend {
  const now = options.now ?? Date.now;
  const { portal, sale } = clients;
  const opt = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

  const backend: EinvoiceBackend = {
    getSettings: (signal) =>
      portal.data({ name: 'einvoice.getSettings', path: '/einvoice/setting', schema: settingsSchema.nullable(), ...opt(signal) }),

    saveSettings: (body, signal) =>
      portal.data({
        name: 'einvoice.saveSettings',
        method: 'PUT',
        path: '/einvoice/setting',
        body: settingsBody(body),
        schema: settingsSchema,
        ...opt(signal),
      }),

    async cancelSettings(signal) {
      await portal.data({
        name: 'einvoice.cancelSettings',
        method: 'DELETE',
        path: '/einvoice/setting',
        schema: z.object({ success: z.literal(true), cleared: z.boolean() }),
        ...opt(signal),
      });
    },

    async ssoCheck(route, signal) {
      const answer = await portal.data({
        name: 'einvoice.ssoCheck',
        path: '/einvoice/sso/check',
        query: { provider: route },
        schema: ssoCheckSchema,
        ...opt(signal),
      });
      return answer.isAuthenticated;
    },

    async ssoSignIn(route, taxNo, signal) {
      await portal.data({
        name: 'einvoice.ssoSignIn',
        method: 'POST',
        path: '/einvoice/sso/sign-in',
        body: { provider: route, tax_no: taxNo.trim() },
        schema: successSchema,
        ...opt(signal),
      });
    },

    async ssoSignOut(route, signal) {
      await portal.data({
        name: 'einvoice.ssoSignOut',
        method: 'POST',
        path: '/einvoice/sso/sign-out',
        body: { provider: route },
        schema: successSchema,
        ...opt(signal),
      });
    },

    async providerToken(route, signal) {
      const asked = now();
      const answer = await portal.data({
        name: 'einvoice.providerToken',
        method: 'POST',
        path: '/einvoice/provider-token',
        body: { provider: route },
        schema: tokenSchema,
        ...opt(signal),
      });
      // Counted from the moment of asking: the answer's travel time is on the safe side.
      const token: ProviderToken = { token: answer.access_token, expiresAt: asked + answer.expires_in * 1000 };
      // The adapters need the seller's tax code beside the bearer (seller-token.ts); without it in the
      // answer, the settings' tax code is the provider account's (the backend checks that on save).
      let taxCode = answer.tax_code;
      if (!taxCode) {
        const settings = await backend.getSettings(signal);
        if (settings?.provider === route) taxCode = settings.taxCode;
      }
      if (taxCode) token.taxCode = taxCode;
      return token;
    },

    async saveEivCode(orderId, eivCode, signal) {
      const answer = await sale.data({
        name: 'einvoice.saveEivCode',
        method: 'POST',
        path: orderPath(orderId),
        query: { is_orderid: 'true' },
        body: { eiv_code: eivCode },
        schema: eivSavedSchema,
        ...opt(signal),
      });
      return { eivCode: answer.eiv_code, cqtCode: answer.cqt_code };
    },
  };
  return backend;
}
