import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AREA_NAMES, type FeatureSeed, type SandboxArea, type ServiceName } from './area';
import type { SandboxContext } from './context';
import type { TriggerDefinition } from './triggers/registry';

export const AREAS_DIR = fileURLToPath(new URL('../areas/', import.meta.url));

/** Folders under sandbox/areas, whether or not they hold an area.ts (the test names the ones that do not). */
export function areaFolders(dir = AREAS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

let loaded: Promise<readonly SandboxArea[]> | undefined;

/**
 * Every sandbox/areas/<name>/area.ts, in dependency order (see SandboxArea.after). Read once per
 * process: the declarations are code and do not change while it runs.
 */
export function loadAreas(): Promise<readonly SandboxArea[]> {
  loaded ??= readAreas(AREAS_DIR).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

export async function readAreas(dir: string): Promise<SandboxArea[]> {
  const areas: SandboxArea[] = [];
  for (const folder of areaFolders(dir)) {
    const file = join(dir, folder, 'area.ts');
    if (!existsSync(file)) throw new Error(`sandbox/areas/${folder} has no area.ts`);
    const area = ((await import(pathToFileURL(file).href)) as { default?: SandboxArea }).default;
    if (!area || typeof area !== 'object') throw new Error(`sandbox/areas/${folder}/area.ts has no default export`);
    if (area.name !== folder) throw new Error(`sandbox/areas/${folder}/area.ts declares name "${String(area.name)}"`);
    if (!(AREA_NAMES as readonly string[]).includes(area.name)) throw new Error(`"${folder}" is not an area name of the spec`);
    areas.push(area);
  }
  return inDependencyOrder(areas);
}

/** Dependencies first; among areas ready at the same time, by name, so the order never depends on the disk. */
export function inDependencyOrder(areas: readonly SandboxArea[]): SandboxArea[] {
  const byName = new Map(areas.map((a) => [a.name, a]));
  for (const area of areas) {
    for (const dep of area.after ?? []) {
      if (!byName.has(dep)) throw new Error(`area ${area.name} comes after "${dep}", which has no sandbox/areas folder`);
    }
  }
  const done = new Set<string>();
  const ordered: SandboxArea[] = [];
  const pending = [...areas].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  while (pending.length) {
    const index = pending.findIndex((a) => (a.after ?? []).every((dep) => done.has(dep)));
    if (index < 0) throw new Error(`areas wait for each other: ${pending.map((a) => a.name).join(', ')}`);
    const [next] = pending.splice(index, 1);
    ordered.push(next!);
    done.add(next!.name);
  }
  return ordered;
}

export function areaSeeds(areas: readonly SandboxArea[]): FeatureSeed[] {
  return areas.flatMap((a) => (a.seed ? [a.seed] : []));
}

/** Every trigger, area by area; a name given twice stops the start. */
export function areaTriggers(areas: readonly SandboxArea[]): TriggerDefinition[] {
  const triggers = areas.flatMap((a) => a.triggers ?? []);
  const seen = new Set<string>();
  for (const t of triggers) {
    if (seen.has(t.name)) throw new Error(`trigger "${t.name}" is declared twice`);
    seen.add(t.name);
  }
  return triggers;
}

/** One service's calls: each area's `routes[service]`, in area order. */
export function registerService(app: FastifyInstance, ctx: SandboxContext, service: ServiceName, areas: readonly SandboxArea[]): void {
  for (const area of areas) area.routes?.[service]?.(app, ctx);
}
