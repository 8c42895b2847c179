import { ApiError } from '../../../platform/http/envelope';
import { isProviderRoute, type ProviderRoute } from '../core/types';
export { bodyOf } from '../../../platform/http/body';

/**
 * Which providers offer "login with merchant account" (doc 2 §3 isSSO): M-Invoice and Viettel, the
 * two whose real services run an account portal a merchant can consent in (D174). The others are
 * set up with their own user name and password only.
 */
export const SSO_PROVIDERS: readonly ProviderRoute[] = ['m-invoice', 'viettel'];

export const badRequest = (field: string, message: string, code = 'BAD_REQUEST') => new ApiError(400, code, message, { field });

/**
 * A provider as the portal names it: the route uppercased on the settings sync (doc 2 §7 "M-INVOICE"),
 * lower case elsewhere; both accepted everywhere.
 */
export function providerOf(value: unknown, field = 'provider'): ProviderRoute {
  const route = typeof value === 'string' && value.length <= 20 ? value.trim().toLowerCase() : '';
  if (!isProviderRoute(route)) throw badRequest(field, `${field} must be one of M-INVOICE, MISA, FPT, VIETTEL`);
  return route;
}

export const upper = (provider: ProviderRoute) => provider.toUpperCase();

/** Optional trimmed text of at most `max` characters: undefined when absent or empty, 400 when not text. */
export function optionalText(body: Record<string, unknown>, name: string, max: number): string | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > max) throw badRequest(name, `${name} is text of at most ${max} characters`);
  const trimmed = v.trim();
  return trimmed || undefined;
}

export function optionalBoolean(body: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = body[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw badRequest(name, `${name} must be true or false`);
  return v;
}
