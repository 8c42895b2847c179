// Import boundaries between spec areas and layers, as an ESLint rule (`boundaries/imports`).
//
// Why a local rule rather than import-x/no-restricted-paths or eslint-plugin-boundaries: the rules
// below let machines and screens import *types* from any service module while services may not
// even import types from machines, so every import must be judged with its import kind
// (`import type` vs value) and its resolved target file together. Imports in this project are all
// relative, so resolving them needs no resolver plugin: path.resolve plus TypeScript's extension
// lookup is exact.
//
// The area list is never written down: an area is any folder under one of the LAYERS that is not
// one of that layer's SHARED folders (plus the page objects `e2e/pages/<area>.ts`). A new area
// folder is bound by the rules the moment it exists.
//
// Rules (messages name them a–i; docs/architecture.md "Boundaries"):
//   a. a file in an area imports only its own area (any layer), shared places, and the areas it
//      declares in areas.json (its `uses`);
//   f. … and those only through their public face (`<layer>/<area>/index.ts`; test data
//      `src/services/<area>/samples.ts`; e2e page objects);
//   g. the declared graph has no cycle: an import along an edge that leads back is refused;
//   b. src/machines imports from src/services only schema modules or `import type`; never screens/app;
//   c. src/services imports nothing from machines, screens or app, not even types;
//   d. src/screens imports from src/services only schema modules, the error catalogue or
//      `import type`; never src/app;
//   e. outside src/app no file imports both machines and service implementations (app composes);
//   h. the ground floor `src/rules/` (pure rules: validators, money, time, status lists, open to every
//      layer and the sandbox) imports only itself and src/config's zod wrappers;
//   i. the sandbox imports no machine module (what it shares with the portal are rules).
// Two more kinds of module are open to every layer: an area's path builders (`src/app/<area>/paths.ts`,
// its public address) and shared sample data for tests (`src/services/shared/testing/`).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import layout from './layers.json' with { type: 'json' };

/** Layers whose sub-folders are areas, each with the names of its shared (non-area) folders. */
export const LAYERS = layout.layers;

/** Shared places outside the layers above (folders, relative to a root). */
const SHARED_FOLDERS = ['src/config', 'src/i18n', 'src/test', 'sandbox/platform'];

/** Files at the root of these folders are shared too (src/app/*.tsx is the composition core). */
const SHARED_ROOT_FILES_OF = ['src/app', 'src/rules'];

/** Page objects: e2e/pages/<area>.ts belongs to <area>, and so does e2e/pages/<area>-<part>.ts (one per part of a large area). */
const PAGE_OBJECTS = 'e2e/pages';

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'];

const toPosix = (p) => p.split(path.sep).join('/');

