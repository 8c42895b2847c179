import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../auth/users';
import type { SandboxContext } from '../context';
import { authenticate, SALE_TOKEN_KINDS } from '../http/authenticate';
import { ApiError, ok } from '../http/envelope';

/**
 * Pairing a device of the shop with a short code (D141–D143, D217, D325): a signed-in cashier (owner or
 * staff-type: the cashier is staff) asks for a 6-digit code that lives 5 minutes; the device claims it
 * once and gets a device token of its kind (a display's, a kitchen's), of which only a SHA-256 is kept.
 * That token opens only its kind's own calls: it is not a session token, so every other call and
 * socket of the sandbox refuses it as AUTHEN_FAIL. Revoking ends the pairing for good. Each kind keeps
 * its own table (`<kind>_pairings`, the columns of display's 001/002 migrations plus its own) and its
 * own code space: a code is claimed at its kind's path only.
 *
 * Guessing codes (D217): a wrong code cannot be traced to the code it aimed at, so every
 * wrong guess, from anywhere, counts against every code of the kind live at that moment, and a code
 * dies at its MAX_CODE_GUESSES-th: whatever the number of addresses, one code is hit with at most 10
 * chances in a million. The guesses a merchant's codes absorbed in the last hour cap its new codes, so
 * a shop that keeps making codes under attack does not hand out chance after chance. The per-address
 * limit is only a brake on one source (below the code's limit, so one typing device alone does not
 * kill a code within the minute), short so that devices sharing an address (a shop's NAT, a proxy) wait
 * a minute at most; no failure anywhere refuses a claim from another address.
 */

export const PAIR_CODE_TTL_MS = 5 * 60_000;
/** Pending codes plus paired devices of a kind per merchant: a shop has a few screens, not hundreds. */
export const MAX_LIVE_PAIRINGS = 20;
/** Wrong guesses (from anywhere) a pending code survives; the next one kills it (D217). */
export const MAX_CODE_GUESSES = 10;
/** Wrong guesses a merchant's codes may absorb within MERCHANT_GUESS_WINDOW_MS; then it makes no new code (D217). */
export const MAX_MERCHANT_GUESSES = 50;
export const MERCHANT_GUESS_WINDOW_MS = 60 * 60_000;
/** Wrong codes from one client address within CLAIM_FAILURE_WINDOW_MS before its claims wait (D217): a brake, not the guard. */
export const MAX_CLAIM_FAILURES = 5;
export const CLAIM_FAILURE_WINDOW_MS = 60_000;
/** Addresses remembered before the old ones are swept. */
const MAX_TRACKED_ADDRESSES = 10_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** What differs between the kinds of paired device. */
export interface PairingKind {
  /** The table, `display_pairings` or `kitchen_pairings` (a constant of the code, never a caller's text). */
  table: string;
  /** The first characters of its tokens, so a token of another kind is refused before any look-up. */
  tokenPrefix: string;
  /** The claim answer's name of the token: `display_token`, `kitchen_token`. */
  tokenField: string;
  /** The 409 when the merchant has MAX_LIVE_PAIRINGS live: `DISPLAY_LIMIT`. */
  limitError: string;
  /** For messages: "display", "kitchen screen". */
  noun: string;
  /** Columns the cashier's call adds to a new pairing (a kitchen's store); none by default. */
  scope?: (ctx: SandboxContext, user: UserRow, body: Record<string, unknown>) => Promise<Record<string, string | number>>;
  /** What the claim answers besides the token, the pairing id and the shop's name (a kitchen's store name). */
  claimed?: (ctx: SandboxContext, pairingId: number) => Promise<Record<string, unknown>>;
}

export function pairingIdOf(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new ApiError(400, 'BAD_REQUEST', 'pairing id must be a positive integer', { field: 'pairing_id' });
  }
  return Number(raw);
}

export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S{1,512})$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Pending codes and paired devices: what a merchant has live (a code guessed out is not). */
const LIVE = `revoked_at IS NULL AND (claimed_at IS NOT NULL OR (code_expires_at > $2 AND guessed_out_at IS NULL))`;

/** The claims that failed from an address within the window; addresses with none are forgotten once too many are tracked. */
function recentFailures(claimFailures: Map<string, number[]>, address: string, now: number) {
  if (claimFailures.size > MAX_TRACKED_ADDRESSES) {
    for (const [known, times] of claimFailures) if (!times.some((at) => at > now - CLAIM_FAILURE_WINDOW_MS)) claimFailures.delete(known);
  }
  const kept = (claimFailures.get(address) ?? []).filter((at) => at > now - CLAIM_FAILURE_WINDOW_MS);
  claimFailures.set(address, kept);
  return kept;
}

