import { FONT_FAMILY, FONT_SIZE, LINE_HEIGHT, TITLE_SIZE, textWidth, type DiagramLayout, type Point } from './layout';

/**
 * A laid-out diagram as a flat list of SVG primitives with every colour decided, so the React
 * screen and the Node docs script draw the same picture and an exported file needs no stylesheet.
 * Coverage and liveness are never told by colour alone: each also adds a text badge, and
 * "not covered" adds a hatch pattern and a dashed outline.
 */

export interface DiagramOverlay {
  /** Active state ids (live view). */
  active?: ReadonlySet<string>;
  /** Transition ids just taken (live view). */
  flashed?: ReadonlySet<string>;
  /** Coverage from a model-coverage report: id → covered. Ids missing from the map are drawn plainly. */
  coverage?: { states: ReadonlyMap<string, boolean>; transitions: ReadonlyMap<string, boolean> };
}

export type SceneItem =
  | {
      kind: 'rect';
      key: string;
      x: number;
      y: number;
      width: number;
      height: number;
      rx: number;
      fill: string;
      stroke: string;
      strokeWidth: number;
      dash?: string;
      stateId?: string;
      /** Space-separated: active, covered, not-covered (for tests and assistive queries). */
      marks?: string;
    }
  | { kind: 'circle'; key: string; cx: number; cy: number; r: number; fill: string }
  | { kind: 'path'; key: string; d: string; stroke: string; strokeWidth: number; dash?: string; arrow: ArrowId; transitionId?: string }
  | {
      kind: 'text';
      key: string;
      x: number;
      y: number;
      text: string;
      size: number;
      weight: 'normal' | 'bold';
      fill: string;
      italic?: boolean;
    };

export type ArrowId = 'arrow' | 'arrow-active' | 'arrow-covered' | 'arrow-uncovered';

export const COLORS = {
  text: '#212529',
  muted: '#495057',
  stateFill: '#ffffff',
  rootFill: '#f8f9fa',
  regionFill: '#fcfcfd',
  stroke: '#495057',
  edge: '#495057',
  labelFill: '#ffffff',
  active: '#2b8a3e',
  activeFill: '#ebfbee',
  flash: '#d9480f',
  covered: '#2b8a3e',
  uncovered: '#c92a2a',
  hatch: 'url(#hatch-uncovered)',
  hatchLine: '#ffc9c9',
  hatchBack: '#fff5f5',
} as const;

/** Marker and pattern definitions every rendering of a scene carries (ids are local to the SVG). */
export const ARROWS: Record<ArrowId, string> = {
  arrow: COLORS.edge,
  'arrow-active': COLORS.flash,
  'arrow-covered': COLORS.covered,
  'arrow-uncovered': COLORS.uncovered,
};

export interface Scene {
  width: number;
  height: number;
  items: SceneItem[];
  /** A one-line text description of the drawing for assistive technology. */
  title: string;
}

const MARGIN = 8;

