import type { AreaDeclaration, AreaPage, AreaRoute } from './shared/define-area';

/**
 * Every area, found by its declaration file (`src/app/<area>/area.ts` or `.tsx`). The router, the
 * sidebar and the inspector's allow-list read these; `areas.test.ts` checks that every layer's area
 * folders name a declared area and that each declaration names its own folder.
 */
const modules = import.meta.glob<AreaDeclaration>(['./*/area.ts', './*/area.tsx'], { eager: true, import: 'default' });

export const AREA_DECLARATIONS: readonly AreaDeclaration[] = Object.entries(modules)
  .map(([file, declaration]) => ({ file, declaration }))
  .sort((a, b) => a.declaration.name.localeCompare(b.declaration.name))
  .map(({ declaration }) => declaration);

/** The folder each declaration was found in, for the consistency test. */
export const AREA_FOLDERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(modules).map(([file, declaration]) => [declaration.name, file.split('/')[1] ?? '']),
);

export const AREA_ROUTES: readonly AreaRoute[] = AREA_DECLARATIONS.flatMap((area) => area.entries ?? []);

export const AREA_PAGES: readonly AreaPage[] = AREA_DECLARATIONS.flatMap((area) => area.pages ?? []);

export function findAreaRoute(path: string): AreaRoute | undefined {
  return AREA_ROUTES.find((route) => route.path === path);
}

/** The area that declares each machine id. */
export const MACHINE_AREAS: Readonly<Record<string, string>> = Object.fromEntries(
  AREA_DECLARATIONS.flatMap((area) => (area.inspector?.machines ?? []).map((id) => [id, area.name])),
);

const fieldsByArea = new Map(AREA_DECLARATIONS.map((area) => [area.name, area.inspector?.fields ?? []]));

/** Field names the inspector may show unmasked for one machine: its own area's allow-list. */
export function inspectorFieldsFor(machineId: string): readonly string[] {
  return fieldsByArea.get(MACHINE_AREAS[machineId] ?? '') ?? [];
}
