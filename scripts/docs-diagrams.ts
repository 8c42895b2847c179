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
const generator = pathToFileURL(join(root, 'src/screens/inspector/diagram/catalogue-svgs.ts')).href;
const { catalogueSvgs } = (await import(generator)) as { catalogueSvgs: () => Promise<CatalogueSvg[]> };

const outDir = join(root, 'docs', 'diagrams');
mkdirSync(outDir, { recursive: true });

const written = new Set<string>();
for (const diagram of await catalogueSvgs()) {
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
