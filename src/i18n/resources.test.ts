import { describe, expect, it } from 'vitest';

/**
 * Every namespace file under src/i18n, whoever wrote it: vi and en must have the same files, the
 * same keys, no empty texts, and the same {{placeholders}} (a missing one shows raw braces).
 */
const files = import.meta.glob<unknown>(['./*/*.json', './*/machines/*.json'], { eager: true, import: 'default' });

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function byLanguage(lng: string): Map<string, Map<string, unknown>> {
  const namespaces = new Map<string, Map<string, unknown>>();
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/(.+)\.json$/.exec(path);
    if (match?.[1] === lng) namespaces.set(match[2]!, flatten(content));
  }
  return namespaces;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const vi = byLanguage('vi');
const en = byLanguage('en');

describe('i18n resources', () => {
  it('only vi and en folders exist, with the same namespace files', () => {
    const languages = new Set(Object.keys(files).map((p) => p.split('/')[1]));
    expect([...languages].sort()).toEqual(['en', 'vi']);
    expect([...vi.keys()].sort()).toEqual([...en.keys()].sort());
    for (const ns of ['common', 'errors', 'validation']) expect(vi.has(ns), ns).toBe(true);
  });

  for (const ns of [...new Set([...vi.keys(), ...en.keys()])].sort()) {
    describe(`namespace ${ns}`, () => {
      const viKeys = vi.get(ns) ?? new Map<string, unknown>();
      const enKeys = en.get(ns) ?? new Map<string, unknown>();

      it('has exactly the same keys in vi and en', () => {
        expect([...viKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
      });

      it('has only non-empty strings', () => {
        for (const [lng, keys] of [
          ['vi', viKeys],
          ['en', enKeys],
        ] as const) {
          for (const [key, value] of keys) {
            expect(typeof value, `${lng}/${ns}:${key}`).toBe('string');
            expect((value as string).trim(), `${lng}/${ns}:${key}`).not.toBe('');
          }
        }
      });

      it('uses the same placeholders in both languages', () => {
        for (const [key, value] of viKeys) {
          const other = enKeys.get(key);
          if (typeof value !== 'string' || typeof other !== 'string') continue;
          expect(placeholders(value), `${ns}:${key}`).toEqual(placeholders(other));
        }
      });
    });
  }
});
