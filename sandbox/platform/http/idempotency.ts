import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { ApiError, required } from './envelope';

/**
 * Idempotency keys for calls that move money or add to a bill (D122; the rules of Stripe's
 * contract): the first answer for (merchant, key) is stored, errors included, for 24 hours and
 * replayed to every repeat with the header `Idempotent-Replayed: true`; the same key with another
 * call or body is 422 IDEMPOTENCY_KEY_REUSED; repeats that arrive while the first is still running
 * wait for its answer, so 20 concurrent calls with one key have one effect. The key is claimed by a
 * row insert (primary key), which decides between racing callers whatever the database is. An
 * unexpected failure (500) is not stored: the claim is released so the caller may retry.
 *
 * A key belongs to whoever sends it (D219): a merchant's signed-in calls share the merchant's keys;
 * the payer of a payment link on the public checkout page (no sign-in) has keys of that link only, so
 * one payer's key never meets another payer's, nor one the merchant sent.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** 1 to 255 visible ASCII characters (a UUID, or any token a client makes). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;
/** How long a repeat waits for the first call's answer before giving up with 409. */
const WAIT_MS = 30_000;
/** A claim still without an answer after this long was left by a sandbox that stopped mid-call: free again. */
const ABANDONED_MS = 5 * 60_000;
const POLL_MS = 20;

export interface Answer {
  status: number;
  body: unknown;
}

/** The request's key: null when absent and not required; 400 when malformed or required and absent. */
export function idempotencyKeyOf(request: FastifyRequest, options: { required: boolean }): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined || raw === '') {
    if (options.required) throw required(['Idempotency-Key']);
    return null;
  }
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY.test(raw)) {
    throw new ApiError(400, 'BAD_REQUEST', 'Idempotency-Key must be 1 to 255 visible ASCII characters', { field: 'Idempotency-Key' });
  }
  return raw;
}

/**
 * JSON with object keys sorted (UTF-16 order), so a body's key order never makes two fingerprints.
 * Iterative, with its own stack of what is left to write: the parser already caps a body's depth
 * (MAX_JSON_DEPTH), and a value nested deeper still costs a loop, never the call stack (D219).
 */
export function stableJson(value: unknown): string {
  const out: string[] = [];
  // Popped from the end: a string is written as is, a { value } is expanded in place.
  const todo: Array<string | { value: unknown }> = [{ value }];
  while (todo.length > 0) {
    const next = todo.pop()!;
    if (typeof next === 'string') {
      out.push(next);
      continue;
    }
    const v = next.value;
    if (Array.isArray(v)) {
      todo.push(']');
      for (let i = v.length - 1; i >= 0; i -= 1) {
        todo.push({ value: v[i] });
        if (i > 0) todo.push(',');
      }
      todo.push('[');
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      todo.push('}');
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i]!;
        todo.push({ value: inner });
        todo.push(`${JSON.stringify(key)}:`);
        if (i > 0) todo.push(',');
      }
      todo.push('{');
    } else out.push(JSON.stringify(v) ?? 'null');
  }
  return out.join('');
}

export function fingerprintOf(request: FastifyRequest): string {
  const url = request.url.split('?')[0];
  return `${request.method} ${url} ${stableJson(request.body ?? null)}`;
}

/** Who sends the key: a merchant's id, or the payer of one of its payment links. */
export type KeyOwner = string | { merchantId: string; payerOfLink: string };

/**
 * The row's (merchant_id, key). A payer's key is stored as `payer <link> <key>`: a client's key has no
 * space (IDEMPOTENCY_KEY), so it never equals a merchant's key nor another link's.
 */
function slotOf(owner: KeyOwner, key: string): { merchantId: string; stored: string } {
  if (typeof owner === 'string') return { merchantId: owner, stored: key };
  return { merchantId: owner.merchantId, stored: `payer ${owner.payerOfLink} ${key}` };
}

const toAnswer = (error: ApiError): Answer => ({
  status: error.status,
  body: { error_code: error.code, message: error.message, data: error.data },
});

/** Calls running in this process, so a repeat awaits them instead of polling. Per sandbox (tests run several). */
const running = new WeakMap<SandboxContext, Map<string, Promise<unknown>>>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface KeyRow {
  fingerprint: string;
  status_code: number | null;
  response: unknown;
  created_at: number;
}

/**
 * Runs `run` once per (owner, key) and answers its stored result to every call with that key. `run`
 * answers the success (status and body); an ApiError it throws is stored as that error's answer.
 */
export async function once(
  ctx: SandboxContext,
  owner: KeyOwner,
  clientKey: string,
  fingerprint: string,
  run: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const { merchantId, stored: key } = slotOf(owner, clientKey);
  const now = ctx.clock.now();
  // An expired answer is forgotten, and so is an abandoned claim; the key then starts afresh.
  await ctx.db.query(
    `DELETE FROM idempotency_keys WHERE merchant_id = $1 AND key = $2
        AND ((status_code IS NOT NULL AND created_at <= $3) OR (status_code IS NULL AND created_at <= $4))`,
    [merchantId, key, now - IDEMPOTENCY_TTL_MS, now - ABANDONED_MS],
  );
  const claimed = await ctx.db.query(
    `INSERT INTO idempotency_keys (merchant_id, key, fingerprint, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (merchant_id, key) DO NOTHING RETURNING key`,
    [merchantId, key, fingerprint, now],
  );
  const slot = `${merchantId}\u0000${key}`;
  if (claimed.length === 1) {
    let inFlight = running.get(ctx);
    if (!inFlight) running.set(ctx, (inFlight = new Map()));
    const work = (async (): Promise<Answer> => {
      let answer: Answer;
      try {
        answer = await run();
      } catch (error) {
        if (!(error instanceof ApiError)) {
          await ctx.db.query(`DELETE FROM idempotency_keys WHERE merchant_id = $1 AND key = $2`, [merchantId, key]).catch(() => undefined);
          throw error;
        }
        answer = toAnswer(error);
      }
      await ctx.db.query(`UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE merchant_id = $1 AND key = $2`, [
        merchantId,
        key,
        answer.status,
        JSON.stringify(answer.body),
      ]);
      return answer;
    })();
    inFlight.set(slot, work);
    try {
      return { ...(await work), replayed: false };
    } finally {
      inFlight.delete(slot);
    }
  }

  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await ctx.db.query<KeyRow & Record<string, unknown>>(
      `SELECT fingerprint, status_code, response, created_at FROM idempotency_keys WHERE merchant_id = $1 AND key = $2`,
      [merchantId, key],
    );
    // Released after an unexpected failure: this call may claim it now.
    if (!row) return once(ctx, owner, clientKey, fingerprint, run);
    if (row.fingerprint !== fingerprint) {
      throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request', { field: 'Idempotency-Key' });
    }
    if (row.status_code !== null) return { status: row.status_code, body: row.response, replayed: true };
    if (Date.now() > deadline) {
      throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; ask again');
    }
    const first = running.get(ctx)?.get(slot);
    if (first) await first.catch(() => undefined);
    else await sleep(POLL_MS);
  }
}

/**
 * The route's whole answer under the request's key: `run` once, the stored answer to repeats. Without
 * a key (allowed only when not `required`) it simply runs.
 */
export async function sendOnce(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  merchantId: string,
  options: { required: boolean },
  run: () => Promise<Answer>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request, options);
  if (key === null) {
    const answer = await run();
    return reply.status(answer.status).send(answer.body);
  }
  const answer = await once(ctx, merchantId, key, fingerprintOf(request), run);
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}
