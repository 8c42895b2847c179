import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_DECLARATIONS } from './areas';

/**
 * The static half of the rule "Mantine CSS comes with the page that draws the component"
 * (docs/architecture.md). The e2e checks the states it reaches; this checks every component an area
 * imports, including in dialogs no e2e opens.
 *
 * What a component needs is read from Mantine itself, not from a hand-kept table: its ES module and
 * everything it imports inside @mantine/core reach a set of `<Part>.module.mjs` files, one per
 * `styles/<Part>.css` (a Select reaches Input, Combobox, Popover, ScrollArea, …; a Switch reaches
 * InlineInput). What an area has is the CSS its own files import, and the CSS of the shared modules
 * they import, plus the sign-in set every page loads (src/app/styles.ts), plus the shell's set for an
 * area whose pages are all inside the shell. An area with a page outside it (sign-in, the customer
 * display, the inspector) carries all it draws. The check is per area, not per page: the hosted
 * checkout, a separate entry of the build, is checked with its area (and imports its own set).
 */

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');
const MANTINE = join(ROOT, 'node_modules/@mantine/core/esm');
const ALWAYS_LOADED = join(SRC, 'app/styles.ts');
const SHELL_STYLES = join(SRC, 'screens/shell/styles.ts');

const CSS_IMPORT = /import\s+'@mantine\/core\/styles\/([\w-]+)\.css'/g;
const CORE_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g;
const RELATIVE_IMPORT = /(?:import|export)\s[^'";]*?from\s*'(\.{1,2}\/[^']+)'|import\s*'(\.{1,2}\/[^']+)'/g;

/**
 * Imports Mantine makes only to compare against, never to draw: a Modal checks whether its scroll
 * component is ScrollArea.Autosize (its default is a plain div).
 */
const REFERENCE_ONLY: Record<string, readonly string[]> = { 'Modal/ModalRoot.mjs': ['ScrollArea'] };

interface ModuleImport {
  names: string[];
  file: string;
}

function moduleImports(file: string, text: string): ModuleImport[] {
  return [...text.matchAll(/import (?:(\w+)|\{([^}]*)\}) from "(\.[^"]+\.mjs)"/g)].map((match) => ({
    names: match[1]
      ? [match[1]]
      : (match[2] ?? '')
          .split(',')
          .map(
            (part) =>
              part
                .trim()
                .split(/\s+as\s+/)
                .pop() ?? '',
          )
          .filter(Boolean),
    file: resolve(dirname(file), match[3] ?? ''),
  }));
}

/** Export name → the ES module that defines it, from @mantine/core's index. */
function mantineExports(): Map<string, string> {
  const index = join(MANTINE, 'index.mjs');
  const files = new Map<string, string>();
  for (const { names, file } of moduleImports(index, readFileSync(index, 'utf8'))) for (const name of names) files.set(name, file);
  return files;
}

/**
 * The styles/<Part>.css files a Mantine component needs: every `.module.mjs` its module reaches.
 * Parts attached as statics (`Radio.Card = RadioCard`) and not drawn by the component itself are
 * needed only where the code names them (`Radio.Card`), so they are followed only then.
 */
function createMantineNeeds() {
  const exports = mantineExports();
  const cache = new Map<string, Set<string>>();
  /** The identifiers `owner` only attaches (`Radio.Card = RadioCard`) and never draws itself. */
  const attachedOnly = (text: string, owner: string): Set<string> => {
    const attached = new Set<string>();
    const body = text.replace(/^import .*$/gm, '');
    for (const match of body.matchAll(new RegExp(`^${owner}\\.[A-Z]\\w* = (\\w+);$`, 'gm'))) {
      const identifier = match[1] ?? '';
      // Named by the assignment only.
      if (body.match(new RegExp(`\\b${identifier}\\b`, 'g'))?.length === 1) attached.add(identifier);
    }
    return attached;
  };
  const reach = (file: string, seen: Set<string>, owner: string | null) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const skip = new Set(Object.entries(REFERENCE_ONLY).flatMap(([suffix, names]) => (file.endsWith(`/${suffix}`) ? names : [])));
    if (owner) for (const identifier of attachedOnly(text, owner)) skip.add(identifier);
    for (const { names, file: target } of moduleImports(file, text)) {
      if (names.length > 0 && names.every((name) => skip.has(name))) continue;
      reach(target, seen, null);
    }
  };
  const partsOf = (seen: Set<string>): Set<string> => {
    const parts = new Set<string>();
    for (const reached of seen) {
      if (!reached.endsWith('.module.mjs')) continue;
      // The module's second line names its source, e.g. `//#region …/Switch/Switch.module.css`.
      const source = readFileSync(reached, 'utf8').split('\n')[1] ?? '';
      const part = /\/([\w-]+)\.module\.css/.exec(source)?.[1];
      if (part) parts.add(part);
    }
    return parts;
  };
  /** `component` is an export of @mantine/core, or `Export.Static` for a part attached to it. */
  return (component: string): Set<string> | null => {
    const cached = cache.get(component);
    if (cached) return cached;
    const [name = '', property] = component.split('.');
    const file = exports.get(name);
    if (!file) return null;
    const seen = new Set<string>();
    if (property) {
      const text = readFileSync(file, 'utf8');
      const identifier = new RegExp(`^${name}\\.${property} = (\\w+);$`, 'm').exec(text)?.[1];
      const source = moduleImports(file, text).find((entry) => identifier && entry.names.includes(identifier));
      if (!source) return null;
      reach(source.file, seen, null);
    } else {
      reach(file, seen, name);
    }
    const parts = partsOf(seen);
    cache.set(component, parts);
    return parts;
  };
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

