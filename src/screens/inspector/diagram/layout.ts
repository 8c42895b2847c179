import type { ELK as ElkInstance, ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { DiagramModel, DiagramState, DiagramTransition } from './model';

/**
 * Places a diagram model with elkjs (layered, hierarchy across nested states). The bundled build
 * runs in this thread (no Worker from a blob URL, no eval), so it works under `script-src 'self'`
 * and in Node for the docs script. Text is measured by a monospace estimate, not the DOM, for the
 * same reason: both the screen and the script must get the same picture.
 */

export const FONT_FAMILY = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace";
export const FONT_SIZE = 12;
export const TITLE_SIZE = 13;
export const LINE_HEIGHT = 16;
// 0.62em covers the widest common monospace fonts (DejaVu 0.602, Menlo 0.602), so no text spills.
const CHAR_EM = 0.62;
const PAD_X = 10;
const PAD_Y = 8;
const MAX_LINE_CHARS = 44;
const INITIAL_SIZE = 12;

export interface TextLine {
  text: string;
  /** title: the state's name; meta: tags, entry, invoke; internal: a transition without a target. */
  role: 'title' | 'meta' | 'internal';
}

export interface Point {
  x: number;
  y: number;
}

export interface PlacedState {
  state: DiagramState;
  x: number;
  y: number;
  width: number;
  height: number;
  lines: TextLine[];
  /** Depth below the root (root = 0), for drawing order. */
  depth: number;
}

export interface PlacedTransition {
  /** One drawn edge per target; targetless transitions are lines inside their state instead. */
  edgeId: string;
  transition: DiagramTransition;
  points: Point[];
  label: { x: number; y: number; width: number; height: number; lines: string[] } | null;
  /** Source and target are the same state: a re-entering self transition. */
  selfLoop: boolean;
}

export interface PlacedInitial {
  parentId: string;
  targetId: string;
  center: Point;
  radius: number;
  points: Point[];
}

export interface DiagramLayout {
  model: DiagramModel;
  width: number;
  height: number;
  states: PlacedState[];
  transitions: PlacedTransition[];
  initials: PlacedInitial[];
}

export function textWidth(text: string, size = FONT_SIZE): number {
  return Math.ceil([...text].length * size * CHAR_EM);
}

/** Breaks long lines at ', ' so action lists never make a state absurdly wide. */
function wrap(text: string, max = MAX_LINE_CHARS): string[] {
  if (text.length <= max) return [text];
  const parts = text.split(', ');
  const lines: string[] = [];
  let current = '';
  for (const part of parts) {
    const next = current ? `${current}, ${part}` : part;
    if (next.length > max && current) {
      lines.push(`${current},`);
      current = `  ${part}`;
    } else {
      current = next;
    }
  }
  if (current) lines.push(current);
  return lines;
}

export function transitionLabel(transition: DiagramTransition): string[] {
  const lines = [transition.event];
  if (transition.guard) lines.push(`[${transition.guard}]`);
  return lines;
}

function internalLine(transition: DiagramTransition): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const actions = transition.actions.length ? ` / ${transition.actions.join(', ')}` : '';
  return `${transition.event}${guard}${actions}`;
}

export function stateLines(model: DiagramModel, state: DiagramState): TextLine[] {
  const lines: TextLine[] = [];
  const title = state.id === model.rootId ? `${model.machineId} (machine)` : state.key;
  const suffix =
    state.type === 'parallel' ? ' ‖ parallel' : state.type === 'final' ? ' (final)' : state.type === 'history' ? ' (history)' : '';
  lines.push({ text: `${title}${suffix}`, role: 'title' });
  const meta = (text: string) => wrap(text).forEach((line) => lines.push({ text: line, role: 'meta' }));
  if (state.tags.length) meta(`tags: ${state.tags.join(', ')}`);
  if (state.entry.length) meta(`entry: ${state.entry.join(', ')}`);
  if (state.exit.length) meta(`exit: ${state.exit.join(', ')}`);
  for (const invoke of state.invokes) meta(`invoke: ${invoke.id}${invoke.src !== invoke.id ? ` (${invoke.src})` : ''}`);
  for (const transition of model.transitions) {
    if (transition.sourceId === state.id && transition.targetIds.length === 0) {
      wrap(internalLine(transition)).forEach((line) => lines.push({ text: line, role: 'internal' }));
    }
  }
  return lines;
}

function linesSize(lines: TextLine[]): { width: number; height: number } {
  const width = Math.max(...lines.map((line) => textWidth(line.text, line.role === 'title' ? TITLE_SIZE : FONT_SIZE)));
  return { width: width + PAD_X * 2, height: lines.length * LINE_HEIGHT + PAD_Y * 2 };
}

const initialNodeId = (parentId: string) => `initial:${parentId}`;

export const ELK_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '18',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '18',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
};

interface ElkInput {
  graph: ElkNode;
  lines: Map<string, TextLine[]>;
}

