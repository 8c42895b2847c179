import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createSandbox } from '../server';

/** The `inject()` key under which test files find the seeded template's database folder. */
export const TEMPLATE_DIR_KEY = 'sandboxTemplateDir';
/** The `inject()` key under which test files find the seeded template database on the DATABASE_URL server. */
export const TEMPLATE_PG_KEY = 'sandboxTemplatePg';

/** A seeded database on the server that CREATE DATABASE … TEMPLATE copies, and the schema the sandbox's tables are in. */
export interface PgTemplate {
  database: string;
  schema: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    [TEMPLATE_DIR_KEY]: string | null;
    [TEMPLATE_PG_KEY]: PgTemplate | null;
  }
}

/** The same server address with another database name. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes a database from the template (a file-level copy on the server: tens of milliseconds). */
export async function copyTemplate(databaseUrl: string, template: PgTemplate, database: string): Promise<void> {
  await onServer(databaseUrl, (client) => client.query(`CREATE DATABASE ${database} TEMPLATE ${template.database}`));
}

export async function dropDatabase(databaseUrl: string, database: string): Promise<void> {
  await onServer(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

/**
 * With DATABASE_URL (scripts/test-postgres.sh): one database migrated and seeded once, which each
 * test file's sandbox copies with CREATE DATABASE … TEMPLATE instead of migrating and seeding a schema
 * of its own (seconds per file, about 80 files). The copy has the template's schema name; each file
 * has a database of its own, so names do not collide.
 */
async function pgTemplate(databaseUrl: string): Promise<{ template: PgTemplate; teardown: () => Promise<void> }> {
  const template: PgTemplate = { database: `sandbox_tmpl_${randomBytes(4).toString('hex')}`, schema: 'sandbox' };
  await onServer(databaseUrl, (client) => client.query(`CREATE DATABASE ${template.database}`));
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-template-'));
  const sandbox = await createSandbox({
    port: 0,
    dataDir: join(dir, 'db'),
    databaseUrl: withDatabase(databaseUrl, template.database),
    pgSchema: template.schema,
    portalDist: join(dir, 'dist'),
    accessLog: false,
    seedVolume: 'small',
  });
  // Closed: a template database may have no session open while it is copied.
  await sandbox.close();
  return {
    template,
    async teardown() {
      rmSync(dir, { recursive: true, force: true });
      await dropDatabase(databaseUrl, template.database);
    },
  };
}

/**
 * Vitest globalSetup: boots one sandbox with the test seed (small) and keeps its closed PGlite folder.
 * Each test file's sandbox then starts from a copy of it instead of creating a database: PGlite's
 * initdb, the migrations and the seed take about 5 s, reopening a seeded folder under 0.5 s, and
 * about 50 files boot one. A copied folder starts like a restarted sandbox (transactions rolled
 * forward to today). With DATABASE_URL, the same on that server (pgTemplate below).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const { template, teardown } = await pgTemplate(process.env.DATABASE_URL);
    project.provide(TEMPLATE_DIR_KEY, null);
    project.provide(TEMPLATE_PG_KEY, template);
    return teardown;
  }
  project.provide(TEMPLATE_PG_KEY, null);
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-template-'));
  const dataDir = join(dir, 'db');
  const sandbox = await createSandbox({
    port: 0,
    dataDir,
    portalDist: join(dir, 'dist'),
    accessLog: false,
    seedVolume: 'small',
  });
  await sandbox.close();
  project.provide(TEMPLATE_DIR_KEY, dataDir);
  return () => rmSync(dir, { recursive: true, force: true });
}
