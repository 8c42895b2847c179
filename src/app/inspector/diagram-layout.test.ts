import { describe, expect, it } from 'vitest';
import { MACHINE_CATALOGUE } from '../catalogue';
import { layoutDiagram, type DiagramLayout } from '../../screens/inspector/diagram/layout';
import { buildDiagramModel } from '../../screens/inspector/diagram/model';
import { buildScene } from '../../screens/inspector/diagram/scene';
import { escapeXml, sceneToSvgString } from '../../screens/inspector/diagram/svg-string';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

const layouts = new Map<string, DiagramLayout>();
async function layoutOf(id: string): Promise<DiagramLayout> {
  let layout = layouts.get(id);
  if (!layout) {
    layout = await layoutDiagram(buildDiagramModel(MACHINE_CATALOGUE.find((entry) => entry.id === id)!.machine));
    layouts.set(id, layout);
  }
  return layout;
}

describe.each(MACHINE_CATALOGUE.map((entry) => entry.id))('layout of %s', (id) => {
  it('places every state and draws every transition that has a target', async () => {
    const layout = await layoutOf(id);
    expect(layout.states.map((s) => s.state.id).sort()).toEqual(layout.model.states.map((s) => s.id).sort());
    const drawn = new Set(layout.transitions.map((t) => t.transition.id));
    for (const transition of layout.model.transitions.filter((t) => t.targetIds.length > 0)) {
      expect(drawn.has(transition.id), transition.id).toBe(true);
    }
    for (const edge of layout.transitions) expect(edge.points.length, edge.edgeId).toBeGreaterThanOrEqual(2);
  });

  it('is readable: no two states overlap unless one contains the other, no label overlaps a label or a state it is not in', async () => {
    const layout = await layoutOf(id);
    const { states } = layout;
    for (const [i, a] of states.entries()) {
      for (const b of states.slice(i + 1)) {
        if (overlaps(a, b)) expect(inside(a, b) || inside(b, a), `${a.state.id} / ${b.state.id}`).toBe(true);
      }
    }
    const labels = layout.transitions.flatMap((t) => (t.label ? [{ id: t.edgeId, ...t.label }] : []));
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false);
      for (const state of states) {
        if (overlaps(a, state)) expect(inside(a, state), `${a.id} over ${state.state.id}`).toBe(true);
      }
    }
  });
});

describe('SVG output', () => {
  it('escapes text and is a standalone document', async () => {
    expect(escapeXml(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    const svg = sceneToSvgString(buildScene(await layoutOf('session')));
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<marker id="arrow"');
    expect(svg).toContain('>signedIn ‖ parallel</text>');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });
});