function isDir(p) {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Areas found on disk under one root: Map layer → Set of area names (plus page-object areas). */
export function deriveAreas(root) {
  const byLayer = new Map();
  for (const [layer, shared] of Object.entries(LAYERS)) {
    const dir = path.join(root, layer);
    const names = isDir(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory() && !shared.includes(d.name))
          .map((d) => d.name)
      : [];
    byLayer.set(layer, new Set(names));
  }
  const pages = path.join(root, PAGE_OBJECTS);
  const pageAreas = isDir(pages)
    ? readdirSync(pages)
        .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
        .map((f) => f.replace(/\.tsx?$/, ''))
        .map((name) => pageObjectArea(name, byLayer))
    : [];
  byLayer.set(PAGE_OBJECTS, new Set(pageAreas));
  return byLayer;
}

/** `einvoice-setup` → `einvoice` when `einvoice` is an area folder of some layer; otherwise the name itself. */
function pageObjectArea(name, byLayer) {
  const dash = name.indexOf('-');
  if (dash <= 0) return name;
  const prefix = name.slice(0, dash);
  for (const [layer, names] of byLayer) if (layer !== PAGE_OBJECTS && names.has(prefix)) return prefix;
  return name;
}

/**
 * Where a file sits: { layer, area, shared, rel }.
 * layer: the LAYERS key (or null); area: the area name (or null);
 * shared: true for shared places; neither area nor shared means "loose" (e.g. src/main.tsx,
 * sandbox/*.ts, e2e/*.spec.ts at the root): loose files are bound by no area rule themselves, but
 * an area may not import them.
 */
export function classify(root, areas, file) {
  const rel = toPosix(path.relative(root, file));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { layer: null, area: null, shared: false, rel, outside: true };
  if (rel.startsWith(PAGE_OBJECTS + '/')) {
    const name = pageObjectArea(rel.slice(PAGE_OBJECTS.length + 1).replace(/\.tsx?$/, ''), areas);
    if (!name.includes('/') && areas.get(PAGE_OBJECTS).has(name)) return { layer: 'e2e', area: name, shared: false, rel };
    return { layer: 'e2e', area: null, shared: true, rel };
  }
  for (const [layer, sharedNames] of Object.entries(LAYERS)) {
    if (!rel.startsWith(layer + '/')) continue;
    const rest = rel.slice(layer.length + 1);
    const slash = rest.indexOf('/');
    if (slash === -1) {
      return { layer, area: null, shared: SHARED_ROOT_FILES_OF.includes(layer), rel };
    }
    const top = rest.slice(0, slash);
    if (sharedNames.includes(top)) return { layer, area: null, shared: true, rel };
    if (areas.get(layer).has(top)) return { layer, area: top, shared: false, rel };
    return { layer, area: null, shared: false, rel };
  }
  const shared = SHARED_FOLDERS.some((f) => rel.startsWith(f + '/'));
  return { layer: null, area: null, shared, rel };
}

/** The file a relative specifier names, as TypeScript (moduleResolution bundler) would find it. */
export function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base];
  // `./x.js` written for ESM may stand for x.ts
  if (/\.(m?js)$/.test(base)) candidates.push(base.replace(/\.(m?js)$/, '.ts'), base.replace(/\.(m?js)$/, '.tsx'));
  for (const ext of EXTENSIONS) candidates.push(base + ext);
  for (const ext of EXTENSIONS) candidates.push(path.join(base, 'index' + ext));
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      /* try the next one */
    }
  }
  // Unresolved (a typo, or a file not created yet): judge by the written path; tsc reports the rest.
  return base;
}

/**
 * The declared dependencies between areas (`areas.json` at the root): Map area → Set of areas it
 * uses, and the edges that sit on a cycle (a → b where b reaches a again). A missing file declares
 * nothing, so every cross-area import is refused.
 */
export function readManifest(root) {
  let declared = {};
  try {
    declared = JSON.parse(readFileSync(path.join(root, 'areas.json'), 'utf8')).areas ?? {};
  } catch {
    /* no manifest: no area uses another */
  }
  const uses = new Map(Object.entries(declared).map(([name, a]) => [name, new Set(a.uses ?? [])]));
  const reaches = (from, target, seen = new Set()) => {
    for (const next of uses.get(from) ?? []) {
      if (next === target) return true;
      if (!seen.has(next)) {
        seen.add(next);
        if (reaches(next, target, seen)) return true;
      }
    }
    return false;
  };
  return {
    areas: new Set(uses.keys()),
    declares: (a, b) => uses.get(a)?.has(b) ?? false,
    /** a → b is declared and b leads back to a. */
    inCycle: (a, b) => (uses.get(a)?.has(b) ?? false) && reaches(b, a),
  };
}

/**
 * An area's public face in a layer: `<layer>/<area>/index.ts(x)`, the one file another area that
 * declares it may import; for tests also its sample data (`src/services/<area>/samples.ts`), and in
 * e2e its page object.
 */
