import type { SandboxClock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ApiError } from '../../platform/http/envelope';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { findUserByLogin, type UserRow } from '../../platform/auth/users';

export const MAX_ATTEMPTS = 5;
export const LOCK_MS = 24 * 3600 * 1000;
/** What an unknown-name record keeps of the name: an e-mail's longest form; more only fills the table. */
export const MAX_IDENTIFIER_LENGTH = 254;

const dummyHash = hashPassword('not-a-real-account');

const lockedError = (lockedUntilMs: number) =>
  new ApiError(423, 'USER_LOCKED_USING', 'Account locked after too many failed sign-ins', {
    locked_until: Math.floor(lockedUntilMs / 1000),
  });

const failError = (failedCount: number) =>
  new ApiError(401, 'LOGIN_FAIL', 'The username or password is incorrect', {
    failed_count: failedCount,
    max_attempts: MAX_ATTEMPTS,
  });

/**
 * Core §4/§9: five wrong passwords lock the account for 24 hours (sandbox clock); while locked every
 * attempt is refused, even with the right password; a success clears the count. Names that match no
 * account are counted the same way so the answers do not tell which usernames exist.
 */
export async function checkSignIn(
  db: Database,
  clock: SandboxClock,
  login: string,
  password: string,
  hooks: { onLocked?(userId: number): void } = {},
): Promise<UserRow> {
  const now = clock.now();
  const user = await findUserByLogin(db, login);
  // Every path hashes once (unknown name, locked account, wrong or right password), so the time an
  // answer takes does not tell which accounts exist or are locked.
  const matches = await verifyPassword(password, user ? user.password_hash : await dummyHash);
  if (!user) return failUnknown(db, now, login.trim().toLowerCase().slice(0, MAX_IDENTIFIER_LENGTH));
  if (user.locked_until !== null && user.locked_until > now) throw lockedError(user.locked_until);
  if (matches) {
    if (user.failed_login_count !== 0 || user.locked_until !== null) {
      await db.query(`UPDATE users SET failed_login_count = 0, locked_until = NULL WHERE id = $1`, [user.id]);
    }
    return user;
  }
  // One atomic update, so parallel wrong attempts cannot both read the same count.
  const [after] = await db.query<{ failed_login_count: number; locked_until: number | null }>(
    `UPDATE users SET
       failed_login_count = (CASE WHEN locked_until IS NULL THEN failed_login_count ELSE 0 END) + 1,
       locked_until = CASE WHEN (CASE WHEN locked_until IS NULL THEN failed_login_count ELSE 0 END) + 1 >= $3
                      THEN $2::bigint + $4::bigint ELSE NULL END
     WHERE id = $1 AND (locked_until IS NULL OR locked_until <= $2)
     RETURNING failed_login_count, locked_until`,
    [user.id, now, MAX_ATTEMPTS, LOCK_MS],
  );
  if (!after) {
    const [current] = await db.query<{ locked_until: number }>(`SELECT locked_until FROM users WHERE id = $1`, [user.id]);
    throw lockedError(current?.locked_until ?? now + LOCK_MS);
  }
  if (after.locked_until !== null) {
    hooks.onLocked?.(user.id);
    throw lockedError(after.locked_until);
  }
  throw failError(after.failed_login_count);
}

async function failUnknown(db: Database, now: number, identifier: string): Promise<never> {
  const [row] = await db.query<{ failed_count: number; locked_until: number | null }>(
    `SELECT failed_count, locked_until FROM unknown_login_attempts WHERE identifier = $1`,
    [identifier],
  );
  if (row?.locked_until != null && row.locked_until > now) throw lockedError(row.locked_until);
  const count = (row && row.locked_until === null ? row.failed_count : 0) + 1;
  const until = count >= MAX_ATTEMPTS ? now + LOCK_MS : null;
  await db.query(
    `INSERT INTO unknown_login_attempts (identifier, failed_count, locked_until) VALUES ($1, $2, $3)
     ON CONFLICT (identifier) DO UPDATE SET failed_count = EXCLUDED.failed_count, locked_until = EXCLUDED.locked_until`,
    [identifier, count, until],
  );
  throw until !== null ? lockedError(until) : failError(count);
}
