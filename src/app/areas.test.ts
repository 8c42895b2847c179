import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import manifest from '../../areas.json';
import layout from '../../scripts/lint/layers.json';
import enShell from '../i18n/en/shell.json';
import viShell from '../i18n/vi/shell.json';
import { isSensitiveKey } from '../services/shared/inspection';
import { AREA_DECLARATIONS, AREA_FOLDERS, AREA_PAGES, AREA_ROUTES } from './areas';

/**
 * An area is one name in every layer. These fail when an area's pieces disagree: a folder in some
 * layer that no declaration claims (a typo, or an area added without `src/app/<area>/area.ts`), a
 * declaration outside its own folder, two areas claiming one address, a menu label with no text.
 */

const root = resolve(import.meta.dirname, '../..');
const declared = AREA_DECLARATIONS.map((area) => area.name);

/** Each layer's folder of areas and the shared places in it (the lint boundaries read the same file). */
const LAYERS: ReadonlyArray<{ dir: string; shared: readonly string[]; files?: RegExp }> = [
  ...Object.entries(layout.layers).map(([dir, shared]) => ({ dir, shared })),
  { dir: 'docs/areas', shared: [], files: /^([a-z]+)\.md$/ },
  { dir: 'src/i18n/vi/machines', shared: [], files: /^([a-z]+)\.json$/ },
  { dir: 'src/i18n/en/machines', shared: [], files: /^([a-z]+)\.json$/ },
];

function areaNamesIn(dir: string, files?: RegExp): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (files) return entry.isFile() ? (files.exec(entry.name)?.slice(1, 2) ?? []) : [];
    return entry.isDirectory() ? [entry.name] : [];
  });
}

describe('areas (one name in every layer)', () => {
  it('each declaration sits in the folder of its own name', () => {
    for (const area of AREA_DECLARATIONS) expect(AREA_FOLDERS[area.name], `src/app/${area.name}/area.ts`).toBe(area.name);
    expect(new Set(declared).size).toBe(declared.length);
  });

  for (const layer of LAYERS) {
    it(`every folder of ${layer.dir} is a declared area or a shared place`, () => {
      for (const name of areaNamesIn(layer.dir, layer.files)) {
        if (layer.shared.includes(name)) continue;
        expect(declared, `${layer.dir}/${name}: declare it in src/app/${name}/area.ts (or rename the folder)`).toContain(name);
      }
    });
  }

  it('the declarations are the areas of areas.json, the one list of area names (the lint boundaries and the sandbox read it)', () => {
    expect([...declared].sort()).toEqual(Object.keys(manifest.areas).sort());
    for (const [name, area] of Object.entries(manifest.areas)) {
      for (const used of area.uses) expect(Object.keys(manifest.areas), `${name} uses ${used}`).toContain(used);
    }
  });

  it('no two areas claim one address', () => {
    const paths = [...AREA_ROUTES.map((route) => route.path), ...AREA_PAGES.map((page) => page.path)];
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it('every menu label has its text in vi and en (shell namespace)', () => {
    const has = (texts: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts) !== undefined;
    for (const route of AREA_ROUTES) {
      for (const [lng, texts] of [
        ['vi', viShell],
        ['en', enShell],
      ] as const) {
        // The profile's label has business and personal wording (core §1).
        const key = route.labelKey === 'nav.profile' ? 'nav.profile.business' : route.labelKey;
        expect(has(texts, key), `${lng}/shell.json ${key}`).toBe(true);
      }
    }
  });

  it('no area lets the inspector show a field the deny-list knows as secret or personal', () => {
    for (const area of AREA_DECLARATIONS) {
      const fields = area.inspector?.fields ?? [];
      for (const field of fields) expect(isSensitiveKey(field), `${area.name}: ${field}`).toBe(false);
      for (const personal of ['customer_name', 'tax_code', 'access_key', 'holderName', 'accountNo', 'qr', 'profile', 'tokens']) {
        expect(fields, `${area.name}: ${personal}`).not.toContain(personal);
      }
    }
  });

  it('the built areas have their page; the areas still to build are declared without one', () => {
    const built = AREA_ROUTES.filter((route) => route.route).map((route) => route.path);
    expect(built).toEqual(
      expect.arrayContaining([
        'dashboard',
        'tx-card',
        'bank',
        'payment',
        'edc',
        'staff',
        'category',
        'sale-product',
        'sale-table',
        'attendance',
        'sale-setting',
        'e-order',
      ]),
    );
  });
});
