import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies migrations/NNN_*.sql in name order, each once, recorded in schema_migrations. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && !done.has(f))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(MIGRATIONS_DIR + name, 'utf8');
    // One transaction per file so a half-applied migration never gets recorded as done.
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name, applied_at) VALUES ('${name.replace(/'/g, "''")}', ${Date.now()});\nCOMMIT;`);
  }
  return pending;
}

/** Tables holding seeded or generated data; reset empties these and keeps settings (the JWT secret). */
export const DATA_TABLES = [
  'notifications',
  'sale_orders',
  'edc_devices',
  'virtual_accounts',
  'bank_accounts',
  'bank_registry',
  'banks',
  'transactions',
  'mails',
  'password_reset_requests',
  'password_reset_tokens',
  'refresh_tokens',
  'sessions',
  'unknown_login_attempts',
  'users',
  'staff',
  'stores',
  'merchants',
];
