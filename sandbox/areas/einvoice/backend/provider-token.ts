import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../platform/context';
import { authenticate } from '../../../platform/http/authenticate';
import { ApiError, ok } from '../../../platform/http/envelope';
import { getAccount, issueToken } from '../core/accounts';
import { faultState } from '../core/faults';
import { bodyOf, providerOf, SSO_PROVIDERS } from './common';
import { readSettings } from './settings';

/**
 * POST /api/portal/einvoice/provider-token {provider} (D189): a token of that provider's emulator for
 * the caller's merchant, for either login method. The product backend holds the credentials (the
 * settings keep the password server-side; an SSO link needs none), so the portal never keeps a
 * provider password after the set-up and staff, who export too, never see one. Answered when the
 * merchant's active settings name that provider, or when its SSO link with that provider exists;
 * otherwise 400 EINV_NOT_SET_UP. The backend logs in at the provider, so the provider's `down` fault
 * answers 503 EINV_PROVIDER_DOWN here as well.
 */
export function registerProviderTokenRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/einvoice/provider-token', async (request) => {
    const { user } = await authenticate(ctx, request);
    const provider = providerOf(bodyOf(request).provider);
    const settings = await readSettings(ctx, user.merchant_id);
    const setUp = settings !== null && settings.active && settings.provider === provider;
    const linked = SSO_PROVIDERS.includes(provider) && (await getAccount(ctx.db, user.merchant_id, provider))?.ssoLinked === true;
    if (!setUp && !linked) {
      throw new ApiError(400, 'EINV_NOT_SET_UP', 'Please set up the e-invoice to use this feature', { field: 'provider' });
    }
    if ((await faultState(ctx.db, user.merchant_id, provider)).down) {
      throw new ApiError(503, 'EINV_PROVIDER_DOWN', 'The e-invoice provider is not answering');
    }
    const issued = await issueToken(ctx.db, provider, user.merchant_id, ctx.clock.now());
    return ok({ access_token: issued.token, token_type: 'bearer', expires_in: Math.floor(issued.ttlMs / 1000) });
  });
}
