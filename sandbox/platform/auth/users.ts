import type { Database } from '../db/database';

export interface UserRow {
  id: number;
  merchant_id: string;
  username: string;
  email: string;
  password_hash: string;
  full_name: string;
  role: string;
  phone: string;
  sso_registered: boolean;
  failed_login_count: number;
  locked_until: number | null;
}

const COLUMNS = `id, merchant_id, username, email, password_hash, full_name, role, phone, sso_registered,
  failed_login_count, locked_until`;

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return row;
}

/** Sign-in accepts the username or the e-mail address, in any letter case. */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($1) ORDER BY id LIMIT 1`,
    [login.trim()],
  );
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [
    email.trim(),
  ]);
  return row;
}

export const isLocked = (user: Pick<UserRow, 'locked_until'>, now: number) => user.locked_until !== null && user.locked_until > now;
