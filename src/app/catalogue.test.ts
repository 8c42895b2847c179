import { describe, expect, it } from 'vitest';
import en from '../i18n/en/inspector.json';
import vi from '../i18n/vi/inspector.json';
import { catalogueEntry, MACHINE_CATALOGUE } from './catalogue';

/** Every machine file must be in the catalogue (and so in the inspector and docs/diagrams). */
const machineFiles = import.meta.glob<Record<string, unknown>>('../machines/*/*.machine.ts', { eager: true });

type Texts = Record<string, { title?: string; spec?: string; description?: string } | string>;

describe('machine catalogue', () => {
  it('has an entry for every src/machines/*.machine.ts file, and no other', () => {
    const files = Object.keys(machineFiles).map((path) => path.replace('../machines/', '')).sort();
    expect(MACHINE_CATALOGUE.map((entry) => entry.file).sort(), 'add the machine to src/machines/catalogue.ts').toEqual(files);
  });

  it('holds the machine each file exports', () => {
    for (const entry of MACHINE_CATALOGUE) {
      const exported = Object.values(machineFiles[`../machines/${entry.file}`] ?? {});
      expect(exported, entry.file).toContain(entry.machine);
      expect(entry.id).toBe(entry.machine.id);
    }
  });

  it('has unique ids', () => {
    const ids = MACHINE_CATALOGUE.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(catalogueEntry('session')?.file).toBe('session/session.machine.ts');
  });

  it('has a title, spec section and description in vi and en for every entry', () => {
    for (const [lng, texts] of [
      ['vi', vi.machines as Texts],
      ['en', en.machines as Texts],
    ] as const) {
      for (const entry of MACHINE_CATALOGUE) {
        const own = texts[entry.id];
        expect(typeof own === 'object' ? own : undefined, `${lng}/inspector.json machines.${entry.id}`).toMatchObject({
          title: expect.stringMatching(/\S/),
          spec: expect.stringMatching(/\S/),
          description: expect.stringMatching(/\S/),
        });
      }
    }
  });
});
