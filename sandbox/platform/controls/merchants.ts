import type { FastifyInstance } from 'fastify';
import type { SandboxArea } from '../area';
import type { SandboxContext } from '../context';
import { seedMerchant } from '../db/seed';
import { SEED_MERCHANTS } from '../db/seed-data';
import { ApiError, field } from '../http/envelope';

const DEFAULT_PASSWORD = 'Test@2026';

/**
 * POST /sandbox/merchants {template?: 'phoco'|'colan', password?}: a throwaway copy of a seeded
 * merchant (stores, staff, bank accounts, ShopQRs, card machines, notifications; no report history)
 * with one owner sign-in. Tests that add, delete or verify things get a world of their own, so they
 * run in parallel without seeing each other's changes. Answers `{merchant_id, alias, username, password}`.
 */
export function registerMerchantControls(app: FastifyInstance, ctx: SandboxContext, areas: readonly SandboxArea[]): void {
  app.post('/sandbox/merchants', async (request, reply) => {
    const templateAlias = field(request.body, 'template') ?? 'phoco';
    const template = SEED_MERCHANTS.find((m) => m.alias === templateAlias);
    if (!template || templateAlias === 'chuoi') {
      throw new ApiError(400, 'BAD_REQUEST', 'template must be phoco or colan', { template: templateAlias });
    }
    const password = field(request.body, 'password') ?? DEFAULT_PASSWORD;
    // From a stored sequence (never the highest id + 1): an id, and the ShopQR numbers and machine
    // serials made from it, is never issued twice in the database's life.
    const [row] = await ctx.db.query<{ id: string }>(`SELECT nextval('throwaway_merchant_ids')::text AS id`);
    const id = row!.id;
    const alias = `t${id}`;
    const owner = template.users.find((u) => u.role === 'Customer') ?? template.users[0]!;
    await seedMerchant(
      ctx.db,
      areas,
      {
        ...template,
        id,
        alias,
        merchant_code: `T${id}`,
        users: [{ ...owner, username: alias, password, email: `owner@${alias}.example.test` }],
      },
      { template: template.alias, now: ctx.clock.now() },
    );
    reply.status(201);
    return { merchant_id: id, alias, username: alias, password, template: template.alias };
  });
}
