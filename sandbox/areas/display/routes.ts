import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { displayMessageSchema } from '../../../src/services/display/messages';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';

/**
 * The sale service's display relay (beyond the spec, D141–D143; docs/areas/display.md
 * "Pairing", D141–D143). A signed-in cashier (owner or staff-type: the cashier is staff) asks for a
 * 6-digit code that lives 5 minutes; the display device claims it once and gets a display token. That
 * token opens GET /display/stream and nothing else: it is not a session token, so every other call and
 * socket of the sandbox refuses it as AUTHEN_FAIL, and the stream refuses every other token. The
 * cashier's payment screen posts each display message; the newest per merchant is kept and streamed
 * to the merchant's paired displays. Revoking closes the device's stream and the token for good.
 *
 * Guessing codes (D217): a wrong code cannot be traced to the code it aimed at, so every
 * wrong guess, from anywhere, counts against every code live at that moment, and a code dies at its
 * MAX_CODE_GUESSES-th: whatever the number of addresses, one code is hit with at most 10 chances in a
 * million. The guesses a merchant's codes absorbed in the last hour cap its new codes, so a shop that
 * keeps making codes under attack does not hand out chance after chance. The per-address limit is
 * only a brake on one source (below the code's limit, so one typing device alone does not kill a code
 * within the minute), short so that devices sharing an address (a shop's NAT, a proxy) wait a minute
 * at most; no failure anywhere refuses a claim from another address.
 */

export const PAIR_CODE_TTL_MS = 5 * 60_000;
/** Pending codes plus paired displays per merchant: a shop has a few screens, not hundreds. */
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
const HEARTBEAT_MS = 25_000;
/** A state older than this is not replayed to a (re)connecting display: yesterday's QR must not greet today's guest. */
export const STATE_REPLAY_MS = 30 * 60_000;
export const TOKEN_PREFIX = 'dsp_';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

interface Listener {
  pairingId: number;
  stream: PassThrough;
}

/** The open streams of this sandbox process, per merchant. */
type StreamHub = ReturnType<typeof createStreamHub>;

function createStreamHub() {
  const byMerchant = new Map<string, Set<Listener>>();
  const write = (listener: Listener, event: string, data: string) => {
    if (!listener.stream.destroyed) listener.stream.write(`event: ${event}\ndata: ${data}\n\n`);
  };
  return {
    add(merchantId: string, listener: Listener) {
      const set = byMerchant.get(merchantId) ?? new Set();
      set.add(listener);
      byMerchant.set(merchantId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) byMerchant.delete(merchantId);
      };
    },
    write,
    push(merchantId: string, message: string): number {
      const set = byMerchant.get(merchantId);
      for (const listener of set ?? []) write(listener, 'message', message);
      return set?.size ?? 0;
    },
    connected(merchantId: string): Set<number> {
      return new Set([...(byMerchant.get(merchantId) ?? [])].map((l) => l.pairingId));
    },
    revoke(merchantId: string, pairingId: number) {
      for (const listener of [...(byMerchant.get(merchantId) ?? [])]) {
        if (listener.pairingId !== pairingId) continue;
        write(listener, 'revoked', JSON.stringify({ pairing_id: pairingId }));
        listener.stream.end();
      }
    },
    closeAll() {
      for (const set of byMerchant.values()) for (const listener of set) listener.stream.end();
      byMerchant.clear();
    },
  };
}

