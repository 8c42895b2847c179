import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The one database seam of the sandbox: the same SQL runs on embedded PGlite (default, a folder on
 * disk) or a real PostgreSQL server (DATABASE_URL). Both return int8 as a JS number, which is why
 * timestamps are stored as bigint unix milliseconds and read back without conversion.
 */
export type Row = Record<string, unknown>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations, truncation). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Every
   * statement of the work goes through `tx` (on PGlite a query on the outer handle waits for the
   * transaction to end, so it would never run). Used where a change and its audit entry must land
   * together or not at all (D299).
   */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The handle a transaction's work gets: nested transactions join the outer one. */
function transactionHandle(kind: Database['kind'], run: Pick<Database, 'query' | 'exec'>): Database {
  const tx: Database = {
    kind,
    query: run.query,
    exec: run.exec,
    transaction: (work) => work(tx),
    close: () => Promise.reject(new Error('a transaction handle cannot close the database')),
  };
  return tx;
}

export interface DatabaseOptions {
  /** PGlite folder, or `memory://` for a throwaway database. Ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: work inside this schema, so parallel test files can share one server. */
  pgSchema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.pgSchema) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir);
  await db.waitReady;
  return {
    kind: 'pglite',
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const result = await db.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (work) =>
      db.transaction((t) =>
        work(
          transactionHandle('pglite', {
            query: async <T extends Row>(sql: string, params: unknown[] = []) => (await t.query<T>(sql, params)).rows,
            exec: async (sql: string) => {
              await t.exec(sql);
            },
          }),
        ),
      ),
    close: () => db.close(),
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function openPostgres(connectionString: string, schema?: string): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const int8AsNumber = (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format as 'text');
  const pool = new pg.Pool({
    connectionString,
    max: 5,
    types: { getTypeParser: int8AsNumber as typeof pg.types.getTypeParser },
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return {
    kind: 'postgres',
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(
          transactionHandle('postgres', {
            query: async <T extends Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
            exec: async (sql: string) => {
              await client.query(sql);
            },
          }),
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