function pathData(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

type PlacedState = DiagramLayout['states'][number];
type PlacedTransition = DiagramLayout['transitions'][number];
type Coverage = DiagramOverlay['coverage'];

/** A state's box, styled by its kind, its coverage and whether it is active; its texts and badges go to `texts`. */
function placeState(
  placed: PlacedState,
  model: DiagramLayout['model'],
  activeIds: ReadonlySet<string>,
  coverage: Coverage,
  items: SceneItem[],
  texts: SceneItem[],
): void {
  const { state } = placed;
  const isRoot = state.id === model.rootId;
  const parent = state.parentId ? model.states.find((s) => s.id === state.parentId) : undefined;
  const isRegion = parent?.type === 'parallel';
  const active = activeIds.has(state.id) && !isRoot;
  const covered = coverage?.states.get(state.id);
  let fill: string = isRoot ? COLORS.rootFill : isRegion ? COLORS.regionFill : COLORS.stateFill;
  let stroke: string = COLORS.stroke;
  let strokeWidth = 1.5;
  let dash: string | undefined = isRegion ? '6 4' : undefined;
  const badges: Array<{ text: string; fill: string }> = [];
  const marks: string[] = [];
  if (covered === true) {
    stroke = COLORS.covered;
    strokeWidth = 2;
    badges.push({ text: '✓ covered', fill: COLORS.covered });
    marks.push('covered');
  } else if (covered === false) {
    stroke = COLORS.uncovered;
    strokeWidth = 2;
    dash = '4 3';
    fill = COLORS.hatch;
    badges.push({ text: '✗ not covered', fill: COLORS.uncovered });
    marks.push('not-covered');
  }
  if (active) {
    stroke = COLORS.active;
    strokeWidth = 3.5;
    if (covered === undefined) fill = COLORS.activeFill;
    badges.push({ text: '● active', fill: COLORS.active });
    marks.push('active');
  }
  const x = placed.x + MARGIN;
  const y = placed.y + MARGIN;
  items.push({
    kind: 'rect',
    key: `state:${state.id}`,
    x,
    y,
    width: placed.width,
    height: placed.height,
    rx: isRoot ? 4 : 10,
    fill,
    stroke,
    strokeWidth,
    ...(dash ? { dash } : {}),
    stateId: state.id,
    ...(marks.length ? { marks: marks.join(' ') } : {}),
  });
  if (state.type === 'final') {
    items.push({
      kind: 'rect',
      key: `final:${state.id}`,
      x: x + 4,
      y: y + 4,
      width: placed.width - 8,
      height: placed.height - 8,
      rx: 7,
      fill: 'none',
      stroke,
      strokeWidth: 1,
    });
  }
  placeStateTexts(placed, x, y, fill, badges, texts);
}

/** A state's lines, each on its own background, and its badges above the box's top edge. */
function placeStateTexts(
  placed: PlacedState,
  x: number,
  y: number,
  fill: string,
  badges: ReadonlyArray<{ text: string; fill: string }>,
  stateTexts: SceneItem[],
): void {
  const { state } = placed;
  const textBackground = fill.startsWith('url(') ? COLORS.hatchBack : fill;
  placed.lines.forEach((line, index) => {
    const size = line.role === 'title' ? TITLE_SIZE : FONT_SIZE;
    stateTexts.push({
      kind: 'rect',
      key: `text-bg:${state.id}:${index}`,
      x: x + 8,
      y: y + 9 + LINE_HEIGHT * index,
      width: textWidth(line.text, size) + 4,
      height: LINE_HEIGHT,
      rx: 2,
      fill: textBackground,
      stroke: 'none',
      strokeWidth: 0,
    });
    stateTexts.push({
      kind: 'text',
      key: `text:${state.id}:${index}`,
      x: x + 10,
      y: y + 8 + LINE_HEIGHT * index + size,
      text: line.text,
      size,
      weight: line.role === 'title' ? 'bold' : 'normal',
      fill: line.role === 'title' ? COLORS.text : COLORS.muted,
      ...(line.role === 'internal' ? { italic: true } : {}),
    });
  });
  // Badges sit above the box's top edge, right-aligned, so they never cover the state's own text.
  let right = x + placed.width;
  for (const badge of badges) {
    const width = textWidth(badge.text, 11) + 8;
    right -= width;
    stateTexts.push({
      kind: 'rect',
      key: `badge-bg:${state.id}:${badge.text}`,
      x: right,
      y: y - 9,
      width,
      height: 16,
      rx: 3,
      fill: '#ffffff',
      stroke: badge.fill,
      strokeWidth: 1,
    });
    stateTexts.push({
      kind: 'text',
      key: `badge:${state.id}:${badge.text}`,
      x: right + 4,
      y: y + 3,
      text: badge.text,
      size: 11,
      weight: 'bold',
      fill: badge.fill,
    });
    right -= 4;
  }
}

/** A transition's edge, styled by its coverage and whether it was just taken; its label goes to `labels`. */
function placeTransition(
  placed: PlacedTransition,
  flashed: ReadonlySet<string>,
  coverage: Coverage,
  items: SceneItem[],
  labels: SceneItem[],
): void {
  const { transition } = placed;
  const taken = flashed.has(transition.id);
  const covered = coverage?.transitions.get(transition.id);
  let stroke: string = COLORS.edge;
  let arrow: ArrowId = 'arrow';
  let strokeWidth = 1.5;
  let dash: string | undefined = transition.kind === 'always' ? '2 3' : undefined;
  let prefix = '';
  if (covered === true) {
    stroke = COLORS.covered;
    arrow = 'arrow-covered';
    strokeWidth = 2;
    prefix = '✓ ';
  } else if (covered === false) {
    stroke = COLORS.uncovered;
    arrow = 'arrow-uncovered';
    strokeWidth = 2;
    dash = '6 4';
    prefix = '✗ ';
  }
  if (taken) {
    stroke = COLORS.flash;
    arrow = 'arrow-active';
    strokeWidth = 3.5;
  }
  items.push({
    kind: 'path',
    key: `edge:${placed.edgeId}`,
    d: pathData(placed.points.map((p) => ({ x: p.x + MARGIN, y: p.y + MARGIN }))),
    stroke,
    strokeWidth,
    ...(dash ? { dash } : {}),
    arrow,
    transitionId: transition.id,
  });
  if (placed.label) {
    const { label } = placed;
    const lines = label.lines.map((line, index) => (index === 0 ? `${prefix}${line}` : line));
    const width = Math.max(label.width, ...lines.map((line) => textWidth(line) + 8));
    labels.push({
      kind: 'rect',
      key: `label-bg:${placed.edgeId}`,
      x: label.x + MARGIN,
      y: label.y + MARGIN,
      width,
      height: label.height,
      rx: 3,
      fill: COLORS.labelFill,
      stroke: taken ? COLORS.flash : 'none',
      strokeWidth: taken ? 2 : 0,
    });
    lines.forEach((line, index) => {
      labels.push({
        kind: 'text',
        key: `label:${placed.edgeId}:${index}`,
        x: label.x + MARGIN + 4,
        y: label.y + MARGIN + 2 + LINE_HEIGHT * index + FONT_SIZE,
        text: line,
        size: FONT_SIZE,
        weight: index === 0 ? 'bold' : 'normal',
        fill: covered === false ? COLORS.uncovered : taken ? COLORS.flash : COLORS.text,
      });
    });
  }
}

export function buildScene(layout: DiagramLayout, overlay: DiagramOverlay = {}): Scene {
  const items: SceneItem[] = [];
  // State texts and badges are drawn after every edge, each on its own background: an edge that
  // leaves a compound state through its header passes under the text instead of striking it out.
  const stateTexts: SceneItem[] = [];
  const { model } = layout;
  const activeIds = overlay.active ?? new Set<string>();
  const flashed = overlay.flashed ?? new Set<string>();
  const coverage = overlay.coverage;

  for (const placed of layout.states) placeState(placed, model, activeIds, coverage, items, stateTexts);

  for (const initial of layout.initials) {
    items.push({
      kind: 'circle',
      key: `initial:${initial.parentId}`,
      cx: initial.center.x + MARGIN,
      cy: initial.center.y + MARGIN,
      r: initial.radius - 1,
      fill: COLORS.text,
    });
    items.push({
      kind: 'path',
      key: `initial-edge:${initial.parentId}`,
      d: pathData(initial.points.map((p) => ({ x: p.x + MARGIN, y: p.y + MARGIN }))),
      stroke: COLORS.text,
      strokeWidth: 1.5,
      arrow: 'arrow',
    });
  }

  // Edges after all boxes, labels after all edges: a label is never hidden under a line or a box.
  const labels: SceneItem[] = [];
  for (const placed of layout.transitions) placeTransition(placed, flashed, coverage, items, labels);
  items.push(...stateTexts, ...labels);

  return {
    width: layout.width + MARGIN * 2,
    height: layout.height + MARGIN * 2,
    items,
    title: `${model.machineId}: ${model.states.length - 1} states, ${model.transitions.length} transitions`,
  };
}

export { FONT_FAMILY };