function pairingIdOf(raw: unknown): number {
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

/** Pending codes and paired displays: what a merchant has live (a code guessed out is not). */
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

/** Asking for a code (the cashier) and claiming it (the display device). */
function registerPairRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const claimFailures = new Map<string, number[]>();
  const cashier = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  app.post('/display/pair', async (request, reply) => {
    const user = await cashier(request);
    const now = ctx.clock.now();
    const [live] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM display_pairings WHERE merchant_id = $1 AND ${LIVE}`, [
      user.merchant_id,
      now,
    ]);
    if ((live?.n ?? 0) >= MAX_LIVE_PAIRINGS) {
      throw new ApiError(409, 'DISPLAY_LIMIT', `At most ${MAX_LIVE_PAIRINGS} displays; unpair one first`, { max: MAX_LIVE_PAIRINGS });
    }
    const [absorbed] = await ctx.db.query<{ n: number; oldest: number | null }>(
      `SELECT coalesce(sum(wrong_guesses), 0)::int AS n, min(created_at) FILTER (WHERE wrong_guesses > 0)::float8 AS oldest
         FROM display_pairings WHERE merchant_id = $1 AND created_at > $2`,
      [user.merchant_id, now - MERCHANT_GUESS_WINDOW_MS],
    );
    if ((absorbed?.n ?? 0) >= MAX_MERCHANT_GUESSES) {
      const freeAt = (absorbed?.oldest ?? now) + MERCHANT_GUESS_WINDOW_MS;
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many wrong codes were tried against this shop’s codes; make a new one later', {
        retry_after: Math.max(1, Math.ceil((freeAt - now) / 1000)),
      });
    }
    // Codes are claimed without a merchant, so a live one must be unique across all merchants.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const taken = await ctx.db.query(`SELECT 1 FROM display_pairings WHERE code = $1 AND code_expires_at > $2 AND revoked_at IS NULL`, [
        code,
        now,
      ]);
      if (taken.length > 0) continue;
      const expiresAt = now + PAIR_CODE_TTL_MS;
      const [row] = await ctx.db.query<{ id: number }>(
        `INSERT INTO display_pairings (merchant_id, code, code_expires_at, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [user.merchant_id, code, expiresAt, user.id, now],
      );
      return reply
        .status(201)
        .send({ code: 201, message: 'Created', data: { pairing_id: row!.id, pair_code: code, expires_at: seconds(expiresAt) } });
    }
    throw new ApiError(503, 'UNKNOWN_ERROR', 'No free pairing code, try again');
  });

  app.post('/display/claim', async (request) => {
    const now = ctx.clock.now();
    const address = request.ip;
    const failures = recentFailures(claimFailures, address, now);
    if (failures.length >= MAX_CLAIM_FAILURES) {
      const retryAfter = Math.max(1, Math.ceil((failures[0]! + CLAIM_FAILURE_WINDOW_MS - now) / 1000));
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many wrong codes from this address; wait a minute', { retry_after: retryAfter });
    }
    const body = request.body as Record<string, unknown> | null;
    const code = typeof body === 'object' && body !== null ? body.pair_code : undefined;
    // Not a code at all: it can open nothing and tells a guesser nothing, so it counts nowhere.
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
      throw new ApiError(400, 'BAD_REQUEST', 'pair_code must be 6 digits', { field: 'pair_code' });
    }
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    // One statement: of two devices claiming the same code at once, exactly one gets it.
    const [row] = await ctx.db.query<{ id: number; merchant_id: string }>(
      `UPDATE display_pairings SET code = NULL, claimed_at = $2, token_hash = $3
        WHERE code = $1 AND code_expires_at > $2 AND revoked_at IS NULL AND claimed_at IS NULL
        RETURNING id, merchant_id`,
      [code, now, sha256(token)],
    );
    if (!row) {
      failures.push(now);
      // Every code live now may have been the target: each takes the guess, and dies at its limit.
      await ctx.db.query(
        `UPDATE display_pairings
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
    return ok({ display_token: token, pairing_id: row.id, shop_name: merchant?.name ?? '' });
  });
}

/** The merchant's live pairings, and revoking one (its stream closes). */
function registerPairingRoutes(app: FastifyInstance, ctx: SandboxContext, hub: StreamHub): void {
  const cashier = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  app.get('/display/pairings', async (request) => {
    const user = await cashier(request);
    const now = ctx.clock.now();
    const rows = await ctx.db.query<{ id: number; created_at: number; code_expires_at: number; claimed_at: number | null }>(
      `SELECT id, created_at, code_expires_at, claimed_at FROM display_pairings WHERE merchant_id = $1 AND ${LIVE} ORDER BY id DESC`,
      [user.merchant_id, now],
    );
    const connected = hub.connected(user.merchant_id);
    return ok(
      rows.map((r) => ({
        pairing_id: r.id,
        status: r.claimed_at === null ? 'PENDING' : 'PAIRED',
        created_at: seconds(r.created_at),
        expires_at: r.claimed_at === null ? seconds(r.code_expires_at) : null,
        claimed_at: seconds(r.claimed_at),
        connected: connected.has(r.id),
      })),
    );
  });

  app.delete('/display/pairing/:id', async (request) => {
    const user = await cashier(request);
    const id = pairingIdOf((request.params as Record<string, unknown>).id);
    const rows = await ctx.db.query<{ revoked_at: number | null }>(
      `SELECT revoked_at FROM display_pairings WHERE id = $1 AND merchant_id = $2`,
      [id, user.merchant_id],
    );
    if (rows.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No such display', { pairing_id: id });
    await ctx.db.query(
      `UPDATE display_pairings SET revoked_at = $3, code = NULL WHERE id = $1 AND merchant_id = $2 AND revoked_at IS NULL`,
      [id, user.merchant_id, ctx.clock.now()],
    );
    hub.revoke(user.merchant_id, id);
    return ok({ pairing_id: id });
  });
}

/** The relay: the payment screen posts a message, the paired displays stream it. */
function registerRelayRoutes(app: FastifyInstance, ctx: SandboxContext, hub: StreamHub): void {
  const cashier = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  app.post('/display/message', async (request) => {
    const user = await cashier(request);
    const parsed = displayMessageSchema.safeParse(request.body);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || 'body';
      throw new ApiError(400, 'BAD_REQUEST', 'Not a display message', { field });
    }
    const message = parsed.data;
    const text = JSON.stringify(message);
    const [stored] = await ctx.db.query<{ seq: number }>(
      `INSERT INTO display_state (merchant_id, seq, message, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (merchant_id) DO UPDATE SET seq = EXCLUDED.seq, message = EXCLUDED.message, updated_at = EXCLUDED.updated_at
        WHERE display_state.seq < EXCLUDED.seq
       RETURNING seq`,
      [user.merchant_id, message.seq, text, ctx.clock.now()],
    );
    // An older message than the one kept (two relays crossing) is not pushed: displays keep the newest.
    const displays = stored ? hub.push(user.merchant_id, text) : hub.connected(user.merchant_id).size;
    const [current] = await ctx.db.query<{ seq: number }>(`SELECT seq FROM display_state WHERE merchant_id = $1`, [user.merchant_id]);
    return ok({ seq: current?.seq ?? message.seq, displays });
  });

  app.get('/display/stream', async (request, reply) => {
    const token = bearer(request);
    if (!token?.startsWith(TOKEN_PREFIX)) throw new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');
    const [pairing] = await ctx.db.query<{ id: number; merchant_id: string; name: string }>(
      `SELECT p.id, p.merchant_id, m.name FROM display_pairings p JOIN merchants m ON m.id = p.merchant_id
        WHERE p.token_hash = $1 AND p.revoked_at IS NULL`,
      [sha256(token)],
    );
    if (!pairing) throw new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');
    const [state] = await ctx.db.query<{ message: string }>(
      `SELECT message FROM display_state WHERE merchant_id = $1 AND updated_at > $2`,
      [pairing.merchant_id, ctx.clock.now() - STATE_REPLAY_MS],
    );

    const stream = new PassThrough();
    const listener: Listener = { pairingId: pairing.id, stream };
    const remove = hub.add(pairing.merchant_id, listener);
    hub.write(listener, 'paired', JSON.stringify({ pairing_id: pairing.id, shop_name: pairing.name }));
    if (state) hub.write(listener, 'message', state.message);
    // A comment line now and then keeps proxies and the browser from calling an idle stream dead.
    const heartbeat = setInterval(() => {
      if (!stream.destroyed) stream.write(': ping\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      clearInterval(heartbeat);
      remove();
    };
    stream.on('close', stop);
    stream.on('finish', stop);
    // The response's close: the device went away (the request's own close says only that it was read).
    reply.raw.on('close', () => {
      stop();
      stream.destroy();
    });
    return reply.type('text/event-stream; charset=utf-8').header('X-Accel-Buffering', 'no').send(stream);
  });
}

export function registerDisplayRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const hub = createStreamHub();
  app.addHook('onClose', async () => hub.closeAll());
  registerPairRoutes(app, ctx);
  registerPairingRoutes(app, ctx, hub);
  registerRelayRoutes(app, ctx, hub);
}
