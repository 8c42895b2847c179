import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import type { SandboxOptions } from '../options';
import { createSandbox, type Sandbox } from '../server';
import { TEMPLATE_DIR_KEY } from './template';

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestSandbox {
  sandbox: Sandbox;
  url: string;
  dir: string;
  api<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  login(username: string, password: string): Promise<{ access_token: string; refresh_token: string }>;
  /** A sign-in of its own (POST /sandbox/users), so a test may lock it or change its password. */
  makeUser(partial?: {
    merchant?: string;
    password?: string;
    full_name?: string;
  }): Promise<{ username: string; password: string; email: string }>;
  /** Stop and reopen on the same storage (persistence tests). */
  restart(options?: SandboxOptions): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A sandbox on port 0 with a temporary PGlite folder (a copy of the run's seeded template, see
 * ./template.ts), or, when DATABASE_URL is set (scripts/test-postgres.sh), a schema of its own on
 * that server so parallel test files do not collide.
 */
export async function startTestSandbox(
  options: SandboxOptions = {},
  { emptyDatabase = false }: { /** Start from no database at all (tests of the first boot's seed). */ emptyDatabase?: boolean } = {},
): Promise<TestSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const pgSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const base: SandboxOptions = {
    port: 0,
    dataDir: join(dir, 'db'),
    databaseUrl,
    pgSchema,
    portalDist: join(dir, 'dist'),
    accessLog: false,
    // Every test file boots its own sandbox; the 200,000-row report set is for people and e2e.
    seedVolume: 'small',
    dashboardChunkDelayMs: 0,
    ...options,
  };
  // The seeded template (./template.ts) holds the small seed on PGlite; another volume or a folder of
  // the test's own starts from nothing.
  const template = inject(TEMPLATE_DIR_KEY);
  if (template && !emptyDatabase && !databaseUrl && base.seedVolume === 'small' && options.dataDir === undefined) {
    cpSync(template, base.dataDir!, { recursive: true });
  }
  let sandbox = await createSandbox(base);

  const self: TestSandbox = {
    get sandbox() {
      return sandbox;
    },
    get url() {
      return sandbox.url;
    },
    dir,
    async api(method, path, { body, token, headers = {} } = {}) {
      const res = await fetch(sandbox.url + path, {
        method,
        redirect: 'manual',
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
      return { status: res.status, headers: res.headers, body: parsed as any };
    },
    async login(username, password) {
      const res = await self.api('POST', '/api/portal/user/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} → ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async makeUser(partial = {}) {
      counter += 1;
      const tag = `${process.pid}x${counter}x${randomBytes(3).toString('hex')}`;
      const user = {
        username: `t.${tag}`,
        password: partial.password ?? 'Test@Pass2026',
        email: `t.${tag}@merchant.example.vn`,
      };
      const res = await self.api('POST', '/sandbox/users', {
        body: { ...user, merchant: partial.merchant ?? 'phoco', full_name: partial.full_name },
      });
      if (res.status !== 201) throw new Error(`makeUser → ${res.status} ${JSON.stringify(res.body)}`);
      return user;
    },
    async restart(more = {}) {
      await sandbox.close();
      sandbox = await createSandbox({ ...base, ...more });
    },
    async close() {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
      if (databaseUrl && pgSchema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
        await client.end();
      }
    },
  };
  return self;
}

/**
 * An empty database of the kind the tests run on: in-memory PGlite, or a schema of its own on the
 * DATABASE_URL server. For tests of the migration runner, which need no sandbox around it.
 */
export async function openTestDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const pgSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ dataDir: 'memory://', databaseUrl, pgSchema });
  return {
    db,
    async close() {
      if (pgSchema) await db.exec(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
      await db.close();
    },
  };
}

/** Payload of a JWT, unverified (to read exp/iat in assertions). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
