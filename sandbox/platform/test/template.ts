import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSandbox } from '../server';

/** The `inject()` key under which test files find the seeded template's database folder. */
export const TEMPLATE_DIR_KEY = 'sandboxTemplateDir';

declare module 'vitest' {
  export interface ProvidedContext {
    [TEMPLATE_DIR_KEY]: string | null;
  }
}

/**
 * Vitest globalSetup: boots one sandbox with the test seed (small) and keeps its closed PGlite folder.
 * Each test file's sandbox then starts from a copy of it instead of creating a database: PGlite's
 * initdb, the migrations and the seed take about 5 s, reopening a seeded folder under 0.5 s, and
 * about 50 files boot one. A copied folder starts like a restarted sandbox (transactions rolled
 * forward to today). Not with DATABASE_URL (each file has a schema of its own on that server).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide(TEMPLATE_DIR_KEY, null);
    return undefined;
  }
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
