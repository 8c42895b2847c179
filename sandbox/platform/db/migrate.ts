import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SandboxArea } from '../area';
import type { Database } from './database';

const PLATFORM_SQL = new URL('./migrations/', import.meta.url);

export interface Migration {
  /** Ledger name: `platform/<file>` or `<area>/<file>`. */
  name: string;
  file: string;
}

/**
 * Before the sandbox had areas, its migrations were one folder of files recorded by bare name. Those
 * files were split by area with the same statements; a ledger that lists an old name already has
 * every table of its parts, so the parts are recorded as done instead of run. Nothing is added here
 * again: new SQL goes in new files.
 */
export const SPLIT_MIGRATIONS: Readonly<Record<string, readonly string[]>> = {
  '001_core.sql': ['platform/001_core.sql', 'auth/001_sign_in.sql'],
  '002_transactions.sql': ['platform/002_transactions.sql'],
  '003_receiving_money.sql': ['bank/001_bank.sql', 'shopqr/001_shopqr.sql', 'edc/001_edc.sql', 'notifications/001_notifications.sql'],
};

function sqlFiles(dir: URL, prefix: string): Migration[] {
  const path = fileURLToPath(dir);
  return readdirSync(path)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: `${prefix}/${f}`, file: path + f }));
}

/** Every migration in the order a fresh database applies them: the platform's, then each area's (areas in dependency order). */
export function allMigrations(areas: readonly SandboxArea[]): Migration[] {
  return [...sqlFiles(PLATFORM_SQL, 'platform'), ...areas.flatMap((a) => (a.sql ? sqlFiles(a.sql, a.name) : []))];
}

/** Applies each migration once, recorded in schema_migrations; answers the names it ran. */
export async function migrate(db: Database, areas: readonly SandboxArea[]): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)');
  const ledger = async () => new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const recorded = await ledger();
  const implied = Object.entries(SPLIT_MIGRATIONS)
    .filter(([old]) => recorded.has(old))
    .flatMap(([, parts]) => parts)
    .filter((name) => !recorded.has(name));
  if (implied.length) {
    await db.query(`INSERT INTO schema_migrations (name, applied_at) SELECT unnest($1::text[]), $2 ON CONFLICT (name) DO NOTHING`, [
      implied,
      Date.now(),
    ]);
  }
  const done = implied.length ? await ledger() : recorded;
  const pending = allMigrations(areas).filter((m) => !done.has(m.name));
  for (const { name, file } of pending) {
    const sql = readFileSync(file, 'utf8');
    // One transaction per file so a half-applied migration never gets recorded as done.
    await db.exec(
      `BEGIN;\n${sql}\nINSERT INTO schema_migrations (name, applied_at) VALUES ('${name.replace(/'/g, "''")}', ${Date.now()});\nCOMMIT;`,
    );
  }
  return pending.map((m) => m.name);
}

/**
 * Tables reset keeps: the migration ledger and settings (the JWT signing secret, so tokens issued
 * before a reset stay verifiable until they expire; the report anchor day is rewritten by the seed).
 */
export const KEPT_TABLES = ['schema_migrations', 'sandbox_settings'] as const;

/** Every table of this database (the current schema) but the kept ones: what reset empties. */
export async function dataTables(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.name).filter((name) => !(KEPT_TABLES as readonly string[]).includes(name));
}
