import { APPROVAL_PIN_LOCK_MS, APPROVAL_PIN_MAX_FAILS, approvalPinProblem } from '../../../src/rules/approvals';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { SandboxContext } from '../../platform/context';
import { ApiError } from '../../platform/http/envelope';

/**
 * The owner's approval PIN (D310): stored like a password (scrypt), never in clear, never logged,
 * never in an answer. A check is braked like sign-in: an attempt is counted before the PIN is compared
 * (so a burst of concurrent guesses gets no more than APPROVAL_PIN_MAX_FAILS tries), and the PIN is
 * locked for APPROVAL_PIN_LOCK_MS once they are spent. A right PIN clears the count.
 */

interface PinRow extends Record<string, unknown> {
  pin_hash: string;
  set_by: number;
  failed_count: number;
  locked_until: string | number | null;
}

/** Whom a right PIN speaks for: the owner who set it. */
export interface PinOwner {
  id: number;
  name: string;
}

export const seconds = (ms: number) => Math.floor(ms / 1000);

export function assertPinShape(pin: unknown, field: string): string {
  const problem = approvalPinProblem(pin);
  if (problem) throw new ApiError(400, 'BAD_REQUEST', `${field}: six digits (${problem})`, { field, problem });
  return pin as string;
}

export async function pinState(
  ctx: SandboxContext,
  merchantId: string,
): Promise<{ is_set: boolean; set_at: number | null; locked_until: number | null }> {
  const [row] = await ctx.db.query<{ set_at: string; locked_until: string | null }>(
    `SELECT set_at, locked_until FROM approval_pins WHERE merchant_id = $1`,
    [merchantId],
  );
  const lockedUntil = row?.locked_until != null && Number(row.locked_until) > ctx.clock.now() ? Number(row.locked_until) : null;
  return {
    is_set: !!row,
    set_at: row ? seconds(Number(row.set_at)) : null,
    locked_until: lockedUntil === null ? null : seconds(lockedUntil),
  };
}

export async function setPin(ctx: SandboxContext, merchantId: string, ownerId: number, pin: string): Promise<void> {
  const hash = await hashPassword(pin);
  await ctx.db.query(
    `INSERT INTO approval_pins (merchant_id, pin_hash, set_by, set_at, failed_count, locked_until) VALUES ($1, $2, $3, $4, 0, NULL)
     ON CONFLICT (merchant_id) DO UPDATE SET pin_hash = $2, set_by = $3, set_at = $4, failed_count = 0, locked_until = NULL`,
    [merchantId, hash, ownerId, ctx.clock.now()],
  );
}

const locked = (until: number, now: number) =>
  new ApiError(429, 'APPROVAL_PIN_LOCKED', 'Too many wrong PINs; wait before trying again', {
    locked_until: seconds(until),
    retry_after: Math.max(1, Math.ceil((until - now) / 1000)),
  });

/** Locks the PIN now (the last try was wrong) unless it is locked already; answers the lock's end. */
async function lockNow(ctx: SandboxContext, merchantId: string, now: number): Promise<number> {
  const [row] = await ctx.db.query<{ locked_until: string }>(
    `UPDATE approval_pins SET failed_count = 0,
            locked_until = CASE WHEN locked_until IS NOT NULL AND locked_until > $2 THEN locked_until ELSE $3 END
      WHERE merchant_id = $1 RETURNING locked_until`,
    [merchantId, now, now + APPROVAL_PIN_LOCK_MS],
  );
  return Number(row?.locked_until ?? now + APPROVAL_PIN_LOCK_MS);
}

/** Checks a typed PIN; answers the owner it speaks for, or throws NOT_SET, LOCKED or WRONG (with the tries left). */
export async function checkPin(ctx: SandboxContext, merchantId: string, pin: string): Promise<PinOwner> {
  const now = ctx.clock.now();
  const [exists] = await ctx.db.query(`SELECT 1 FROM approval_pins WHERE merchant_id = $1`, [merchantId]);
  if (!exists) throw new ApiError(409, 'APPROVAL_PIN_NOT_SET', 'The owner has not set an approval PIN; ask from the bell instead');
  // The attempt is taken before the comparison, in one statement, so concurrent guesses cannot pass the limit.
  const [row] = await ctx.db.query<PinRow>(
    `UPDATE approval_pins SET failed_count = failed_count + 1
      WHERE merchant_id = $1 AND (locked_until IS NULL OR locked_until <= $2) AND failed_count < $3
      RETURNING pin_hash, set_by, failed_count, locked_until`,
    [merchantId, now, APPROVAL_PIN_MAX_FAILS],
  );
  if (!row) {
    // Locked, or every try is taken by checks still running (a burst): either way, not now. Only a
    // wrong PIN locks (below), so two tabs typing the right PIN at once never lock the owner out.
    const [state] = await ctx.db.query<{ locked_until: string | null }>(`SELECT locked_until FROM approval_pins WHERE merchant_id = $1`, [
      merchantId,
    ]);
    const until = state?.locked_until != null ? Number(state.locked_until) : 0;
    throw locked(until > now ? until : now + 1000, now);
  }
  if (await verifyPassword(pin, row.pin_hash)) {
    await ctx.db.query(`UPDATE approval_pins SET failed_count = 0 WHERE merchant_id = $1`, [merchantId]);
    const [owner] = await ctx.db.query<{ full_name: string | null; username: string }>(
      `SELECT full_name, username FROM users WHERE id = $1`,
      [row.set_by],
    );
    return { id: row.set_by, name: owner?.full_name || owner?.username || '' };
  }
  const left = APPROVAL_PIN_MAX_FAILS - row.failed_count;
  if (left <= 0) throw locked(await lockNow(ctx, merchantId, now), now);
  throw new ApiError(403, 'APPROVAL_PIN_WRONG', 'The PIN is wrong', { attempts_left: left });
}
