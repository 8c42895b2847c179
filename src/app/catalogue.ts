import { buildCatalogue, type CatalogueEntry } from '../machines/shared/catalogue';

export type { CatalogueEntry } from '../machines/shared/catalogue';

/** Every machine in src/machines/<area>/ (see buildCatalogue); only the inspector's chunk loads it. */
const modules = import.meta.glob<Record<string, unknown>>('../machines/*/*.machine.ts', { eager: true });

export const MACHINE_CATALOGUE: readonly CatalogueEntry[] = buildCatalogue(modules);

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return MACHINE_CATALOGUE.find((candidate) => candidate.id === id);
}
