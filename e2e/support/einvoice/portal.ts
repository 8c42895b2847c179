import type { SandboxClient } from '../sandbox';

/**
 * The portal side of the e-invoice helpers (support/einvoice.ts): the providers, the merchants and
 * their provider accounts, and a client of the sandbox's product backend under one portal sign-in.
 */

export type ProviderRoute = 'm-invoice' | 'misa' | 'fpt' | 'viettel';
export const PROVIDERS: readonly ProviderRoute[] = ['m-invoice', 'misa', 'fpt', 'viettel'];

/** Every provider account's password (docs/areas/einvoice.md "Provider accounts"). */
export const EINV_PASSWORD = 'Einv@2026';

/** The seeded merchants' tax codes; a throwaway copy has its template's. */
const TAX_CODES: Record<string, string> = { phoco: '0108123455', colan: '079185001234', chuoi: '0316987654' };

/** A merchant as POST /sandbox/merchants answers it (ThrowawayMerchant), or a seeded one (`seededMerchant`). */
export interface EinvoiceMerchant {
  alias: string;
  template: string;
  /** The owner's portal sign-in. */
  username: string;
  password: string;
  merchant_id?: string;
}

const SEEDED_OWNERS: Record<string, { username: string; password: string }> = {
  phoco: { username: 'phoco', password: 'Phoco@2026' },
  colan: { username: 'colan', password: 'Colan@2026' },
};

/** A seeded merchant's owner (shared by every parallel test: prefer `sandbox.createMerchant()` for anything that changes it). */
export function seededMerchant(alias: 'phoco' | 'colan'): EinvoiceMerchant {
  return { alias, template: alias, ...SEEDED_OWNERS[alias]! };
}

/**
 * Answers of five different APIs (the backend's envelope and four providers' own shapes), read field by
 * field where they are used; a wrong read fails the spec that relies on it, so no schema is kept here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiAnswer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/** The sandbox reached with one portal sign-in (its bearer on every /api call). */
export interface PortalApi {
  readonly baseURL: string;
  readonly token: string;
  /** Any call on the sandbox's origin; `token: null` sends none (provider calls bring their own). */
  request<T = Json>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
}

async function send<T>(
  baseURL: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(baseURL + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const type = res.headers.get('content-type') ?? '';
  let body: unknown;
  if (type.includes('application/json')) body = await res.json();
  else if (type.includes('application/pdf')) body = new Uint8Array(await res.arrayBuffer());
  else body = await res.text();
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Signs the merchant's owner (or any portal user) in and answers a client carrying that session. */
export async function portalApi(sandbox: SandboxClient, user: { username: string; password: string }): Promise<PortalApi> {
  const baseURL = sandbox.baseURL;
  const login = await send<{ data?: { access_token?: string } }>(baseURL, 'POST', '/api/portal/user/login', {
    body: { username: user.username, password: user.password },
  });
  const token = login.body?.data?.access_token;
  if (login.status !== 200 || !token) throw new Error(`portal sign-in of ${user.username} → HTTP ${login.status}`);
  return {
    baseURL,
    token,
    request: (method, path, options = {}) =>
      send(baseURL, method, path, { ...options, token: options.token === undefined ? token : options.token }),
  };
}

export function expectOk<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status < 200 || answer.status >= 300) {
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    throw new Error(`${what} → HTTP ${answer.status}: ${text.slice(0, 400)}`);
  }
  return answer.body;
}

/** The merchant's account with a provider: `{alias}-{provider}` seeded, `{template}-{alias}-{provider}` for a copy. */
export function providerAccount(
  merchant: Pick<EinvoiceMerchant, 'alias' | 'template'>,
  route: ProviderRoute,
): { username: string; password: string; taxCode: string } {
  const taxCode = TAX_CODES[merchant.template];
  if (!taxCode) throw new Error(`no tax code known for template ${merchant.template}`);
  const username = merchant.alias === merchant.template ? `${merchant.alias}-${route}` : `${merchant.template}-${merchant.alias}-${route}`;
  return { username, password: EINV_PASSWORD, taxCode };
}
