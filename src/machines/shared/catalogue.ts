import type { AnyStateMachine } from 'xstate';

/**
 * The machine catalogue (the inspector's list and docs/diagrams) is every machine exported by a
 * `src/machines/<area>/*.machine.ts` file: a new machine is catalogued by being written there. This
 * builder is pure so both Vite (`import.meta.glob`, src/app/catalogue.ts) and Node
 * (scripts/docs-diagrams.ts, reading the folder) can hand it the loaded modules.
 */

export interface CatalogueEntry {
  /** The machine's id (`machine.id`): the key of its texts and of its coverage report entry. */
  id: string;
  /** The spec area, i.e. the folder under src/machines/. */
  area: string;
  /** `<area>/<name>.machine.ts`, relative to src/machines/. */
  file: string;
  machine: AnyStateMachine;
}

const MACHINE_FILE = /(?:^|\/)machines\/([a-z]+)\/([A-Za-z0-9]+\.machine\.ts)$/;

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value;
}

/** `modules`: module path (ending in machines/<area>/<name>.machine.ts) → its exports. */
export function buildCatalogue(modules: Readonly<Record<string, Readonly<Record<string, unknown>>>>): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  for (const [path, exports] of Object.entries(modules)) {
    const match = MACHINE_FILE.exec(path.replaceAll('\\', '/'));
    if (!match) throw new Error(`not a machine file: ${path}`);
    const [, area, name] = match as unknown as [string, string, string];
    for (const machine of new Set(Object.values(exports).filter(isMachine))) {
      entries.push({ id: machine.id, area, file: `${area}/${name}`, machine });
    }
  }
  return entries.sort((a, b) => a.area.localeCompare(b.area) || a.id.localeCompare(b.id));
}

/** i18n keys of an entry's texts: in its area's namespace, under `machines.<id>`. */
export const catalogueKeys = (entry: Pick<CatalogueEntry, 'id' | 'area'>) => ({
  title: `${entry.area}:machines.${entry.id}.title`,
  spec: `${entry.area}:machines.${entry.id}.spec`,
  description: `${entry.area}:machines.${entry.id}.description`,
});
