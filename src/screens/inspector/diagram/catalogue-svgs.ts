import { MACHINE_CATALOGUE } from '../../../app/catalogue';
import { layoutDiagram } from './layout';
import { buildDiagramModel } from './model';
import { buildScene } from './scene';
import { sceneToSvgString } from './svg-string';

export interface CatalogueSvg {
  id: string;
  svg: string;
  states: number;
  transitions: number;
}

/** Every catalogued machine as a standalone SVG (scripts/docs-diagrams.ts writes them to docs/diagrams/). */
export async function catalogueSvgs(): Promise<CatalogueSvg[]> {
  const out: CatalogueSvg[] = [];
  for (const entry of MACHINE_CATALOGUE) {
    const model = buildDiagramModel(entry.machine);
    const layout = await layoutDiagram(model);
    out.push({ id: entry.id, svg: sceneToSvgString(buildScene(layout)), states: model.states.length - 1, transitions: model.transitions.length });
  }
  return out;
}