const bodyObject = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

/** Refuses a merchant at its live limit or whose codes absorbed too many wrong guesses this hour. */
async function assertMayPair(ctx: SandboxContext, kind: PairingKind, merchantId: string, now: number): Promise<void> {
  const [live] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${kind.table} WHERE merchant_id = $1 AND ${LIVE}`, [
    merchantId,
    now,
  ]);
  if ((live?.n ?? 0) >= MAX_LIVE_PAIRINGS) {
    throw new ApiError(409, kind.limitError, `At most ${MAX_LIVE_PAIRINGS} ${kind.noun}s; unpair one first`, { max: MAX_LIVE_PAIRINGS });
  }
  const [absorbed] = await ctx.db.query<{ n: number; oldest: number | null }>(
    `SELECT coalesce(sum(wrong_guesses), 0)::int AS n, min(created_at) FILTER (WHERE wrong_guesses > 0)::float8 AS oldest
       FROM ${kind.table} WHERE merchant_id = $1 AND created_at > $2`,
    [merchantId, now - MERCHANT_GUESS_WINDOW_MS],
  );
  if ((absorbed?.n ?? 0) >= MAX_MERCHANT_GUESSES) {
    const freeAt = (absorbed?.oldest ?? now) + MERCHANT_GUESS_WINDOW_MS;
    throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many wrong codes were tried against this shop’s codes; make a new one later', {
      retry_after: Math.max(1, Math.ceil((freeAt - now) / 1000)),
    });
  }
}

/** Asking for a code (the cashier, POST <prefix>/pair) and claiming it (the device, POST <prefix>/claim). */
function registerPairRoutes(app: FastifyInstance, ctx: SandboxContext, kind: PairingKind, prefix: string): void {
  const claimFailures = new Map<string, number[]>();

  app.post(`${prefix}/pair`, async (request, reply) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const now = ctx.clock.now();
    await assertMayPair(ctx, kind, user.merchant_id, now);
    const extra = (await kind.scope?.(ctx, user, bodyObject(request))) ?? {};
    const columns = Object.keys(extra);
    // Codes are claimed without a merchant, so a live one must be unique across all merchants.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const taken = await ctx.db.query(`SELECT 1 FROM ${kind.table} WHERE code = $1 AND code_expires_at > $2 AND revoked_at IS NULL`, [
        code,
        now,
      ]);
      if (taken.length > 0) continue;
      const expiresAt = now + PAIR_CODE_TTL_MS;
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO ${kind.table} (merchant_id, code, code_expires_at, created_by, created_at${columns.map((c) => `, ${c}`).join('')})
         VALUES ($1, $2, $3, $4, $5${columns.map((_, i) => `, $${6 + i}`).join('')}) RETURNING id`,
        [user.merchant_id, code, expiresAt, user.id, now, ...columns.map((c) => extra[c])],
      );
      return reply
        .status(201)
        .send({ code: 201, message: 'Created', data: { pairing_id: row!.id, pair_code: code, expires_at: seconds(expiresAt), ...extra } });
    }
    throw new ApiError(503, 'UNKNOWN_ERROR', 'No free pairing code, try again');
  });

  app.post(`${prefix}/claim`, async (request) => {
    const now = ctx.clock.now();
    const failures = recentFailures(claimFailures, request.ip, now);
    if (failures.length >= MAX_CLAIM_FAILURES) {
      const retryAfter = Math.max(1, Math.ceil((failures[0]! + CLAIM_FAILURE_WINDOW_MS - now) / 1000));
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many wrong codes from this address; wait a minute', { retry_after: retryAfter });
    }
    const code = bodyObject(request).pair_code;
    // Not a code at all: it can open nothing and tells a guesser nothing, so it counts nowhere.
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
      throw new ApiError(400, 'BAD_REQUEST', 'pair_code must be 6 digits', { field: 'pair_code' });
    }
    const token = kind.tokenPrefix + randomBytes(32).toString('base64url');
    // One statement: of two devices claiming the same code at once, exactly one gets it.
    const [row] = await ctx.db.query<{ id: number; merchant_id: string }>(
      `UPDATE ${kind.table} SET code = NULL, claimed_at = $2, token_hash = $3
        WHERE code = $1 AND code_expires_at > $2 AND revoked_at IS NULL AND claimed_at IS NULL
        RETURNING id, merchant_id`,
      [code, now, sha256(token)],
    );
    if (!row) {
      failures.push(now);
      // Every code live now may have been the target: each takes the guess, and dies at its limit.
      await ctx.db.query(
        `UPDATE ${kind.table}
            SET wrong_guesses = wrong_guesses + 1,
                code = CASE WHEN wrong_guesses + 1 >= $2 THEN NULL ELSE code END,
                guessed_out_at = CASE WHEN wrong_guesses + 1 >= $2 THEN $1 ELSE guessed_out_at END
          WHERE code IS NOT NULL AND code_expires_at > $1 AND revoked_at IS NULL AND claimed_at IS NULL`,
        [now, MAX_CODE_GUESSES],
      );
      // One answer for unknown, expired, used and revoked: a guesser learns nothing.
      throw new ApiError(404, 'PAIR_CODE_INVALID', 'This code is wrong, used or expired');
    }
    const [merchant] = await ctx.db.query<{ name: string }>(`SELECT name FROM merchants WHERE id = $1`, [row.merchant_id]);
    const more = (await kind.claimed?.(ctx, row.id)) ?? {};
    return ok({ [kind.tokenField]: token, pairing_id: row.id, shop_name: merchant?.name ?? '', ...more });
  });
}