interface AreaStyles {
  /** Mantine component → the files of the area (or the shared modules it uses) that import it. */
  components: Map<string, Set<string>>;
  css: Set<string>;
}

/** The area's own files, and the shared screen and app modules they import, transitively. */
function areaStyles(area: string): AreaStyles {
  const shared = [join(SRC, 'screens/shared'), join(SRC, 'app/shared')];
  const declaration = AREA_DECLARATIONS.find((entry) => entry.name === area);
  const insideShell = declaration !== undefined && !('pages' in declaration && declaration.pages);
  const queue = [...sourceFiles(join(SRC, 'screens', area)), ...sourceFiles(join(SRC, 'app', area)), ALWAYS_LOADED];
  if (insideShell) queue.push(SHELL_STYLES);
  const seen = new Set<string>();
  const result: AreaStyles = { components: new Map(), css: new Set() };
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(CSS_IMPORT)) result.css.add(match[1] ?? '');
    const addUser = (component: string) => {
      const users = result.components.get(component) ?? new Set<string>();
      users.add(relative(SRC, file));
      result.components.set(component, users);
    };
    for (const match of text.matchAll(CORE_IMPORT)) {
      if (/^import\s+type\b/.test(match[0])) continue;
      for (const part of (match[1] ?? '').split(',')) {
        const piece = part.trim();
        if (!piece || piece.startsWith('type ')) continue;
        const name = piece.split(/\s+as\s+/)[0] ?? '';
        if (!/^[A-Z]/.test(name)) continue;
        addUser(name);
        for (const attached of text.matchAll(new RegExp(`\\b${name}\\.([A-Z]\\w*)`, 'g'))) addUser(`${name}.${attached[1] ?? ''}`);
      }
    }
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? '');
      if (target && shared.some((dir) => target.startsWith(`${dir}/`))) queue.push(target);
    }
  }
  return result;
}

const AREAS = readdirSync(join(SRC, 'screens')).filter((name) => name !== 'shared' && statSync(join(SRC, 'screens', name)).isDirectory());

describe('Mantine CSS comes with the page that draws the component (docs/architecture.md)', () => {
  const needs = createMantineNeeds();

  it('reads what a component needs from Mantine: a Select needs the input, combobox, popover and scroll area CSS', () => {
    expect([...(needs('Select') ?? [])]).toEqual(expect.arrayContaining(['Input', 'Combobox', 'Popover', 'ScrollArea']));
    expect([...(needs('Switch') ?? [])]).toEqual(expect.arrayContaining(['Switch', 'InlineInput']));
    expect([...(needs('Modal') ?? [])]).toEqual(expect.arrayContaining(['Modal', 'ModalBase', 'Overlay']));
    expect(needs('Box')?.size).toBe(0);
    // Radio.Card is needed only where it is named.
    expect(needs('Radio')?.has('RadioCard')).toBe(false);
    expect(needs('Radio.Card')?.has('RadioCard')).toBe(true);
  });

  it.each(AREAS)('src/screens/%s imports the CSS of every Mantine component it draws', (area) => {
    const { components, css } = areaStyles(area);
    const missing: Record<string, string[]> = {};
    for (const [component, users] of components) {
      const parts = needs(component);
      if (parts === null) continue; // a hook or helper the index names elsewhere: no CSS of its own
      const lacking = [...parts].filter((part) => !css.has(part));
      for (const part of lacking) (missing[part] ??= []).push(`${component} (${[...users].join(', ')})`);
    }
    expect(missing).toEqual({});
  });
});
