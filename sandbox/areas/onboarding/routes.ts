import type { FastifyInstance } from 'fastify';
import { CODE_MAX_LENGTH, CODE_TYPE_ID, type Subscription } from '../../../src/services/onboarding/schemas';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, requireOwner, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';

/**
 * The sales feature's subscription on the sale service (doc 2 §7 /saas/subscription/*; CONTRACT G;
 * docs/areas/onboarding.md, D169): GET /saas/subscription (owner and staff: the active-status flag),
 * POST /saas/subscription/register/free {entity_id} and /register/code {code, entity_id, type_id: 2}
 * (owner). entity_id is the caller's merchant id; any other answers 404 as if it did not exist. An
 * active merchant registering again gets its current state, never a second activation.
 */

/** The codes the sandbox accepts (case and surrounding spaces ignored): a package purchase and a referral. */
export const VALID_CODES = ['SALE-FULL-2026', 'GIOITHIEU-2026'] as const;

async function current(db: Database, merchantId: string): Promise<Subscription> {
  const [row] = await db.query<{ plan: 'FREE' | 'FULL'; activated_at: string | number }>(
    `SELECT plan, activated_at FROM sale_subscriptions WHERE merchant_id = $1`,
    [merchantId],
  );
  return row
    ? { is_active: true, plan: row.plan, activated_at: Math.floor(Number(row.activated_at) / 1000) }
    : { is_active: false, plan: null, activated_at: null };
}

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** entity_id: required; the caller's own merchant id (string or number), else 404. */
function checkEntity(body: Record<string, unknown>, merchantId: string): void {
  const entity = body.entity_id;
  if (entity === undefined || entity === null || entity === '') throw required(['entity_id']);
  if ((typeof entity !== 'string' && typeof entity !== 'number') || String(entity).trim() !== merchantId) {
    throw new ApiError(404, 'NOT_FOUND', 'No such merchant');
  }
}

export function registerOnboardingRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: Parameters<typeof authenticate>[1]) => authenticate(ctx, request, SALE_TOKEN_KINDS);

  app.get('/saas/subscription', async (request) => {
    const { user } = await caller(request);
    return ok(await current(ctx.db, user.merchant_id));
  });

  app.post('/saas/subscription/register/free', async (request) => {
    const { user } = requireOwner(await caller(request));
    checkEntity(bodyOf(request.body), user.merchant_id);
    await ctx.db.query(
      `INSERT INTO sale_subscriptions (merchant_id, plan, activated_at) VALUES ($1, 'FREE', $2) ON CONFLICT (merchant_id) DO NOTHING`,
      [user.merchant_id, ctx.clock.now()],
    );
    return ok(await current(ctx.db, user.merchant_id));
  });

  app.post('/saas/subscription/register/code', async (request) => {
    const { user } = requireOwner(await caller(request));
    const body = bodyOf(request.body);
    const code = typeof body.code === 'string' ? body.code.trim() : body.code;
    if (code === undefined || code === null || code === '') throw required(['code']);
    checkEntity(body, user.merchant_id);
    if (body.type_id !== CODE_TYPE_ID && body.type_id !== String(CODE_TYPE_ID)) {
      throw new ApiError(400, 'BAD_REQUEST', `type_id must be ${CODE_TYPE_ID}`, { field: 'type_id' });
    }
    const known =
      typeof code === 'string' && code.length <= CODE_MAX_LENGTH ? VALID_CODES.find((c) => c === code.toUpperCase()) : undefined;
    const now = await current(ctx.db, user.merchant_id);
    // Already on the full package: the code is not spent again.
    if (now.plan === 'FULL') return ok(now);
    if (!known) throw new ApiError(400, 'CODE_INVALID', 'The code is not valid or has expired', { field: 'code' });
    // A free merchant entering a code moves up to the full package.
    await ctx.db.query(
      `INSERT INTO sale_subscriptions (merchant_id, plan, code, activated_at) VALUES ($1, 'FULL', $2, $3)
       ON CONFLICT (merchant_id) DO UPDATE SET plan = 'FULL', code = EXCLUDED.code`,
      [user.merchant_id, known, ctx.clock.now()],
    );
    return ok(await current(ctx.db, user.merchant_id));
  });
}