function toElk(model: DiagramModel): ElkInput {
  const byId = new Map(model.states.map((state) => [state.id, state]));
  const lines = new Map<string, TextLine[]>();
  const edges: ElkExtendedEdge[] = [];

  const node = (state: DiagramState): ElkNode => {
    const own = stateLines(model, state);
    lines.set(state.id, own);
    const size = linesSize(own);
    const children = state.childIds.map((id) => node(byId.get(id)!));
    if (children.length === 0) return { id: state.id, width: size.width, height: size.height };
    const initial = children.find((child) => byId.get(child.id)?.initial);
    if (initial && state.type !== 'parallel') {
      children.unshift({ id: initialNodeId(state.id), width: INITIAL_SIZE, height: INITIAL_SIZE });
      edges.push({ id: `initial-edge:${state.id}`, sources: [initialNodeId(state.id)], targets: [initial.id] });
    }
    return {
      id: state.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${size.height + 10},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${size.width}, ${size.height + 24})`,
        // Regions of a parallel state sit side by side, as statecharts are usually drawn.
        ...(state.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
    };
  };
  const root = node(byId.get(model.rootId)!);

  for (const transition of model.transitions) {
    const labelLines = transitionLabel(transition);
    transition.targetIds.forEach((targetId, index) => {
      const labels: ElkLabel[] = [
        {
          id: `label:${transition.id}:${index}`,
          text: labelLines.join('\n'),
          width: Math.max(...labelLines.map((line) => textWidth(line))) + 8,
          height: labelLines.length * LINE_HEIGHT + 4,
        },
      ];
      edges.push({ id: `edge:${transition.id}:${index}`, sources: [transition.sourceId], targets: [targetId], labels });
    });
  }
  return { graph: { id: 'diagram', layoutOptions: ELK_OPTIONS, children: [root], edges }, lines };
}

let shared: Promise<ElkInstance> | null = null;

function elk(): Promise<ElkInstance> {
  // Its own chunk (most of the inspector's weight): the machine list shows while it loads. No
  // workerUrl, so the bundled build uses its in-thread fake worker. Only the algorithm used.
  shared ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK({ algorithms: ['layered'] }));
  return shared;
}

interface ElkEdgeOut extends ElkExtendedEdge {
  container?: string;
}

export async function layoutDiagram(model: DiagramModel): Promise<DiagramLayout> {
  const { graph, lines } = toElk(model);
  const result = await (await elk()).layout(graph);

  const offsets = new Map<string, Point>();
  const placed = new Map<string, { x: number; y: number; width: number; height: number; depth: number }>();
  const walk = (node: ElkNode, origin: Point, depth: number) => {
    const x = origin.x + (node.x ?? 0);
    const y = origin.y + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    placed.set(node.id, { x, y, width: node.width ?? 0, height: node.height ?? 0, depth });
    for (const child of node.children ?? []) walk(child, { x, y }, depth + 1);
  };
  walk(result, { x: 0, y: 0 }, -1);

  const byId = new Map(model.states.map((state) => [state.id, state]));
  const byTransitionEdge = new Map<string, DiagramTransition>();
  for (const transition of model.transitions) {
    transition.targetIds.forEach((_, index) => byTransitionEdge.set(`edge:${transition.id}:${index}`, transition));
  }

  const states: PlacedState[] = [];
  const initials: PlacedInitial[] = [];
  for (const [id, box] of placed) {
    const state = byId.get(id);
    if (state) states.push({ state, ...box, lines: lines.get(id) ?? [] });
  }

  const transitions: PlacedTransition[] = [];
  const collectEdges = (node: ElkNode) => {
    for (const edge of (node.edges ?? []) as ElkEdgeOut[]) {
      // With INCLUDE_CHILDREN, elkjs gives coordinates relative to the edge's container node.
      const origin = offsets.get(edge.container ?? node.id) ?? { x: 0, y: 0 };
      const points: Point[] = [];
      for (const section of edge.sections ?? []) {
        const shift = (p: Point) => ({ x: p.x + origin.x, y: p.y + origin.y });
        points.push(shift(section.startPoint), ...(section.bendPoints ?? []).map(shift), shift(section.endPoint));
      }
      if (edge.id.startsWith('initial-edge:')) {
        const parentId = edge.id.slice('initial-edge:'.length);
        const marker = placed.get(initialNodeId(parentId));
        if (marker) {
          initials.push({
            parentId,
            targetId: edge.targets[0]!,
            center: { x: marker.x + marker.width / 2, y: marker.y + marker.height / 2 },
            radius: marker.width / 2,
            points,
          });
        }
        continue;
      }
      const transition = byTransitionEdge.get(edge.id);
      if (!transition) continue;
      const label = edge.labels?.[0];
      transitions.push({
        edgeId: edge.id,
        transition,
        points,
        selfLoop: edge.sources[0] === edge.targets[0],
        label: label
          ? {
              x: origin.x + (label.x ?? 0),
              y: origin.y + (label.y ?? 0),
              width: label.width ?? 0,
              height: label.height ?? 0,
              lines: transitionLabel(transition),
            }
          : null,
      });
    }
    for (const child of node.children ?? []) collectEdges(child);
  };
  collectEdges(result);

  states.sort((a, b) => a.depth - b.depth);
  return { model, width: Math.ceil(result.width ?? 0), height: Math.ceil(result.height ?? 0), states, transitions, initials };
}
