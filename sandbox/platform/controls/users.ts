import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import type { SandboxContext } from '../context';
import { ApiError, field } from '../http/envelope';

/**
 * POST /sandbox/users {username, password, email, merchant, role?, full_name?, phone?, sso_registered?}: a throwaway
 * sign-in on a seeded merchant (by alias `phoco`/`colan` or id), so a test can lock or reset a user
 * without disturbing the demo accounts other tests use.
 */
export function registerUserControls(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/users', async (request, reply) => {
    const body = request.body;
    const username = field(body, 'username')?.trim();
    const password = field(body, 'password');
    const email = field(body, 'email')?.trim();
    const merchant = field(body, 'merchant')?.trim() ?? 'phoco';
    const missing = [!username && 'username', !password && 'password', !email && 'email'].filter((f): f is string => Boolean(f));
    if (missing.length) throw new ApiError(400, 'REQUIRED', `Missing: ${missing.join(', ')}`, { fields: missing });

    const [m] = await ctx.db.query<{ id: string }>(`SELECT id FROM merchants WHERE id = $1 OR alias = $1`, [merchant]);
    if (!m) throw new ApiError(404, 'CUSTOMER_NOT_FOUND', `No seeded merchant "${merchant}"`);
    const [taken] = await ctx.db.query(`SELECT 1 FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`, [
      username,
      email,
    ]);
    if (taken) throw new ApiError(409, 'ACCOUNT_EXIST', 'Username or e-mail already in use');

    const role = field(body, 'role') ?? 'Customer';
    // Unified sign-on tests need accounts on both sides of the registration check (core §2).
    const ssoRegistered = (body as { sso_registered?: unknown } | null)?.sso_registered === true;
    const passwordHash = await hashPassword(password!);
    const [row] = await ctx.db
      .query<{ id: number }>(
        `INSERT INTO users (merchant_id, username, email, password_hash, full_name, role, phone, sso_registered, throwaway)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true) RETURNING id`,
        [m.id, username, email, passwordHash, field(body, 'full_name') ?? username, role, field(body, 'phone') ?? '', ssoRegistered],
      )
      .catch((error: unknown) => {
        // Two parallel requests for the same name both pass the check above; the unique index decides.
        if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'ACCOUNT_EXIST', 'Username or e-mail already in use');
        throw error;
      });
    reply.status(201);
    return { id: row!.id, username, email, merchant_id: m.id, role };
  });
}
