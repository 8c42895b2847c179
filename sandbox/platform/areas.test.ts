// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AREA_NAMES, SERVICES, type SandboxArea } from './area';
import { AREAS_DIR, areaFolders, areaTriggers, inDependencyOrder, loadAreas } from './areas';
import type { Database } from './db/database';
import { allMigrations, dataTables, KEPT_TABLES, migrate, SPLIT_MIGRATIONS } from './db/migrate';
import { openTestDatabase } from './test/harness';

/** The pieces of every sandbox area agree with each other, with their folder and with the platform. */

const tablesCreatedBy = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gim)].map((m) => m[1]!.toLowerCase());

async function tablesOf(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.name);
}

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});
async function emptyDatabase(): Promise<Database> {
  const d = await openTestDatabase();
  opened.push(d);
  return d.db;
}

describe('area folders', () => {
  it('every folder under sandbox/areas has an area.ts declaring its own name, one of the spec area names', async () => {
    const folders = areaFolders();
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const file = join(AREAS_DIR, folder, 'area.ts');
      expect(existsSync(file), `sandbox/areas/${folder}/area.ts`).toBe(true);
      const area = ((await import(pathToFileURL(file).href)) as { default: SandboxArea }).default;
      expect(area.name, `name in sandbox/areas/${folder}/area.ts`).toBe(folder);
      expect(AREA_NAMES, `"${folder}" is not an area of the spec`).toContain(folder);
    }
    expect((await loadAreas()).map((a) => a.name).sort()).toEqual(folders);
  });

  it('declares only known services, and an sql folder exactly when the area has one', async () => {
    for (const area of await loadAreas()) {
      for (const service of Object.keys(area.routes ?? {})) expect(SERVICES, `${area.name} routes`).toContain(service);
      const sqlDir = join(AREAS_DIR, area.name, 'sql');
      expect(area.sql !== undefined, `${area.name}: sql declared ⇔ sql/ exists`).toBe(existsSync(sqlDir));
      if (area.sql) expect(area.sql.href).toBe(pathToFileURL(sqlDir).href + '/');
    }
  });

  it('orders areas after what they depend on, the same whatever order the disk lists them in', async () => {
    const areas = await loadAreas();
    const names = areas.map((a) => a.name);
    for (const area of areas) {
      for (const dep of area.after ?? []) expect(names.indexOf(dep), `${area.name} after ${dep}`).toBeLessThan(names.indexOf(area.name));
    }
    expect(inDependencyOrder([...areas].reverse()).map((a) => a.name)).toEqual(names);
    expect(() =>
      inDependencyOrder([
        { name: 'bank', after: ['edc'] },
        { name: 'edc', after: ['bank'] },
      ]),
    ).toThrow(/wait for each other/);
    expect(() => inDependencyOrder([{ name: 'edc', after: ['shopqr'] }])).toThrow(/no sandbox\/areas folder/);
  });

  it('trigger names are unique across areas', async () => {
    const names = (await loadAreas()).flatMap((a) => (a.triggers ?? []).map((t) => t.name));
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    expect(areaTriggers(await loadAreas()).map((t) => t.name)).toEqual(names);
  });
});

describe('tables', () => {
  it('each table is created by exactly one migration (the platform or one area)', async () => {
    const owners = new Map<string, string[]>();
    for (const m of allMigrations(await loadAreas())) {
      for (const table of tablesCreatedBy(m.file)) owners.set(table, [...(owners.get(table) ?? []), m.name]);
    }
    const twice = [...owners].filter(([, by]) => by.length > 1);
    expect(twice).toEqual([]);
    expect(owners.size).toBeGreaterThan(0);
  });

  it('every table of a migrated database is emptied by reset or kept by the platform', async () => {
    const db = await emptyDatabase();
    const areas = await loadAreas();
    await migrate(db, areas);
    const tables = await tablesOf(db);
    const data = await dataTables(db);
    for (const kept of KEPT_TABLES) expect(tables, `kept table ${kept} exists`).toContain(kept);
    expect([...data, ...KEPT_TABLES].sort()).toEqual(tables);
    // Tables nobody's SQL creates would be reset without an owner to seed them again.
    const created = new Set(allMigrations(areas).flatMap((m) => tablesCreatedBy(m.file)));
    expect(tables.filter((t) => !created.has(t))).toEqual(['schema_migrations']);
    expect(data.filter((t) => !created.has(t))).toEqual([]);
  });
});

describe('migrations', () => {
  it('a fresh database runs the platform files, then each area in area order, and nothing on the next start', async () => {
    const db = await emptyDatabase();
    const areas = await loadAreas();
    const ran = await migrate(db, areas);
    expect(ran).toEqual(allMigrations(areas).map((m) => m.name));
    expect(ran.filter((n) => n.startsWith('platform/'))).toEqual(ran.slice(0, ran.filter((n) => n.startsWith('platform/')).length));
    expect(await migrate(db, areas)).toEqual([]);
  });

  it('names every part of the files split by area', async () => {
    const names = new Set(allMigrations(await loadAreas()).map((m) => m.name));
    for (const [old, parts] of Object.entries(SPLIT_MIGRATIONS)) {
      for (const part of parts) expect(names.has(part), `${old} → ${part}`).toBe(true);
    }
  });

  // A developer's .sandbox-data/db made before the split lists the old bare file names and has every
  // table; nothing may run again (CREATE TABLE would fail), and later area files still apply.
  it.each([
    [['001_core.sql', '002_transactions.sql', '003_receiving_money.sql'], []],
    [['001_core.sql', '002_transactions.sql'], SPLIT_MIGRATIONS['003_receiving_money.sql']!],
  ])('a database whose ledger lists %j runs only what it lacks', async (ledger, expected) => {
    const db = await emptyDatabase();
    const areas = await loadAreas();
    const had = new Set(ledger.flatMap((old) => SPLIT_MIGRATIONS[old]!));
    await db.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)');
    for (const m of allMigrations(areas).filter((m) => had.has(m.name))) await db.exec(readFileSync(m.file, 'utf8'));
    for (const old of ledger) await db.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, 0)', [old]);
    const ran = await migrate(db, areas);
    expect(ran).toEqual(
      allMigrations(areas)
        .map((m) => m.name)
        .filter((n) => !had.has(n)),
    );
    expect(ran).toEqual(expect.arrayContaining([...expected]));
    expect(await migrate(db, areas)).toEqual([]);
  });
});
