import { describe, expect, it } from 'vitest';
import { AREA_DECLARATIONS } from './areas';
import { catalogueEntry, MACHINE_CATALOGUE } from './catalogue';

/** Every machine file is catalogued by its folder; these check the pieces around it agree. */
const machineFiles = import.meta.glob<Record<string, unknown>>('../machines/*/*.machine.ts', { eager: true });
const texts = {
  vi: import.meta.glob<Record<string, unknown>>('../i18n/vi/machines/*.json', { eager: true, import: 'default' }),
  en: import.meta.glob<Record<string, unknown>>('../i18n/en/machines/*.json', { eager: true, import: 'default' }),
};

describe('machine catalogue', () => {
  it('holds one machine for every src/machines/<area>/*.machine.ts file', () => {
    const files = Object.keys(machineFiles)
      .map((path) => path.replace('../machines/', ''))
      .sort();
    expect(MACHINE_CATALOGUE.map((entry) => entry.file).sort()).toEqual(files);
  });

  it('holds the machine each file exports, under its id', () => {
    for (const entry of MACHINE_CATALOGUE) {
      expect(Object.values(machineFiles[`../machines/${entry.file}`] ?? {}), entry.file).toContain(entry.machine);
      expect(entry.id).toBe(entry.machine.id);
    }
  });

  it('has unique ids, each in a declared area', () => {
    const ids = MACHINE_CATALOGUE.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const areas = AREA_DECLARATIONS.map((area) => area.name);
    for (const entry of MACHINE_CATALOGUE) expect(areas, `${entry.file}: src/app/${entry.area}/area.ts`).toContain(entry.area);
    expect(catalogueEntry('session')).toMatchObject({ area: 'session', file: 'session/session.machine.ts' });
  });

  it('lists in each area declaration exactly the machines of its folder', () => {
    for (const area of AREA_DECLARATIONS) {
      const inFolder = MACHINE_CATALOGUE.filter((entry) => entry.area === area.name)
        .map((entry) => entry.id)
        .sort();
      expect([...(area.inspector?.machines ?? [])].sort(), `src/app/${area.name}/area.ts inspector.machines`).toEqual(inFolder);
    }
  });

  it('has a title, spec section and description in vi and en, in the machines file of its area', () => {
    for (const [lng, files] of Object.entries(texts)) {
      for (const entry of MACHINE_CATALOGUE) {
        const file = `../i18n/${lng}/machines/${entry.area}.json`;
        const own = files[file]?.[entry.id];
        expect(own, `src/i18n/${lng}/machines/${entry.area}.json "${entry.id}"`).toMatchObject({
          title: expect.stringMatching(/\S/),
          spec: expect.stringMatching(/\S/),
          description: expect.stringMatching(/\S/),
        });
      }
    }
  });

  it('has no machine texts without a machine', () => {
    const ids = new Set(MACHINE_CATALOGUE.map((entry) => entry.id));
    for (const files of Object.values(texts)) {
      for (const [file, content] of Object.entries(files)) {
        for (const id of Object.keys(content)) expect(ids, `${file}: "${id}"`).toContain(id);
      }
    }
  });
});