function isPublicFace(to) {
  if (!to.area || !to.layer) return false;
  if (to.layer === 'e2e' && to.rel.startsWith(PAGE_OBJECTS + '/')) return true;
  if (to.rel === `src/services/${to.area}/samples.ts`) return true;
  return new RegExp(`^${to.layer}/${to.area}/index\\.tsx?$`).test(to.rel);
}

/** Schema modules: the contract types every layer may share. */
function isSchemaModule(rel) {
  return /^src\/services\/(.*\/)?schemas(\/[^/]+)?\.tsx?$/.test(rel);
}

const isErrorCatalogue = (rel) => rel.startsWith('src/services/errors/');

/** An area's typed path builders are its public address: any layer and area may link to it. */
const isAddressBook = (rel) => /^src\/app\/[a-z]+\/paths\.ts$/.test(rel);

/** The ground floor: pure rules (validators, money, time, status lists) every layer and the sandbox apply. */
const isPureRule = (rel) => rel.startsWith('src/rules/');
/** What the ground floor may import: itself and the zod wrappers of src/config. */
const groundFloorMayImport = (rel) => isPureRule(rel) || /^src\/config\/zod-[a-z]+\.ts$/.test(rel);

/** Sample data that tests of several layers share (never a client). */
const isSampleData = (rel) => /^src\/services\/[a-z]+\/samples\.ts$/.test(rel) || rel.startsWith('src/services/shared/testing/');
const under = (rel, layer) => rel.startsWith(layer + '/');

/** The deepest configured root that contains the file (a fixture tree may sit inside the repo). */
function rootOf(roots, file) {
  let best = null;
  for (const r of roots) {
    const rel = path.relative(r, file);
    if (!rel.startsWith('..') && !path.isAbsolute(rel) && (best === null || r.length > best.length)) best = r;
  }
  return best;
}

const where = (c) => (c.area ? `area '${c.area}'` : c.shared ? 'a shared place' : `'${c.rel}'`);

