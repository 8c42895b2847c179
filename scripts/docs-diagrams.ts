import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run docs:diagrams`: every catalogued machine's statechart as docs/diagrams/<id>.svg, drawn by
 * the same model, layout and scene code as /portal/inspector. Files of machines no longer in the
 * catalogue are removed, so the folder never shows a flow that does not exist.
 */

interface CatalogueSvg {
  id: string;
  svg: string;
  states: number;
  transitions: number;
}

const root = resolve(import.meta.dirname, '..');
// Loaded at run time: the portal's sources belong to tsconfig.app.json, not to this (node) project.
const load = (path: string) => import(pathToFileURL(join(root, path)).href) as Promise<Record<string, unknown>>;
const { catalogueSvgs } = (await load('src/app/inspector/catalogue-svgs.ts')) as {
  catalogueSvgs: (catalogue: unknown) => Promise<CatalogueSvg[]>;
};
const { buildCatalogue } = (await load('src/machines/shared/catalogue.ts')) as {
  buildCatalogue: (modules: Record<string, Record<string, unknown>>) => unknown;
};
// The same catalogue as the inspector's: every machine file of every area folder.
const modules: Record<string, Record<string, unknown>> = {};
for (const area of readdirSync(join(root, 'src/machines'), { withFileTypes: true })) {
  if (!area.isDirectory()) continue;
  for (const file of readdirSync(join(root, 'src/machines', area.name))) {
    if (file.endsWith('.machine.ts')) modules[`machines/${area.name}/${file}`] = await load(`src/machines/${area.name}/${file}`);
  }
}

const outDir = join(root, 'docs', 'diagrams');
mkdirSync(outDir, { recursive: true });

const written = new Set<string>();
for (const diagram of await catalogueSvgs(buildCatalogue(modules))) {
  const file = `${diagram.id}.svg`;
  writeFileSync(join(outDir, file), diagram.svg);
  written.add(file);
  console.log(`docs/diagrams/${file}: ${diagram.states} states, ${diagram.transitions} transitions`);
}
for (const file of readdirSync(outDir)) {
  if (file.endsWith('.svg') && !written.has(file)) {
    rmSync(join(outDir, file));
    console.log(`docs/diagrams/${file}: removed (no such machine)`);
  }
}
