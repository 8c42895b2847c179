import type { CatalogueEntry } from '../../machines/shared/catalogue';
import { layoutDiagram } from '../../screens/inspector/diagram/layout';
import { buildDiagramModel } from '../../screens/inspector/diagram/model';
import { buildScene } from '../../screens/inspector/diagram/scene';
import { sceneToSvgString } from '../../screens/inspector/diagram/svg-string';

export interface CatalogueSvg {
  id: string;
  svg: string;
  states: number;
  transitions: number;
}

/** Every catalogued machine as a standalone SVG (scripts/docs-diagrams.ts writes them to docs/diagrams/). */
export async function catalogueSvgs(catalogue: readonly CatalogueEntry[]): Promise<CatalogueSvg[]> {
  const out: CatalogueSvg[] = [];
  for (const entry of catalogue) {
    const model = buildDiagramModel(entry.machine);
    const layout = await layoutDiagram(model);
    out.push({
      id: entry.id,
      svg: sceneToSvgString(buildScene(layout)),
      states: model.states.length - 1,
      transitions: model.transitions.length,
    });
  }
  return out;
}