/** @type {import('eslint').Rule.RuleModule} */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Spec areas import only themselves and shared places; layers import only what they may.' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        additionalProperties: false,
      },
    ],
    messages: {
      crossArea:
        "(a) {{fromArea}} imports {{to}} ('{{spec}}'), which it does not declare: an area imports only its own folders, shared places and the areas areas.json lists for it.",
      pastFace:
        "(f) {{fromArea}} imports '{{target}}' ('{{spec}}') past the public face of {{to}}: import that area's index.ts (its public face) instead.",
      cycle:
        "(g) {{fromArea}} imports {{to}} ('{{spec}}'), and areas.json makes that a cycle: the areas that use each other must be untangled.",
      groundFloor:
        "(h) the ground floor src/rules imports '{{target}}' ('{{spec}}'): pure rules import only src/rules and the zod wrappers, nothing above them.",
      sandboxToMachine: "(i) the sandbox imports the machine module '{{target}}' ('{{spec}}'): pure rules it shares live in src/rules.",
      areaToLoose: "(a) {{fromArea}} imports '{{target}}' ('{{spec}}'), which is neither its own area nor a shared place.",
      machinesToService:
        "(b) src/machines imports the service implementation '{{target}}' ('{{spec}}'): machines take only schemas or `import type` from services.",
      machinesToUi: "(b) src/machines imports '{{target}}' ('{{spec}}'): machines never import screens or app.",
      servicesToUpper: "(c) src/services imports '{{target}}' ('{{spec}}'): services import no machines, screens or app, not even types.",
      screensToService:
        "(d) src/screens imports the service client '{{target}}' ('{{spec}}'): screens take only schemas, the error catalogue or `import type` from services.",
      screensToApp: "(d) src/screens imports '{{target}}' ('{{spec}}'): screens never import src/app.",
      composes:
        "(e) '{{file}}' imports both machines ('{{machines}}') and the service implementation '{{target}}' ('{{spec}}'): only src/app composes.",
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const roots = (context.options[0]?.roots ?? ['.']).map((r) => path.resolve(cwd, r));
    const file = context.filename ?? context.getFilename();
    const root = rootOf(roots, file);
    if (!root) return {};
    // Read from disk for every file (a few readdirs): an editor's long-lived ESLint sees new areas too.
    const areas = deriveAreas(root);
    const manifest = readManifest(root);
    const from = classify(root, areas, file);
    if (from.outside) return {};

    // rule e: value imports of machines and of service implementations, per file
    const machineImports = [];
    const serviceImplImports = [];

    function check(node, specifier, typeOnly) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveRelative(file, specifier);
      const to = classify(root, areas, target);
      const data = { spec: specifier, target: to.rel, fromArea: from.area ? `area '${from.area}'` : '', to: where(to) };
      const report = (messageId) => context.report({ node, messageId, data });

      if (isAddressBook(to.rel)) return;
      if (from.area && !to.outside) {
        if (to.area && to.area !== from.area) {
          if (!manifest.declares(from.area, to.area)) report('crossArea');
          else if (manifest.inCycle(from.area, to.area)) report('cycle');
          else if (!isPublicFace(to)) report('pastFace');
        } else if (!to.area && !to.shared) report('areaToLoose');
      }
      if (isPureRule(from.rel) && !to.outside && !groundFloorMayImport(to.rel)) report('groundFloor');
      if (under(from.rel, 'sandbox') && under(to.rel, 'src/machines')) report('sandboxToMachine');

      const schema = isSchemaModule(to.rel);
      if (under(from.rel, 'src/machines')) {
        if (under(to.rel, 'src/services') && !typeOnly && !schema) report('machinesToService');
        if (under(to.rel, 'src/screens') || under(to.rel, 'src/app')) report('machinesToUi');
      } else if (under(from.rel, 'src/services')) {
        if (under(to.rel, 'src/machines') || under(to.rel, 'src/screens') || under(to.rel, 'src/app')) {
          report('servicesToUpper');
        }
      } else if (under(from.rel, 'src/screens')) {
        if (under(to.rel, 'src/services') && !typeOnly && !schema && !isErrorCatalogue(to.rel) && !isSampleData(to.rel)) {
          report('screensToService');
        }
        if (under(to.rel, 'src/app')) report('screensToApp');
      } else if (!under(from.rel, 'src/app') && !typeOnly) {
        if (under(to.rel, 'src/machines')) machineImports.push(specifier);
        if (under(to.rel, 'src/services') && !schema && !isErrorCatalogue(to.rel)) serviceImplImports.push({ node, specifier, to });
      }
    }

    const allSpecifiersAreTypes = (node) =>
      node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');

    return {
      ImportDeclaration(node) {
        check(node.source, node.source.value, node.importKind === 'type' || allSpecifiersAreTypes(node));
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node.source, node.source.value, node.exportKind === 'type' || allSpecifiersAreTypes(node));
      },
      ExportAllDeclaration(node) {
        check(node.source, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value, false);
      },
      // `typeof import('../x')` in a type position
      TSImportType(node) {
        const arg = node.argument?.literal ?? node.argument;
        if (arg?.type === 'Literal') check(arg, arg.value, true);
      },
      'Program:exit'() {
        if (machineImports.length === 0) return;
        for (const { node, specifier, to } of serviceImplImports) {
          context.report({
            node,
            messageId: 'composes',
            data: { file: from.rel, machines: machineImports.join("', '"), target: to.rel, spec: specifier },
          });
        }
      },
    };
  },
};

export default {
  meta: { name: 'local-boundaries' },
  rules: { imports: importsRule },
};

// `node scripts/lint/boundaries.js [root]` prints the derived areas (what the rule sees).
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? '.');
  const all = new Map();
  for (const [layer, names] of deriveAreas(root)) {
    for (const n of names) all.set(n, [...(all.get(n) ?? []), layer]);
  }
  for (const [name, layers] of [...all].sort()) console.log(`${name.padEnd(16)} ${layers.join(', ')}`);
}