/** The merchant's live pairings (GET <prefix>/pairings), and revoking one (DELETE <prefix>/pairing/:id). */
function registerPairingListRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  kind: PairingKind,
  prefix: string,
  hooks: { connected(merchantId: string): Set<number>; revoked(merchantId: string, pairingId: number): void },
): void {
  app.get(`${prefix}/pairings`, async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const now = ctx.clock.now();
    const rows = await ctx.db.query<{ id: number; created_at: number; code_expires_at: number; claimed_at: number | null }>(
      `SELECT * FROM ${kind.table} WHERE merchant_id = $1 AND ${LIVE} ORDER BY id DESC`,
      [user.merchant_id, now],
    );
    const connected = hooks.connected(user.merchant_id);
    return ok(
      rows.map((r) => ({
        pairing_id: r.id,
        status: r.claimed_at === null ? 'PENDING' : 'PAIRED',
        created_at: seconds(r.created_at),
        expires_at: r.claimed_at === null ? seconds(r.code_expires_at) : null,
        claimed_at: seconds(r.claimed_at),
        connected: connected.has(r.id),
        ...('store_id' in r ? { store_id: r.store_id } : {}),
      })),
    );
  });

  app.delete(`${prefix}/pairing/:id`, async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const id = pairingIdOf((request.params as Record<string, unknown>).id);
    const rows = await ctx.db.query(`SELECT revoked_at FROM ${kind.table} WHERE id = $1 AND merchant_id = $2`, [id, user.merchant_id]);
    if (rows.length === 0) throw new ApiError(404, 'NOT_FOUND', `No such ${kind.noun}`, { pairing_id: id });
    await ctx.db.query(`UPDATE ${kind.table} SET revoked_at = $3, code = NULL WHERE id = $1 AND merchant_id = $2 AND revoked_at IS NULL`, [
      id,
      user.merchant_id,
      ctx.clock.now(),
    ]);
    hooks.revoked(user.merchant_id, id);
    return ok({ pairing_id: id });
  });
}

/** The pairing calls of one kind under `prefix` (e.g. `/display`): pair, claim, pairings, pairing/:id. */
export function registerPairing(
  app: FastifyInstance,
  ctx: SandboxContext,
  kind: PairingKind,
  prefix: string,
  hooks: { connected(merchantId: string): Set<number>; revoked(merchantId: string, pairingId: number): void },
): void {
  registerPairRoutes(app, ctx, kind, prefix);
  registerPairingListRoutes(app, ctx, kind, prefix, hooks);
}

/** The live pairing a device token of this kind opens, or 401 AUTHEN_FAIL (any other token, a revoked one). */
export async function pairedDevice<Row extends { id: number; merchant_id: string }>(
  ctx: SandboxContext,
  kind: PairingKind,
  request: FastifyRequest,
): Promise<Row & { name: string }> {
  const token = bearer(request);
  if (!token?.startsWith(kind.tokenPrefix)) throw new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');
  const [pairing] = await ctx.db.query<Row & { name: string }>(
    `SELECT p.*, m.name FROM ${kind.table} p JOIN merchants m ON m.id = p.merchant_id WHERE p.token_hash = $1 AND p.revoked_at IS NULL`,
    [sha256(token)],
  );
  if (!pairing) throw new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');
  return pairing;
}
