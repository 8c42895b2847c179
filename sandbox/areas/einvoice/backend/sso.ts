import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../platform/context';
import { authenticate, authenticateOwner } from '../../../platform/http/authenticate';
import { ApiError, ok } from '../../../platform/http/envelope';
import { getAccount, issueToken, updateAccount } from '../core/accounts';
import { isValidTaxCode } from '../core/taxcode';
import type { ProviderRoute } from '../core/types';
import { badRequest, bodyOf, providerOf, SSO_PROVIDERS, upper } from './common';

/**
 * "Login with merchant account" (doc 2 §4 SSO link; docs/areas/einvoice.md "SSO"). The portal opens
 * the provider's authorize page in a popup; the provider sends the merchant to the portal's consent
 * page (/portal/login-merchant-account?provider&tax_no); consenting signs in through the product
 * backend, which marks the provider account linked; the portal then checks the link. The backend
 * also hands the portal a provider token for a linked account, since in this mode the portal holds
 * no provider password.
 */

/** The consent page of the portal (a route of the portal, served by the sandbox under /portal). */
export const CONSENT_PATH = '/portal/login-merchant-account';

function ssoProvider(value: unknown): ProviderRoute {
  const provider = providerOf(value);
  if (!SSO_PROVIDERS.includes(provider))
    throw badRequest('provider', `${upper(provider)} has no merchant-account login`, 'EINV_SSO_UNSUPPORTED');
  return provider;
}

function taxNoOf(value: unknown): string {
  const taxNo = typeof value === 'string' && value.length <= 20 ? value.trim() : '';
  if (!taxNo) throw badRequest('tax_no', 'tax_no is required', 'REQUIRED');
  if (!isValidTaxCode(taxNo)) throw badRequest('tax_no', 'Tax code is invalid', 'EINV_TAX_CODE_INVALID');
  return taxNo;
}

/** Only a path inside the portal is carried on (no other site: the consent page must not become an open redirect). */
function safeReturn(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  return /^\/portal\/[A-Za-z0-9\-._~/?=&%]*$/.test(value) && !value.includes('//') && !value.includes('\\') ? value : null;
}

/** GET /api/portal/einvoice/sso/check, POST …/sso/sign-in, …/sso/sign-out, …/sso/token. */
export function registerSsoRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/einvoice/sso/check', async (request) => {
    const { user } = await authenticate(ctx, request);
    const provider = ssoProvider((request.query as Record<string, unknown> | undefined)?.provider);
    const account = await getAccount(ctx.db, user.merchant_id, provider);
    return ok({ isAuthenticated: account?.ssoLinked === true, provider: upper(provider) });
  });

  app.post('/einvoice/sso/sign-in', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const body = bodyOf(request);
    const provider = ssoProvider(body.provider);
    const taxNo = taxNoOf(body.tax_no);
    const account = await getAccount(ctx.db, user.merchant_id, provider);
    if (!account) throw new ApiError(404, 'NOT_FOUND', 'No account with this provider');
    if (account.taxCode !== taxNo) {
      throw new ApiError(400, 'EINV_SSO_FAILED', 'The tax code is not the one of your account with this provider', { field: 'tax_no' });
    }
    await updateAccount(ctx.db, user.merchant_id, provider, { ssoLinked: true });
    return ok({ success: true });
  });

  app.post('/einvoice/sso/sign-out', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const provider = ssoProvider(bodyOf(request).provider);
    await updateAccount(ctx.db, user.merchant_id, provider, { ssoLinked: false });
    // doc 2 §4: the active flag is cleared on SSO sign-out (when that link was what the set-up used).
    await ctx.db.query(
      `UPDATE einv_settings SET active = false, updated_at = $3 WHERE merchant_id = $1 AND provider = $2 AND active_method = 'merchant_account'`,
      [user.merchant_id, provider, ctx.clock.now()],
    );
    return ok({ success: true });
  });

  // A provider token for a linked account (staff too: they export invoices).
  app.post('/einvoice/sso/token', async (request) => {
    const { user } = await authenticate(ctx, request);
    const provider = ssoProvider(bodyOf(request).provider);
    const account = await getAccount(ctx.db, user.merchant_id, provider);
    if (!account?.ssoLinked) throw new ApiError(400, 'EINV_SSO_NOT_LINKED', 'The merchant account is not linked with this provider');
    const issued = await issueToken(ctx.db, provider, user.merchant_id, ctx.clock.now());
    return ok({ access_token: issued.token, token_type: 'bearer', expires_in: Math.floor(issued.ttlMs / 1000) });
  });
}

/** GET /api/einvoice/{provider}/sso/authorize?tax_no&return: the provider's side of the popup. */
export function registerSsoAuthorize(app: FastifyInstance): void {
  for (const provider of SSO_PROVIDERS) {
    app.get(`/${provider}/sso/authorize`, async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const taxNo = taxNoOf(query.tax_no);
      const params = new URLSearchParams({ provider, tax_no: taxNo });
      const back = safeReturn(query.return);
      if (back) params.set('return', back);
      return reply.redirect(`${CONSENT_PATH}?${params.toString()}`, 302);
    });
  }
}
