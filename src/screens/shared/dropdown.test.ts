// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DROPDOWN_MAX_HEIGHT } from './dropdown';

/**
 * core §9: every dropdown opens at most 216 px high. Mantine's Select opens 250 px unless told, so a
 * dropdown added without the shared height would quietly break the rule; this reads every screen's
 * source and fails on one.
 */

const SCREENS = join(__dirname, '..');
/** Mantine components that open a list. */
const DROPDOWNS = ['Select', 'MultiSelect', 'Autocomplete', 'TagsInput'];
/**
 * Native selects open the system's own list, which no page can size. Allowed only for short fixed
 * lists that fit in 216 px anyway (D67): page sizes, time presets, the two languages.
 */
const NATIVE_ALLOWED = new Set([
  'shared/LanguageSelect.tsx',
  'shared/table/DataTable.tsx',
  'shared/table/TimeRangeFilter.tsx',
  // The five e-invoice template types (doc 2 §2), a fixed list.
  'einvoice/template/TemplateScreen.tsx',
]);
/** The one hand-built Combobox: the virtualised list, sized with the shared constant. */
const COMBOBOX_ALLOWED = new Set(['shared/table/LookupSelect.tsx']);

function screenFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return screenFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

/** The opening tag starting at `start` (`<Select … >`), skipping `>` inside braces and strings (`=>`). */
function openingTag(source: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + 1; i < source.length; i += 1) {
    const c = source[i]!;
    if (quote) {
      if (c === quote && source[i - 1] !== '\\') quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (c === '>' && depth === 0) return source.slice(start, i + 1);
  }
  throw new Error(`unclosed tag at ${start}`);
}

function tags(source: string, name: string): string[] {
  return [...source.matchAll(new RegExp(`<${name}[\\s/>]`, 'g'))].map((m) => openingTag(source, m.index));
}

describe('core §9 dropdowns: at most 216 px high', () => {
  it('the shared height is 216 px', () => {
    expect(DROPDOWN_MAX_HEIGHT).toBe(216);
  });

  it('the scan finds a Select without the shared height (the check itself works)', () => {
    const planted = `<Select data={x} onChange={(v) => send(v > 1)} />`;
    expect(tags(planted, 'Select')[0]).toBe(planted);
    expect(tags(planted, 'Select')[0]).not.toContain('maxDropdownHeight={DROPDOWN_MAX_HEIGHT}');
  });

  const files = screenFiles(SCREENS).map((path) => ({
    name: relative(SCREENS, path).split('\\\\').join('/'),
    source: readFileSync(path, 'utf8'),
  }));

  it('finds the screens', () => {
    expect(files.map((f) => f.name)).toContain('shopqr/ShopQrAddScreen.tsx');
  });

  it('every Mantine Select, MultiSelect, Autocomplete and TagsInput passes maxDropdownHeight={DROPDOWN_MAX_HEIGHT}', () => {
    const missing = files.flatMap(({ name, source }) =>
      DROPDOWNS.flatMap((component) =>
        tags(source, component)
          .filter((tag) => !tag.includes('maxDropdownHeight={DROPDOWN_MAX_HEIGHT}'))
          .map((tag) => `${name}: ${tag.split('\n')[0]}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('a hand-built Combobox is the virtualised LookupSelect, which sizes itself with the shared constant', () => {
    const combos = files.filter(({ source }) => tags(source, 'Combobox').length > 0).map((f) => f.name);
    expect(combos.filter((name) => !COMBOBOX_ALLOWED.has(name))).toEqual([]);
    const lookup = files.find((f) => f.name === 'shared/table/LookupSelect.tsx')!.source;
    expect(lookup).toContain('Math.min(DROPDOWN_MAX_HEIGHT');
    expect(lookup).toContain('maxHeight: DROPDOWN_MAX_HEIGHT');
  });

  it('native selects (the system sizes their list) only hold short fixed lists', () => {
    const native = files.filter(({ source }) => tags(source, 'NativeSelect').length > 0).map((f) => f.name);
    expect(native.filter((name) => !NATIVE_ALLOWED.has(name))).toEqual([]);
  });
});
