import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { guardLabel, transitionKey } from '../../../machines/shared/introspection';

/**
 * The drawable model of a machine, read from `machine.root`: toDirectedGraph and
 * machine.definition both leave out eventless (always) transitions and the initial markers.
 * Plain data only (no React, no DOM), so the screen and the docs script share it.
 */

export type DiagramStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export type DiagramTransitionKind = 'event' | 'always' | 'after' | 'done.actor' | 'error.actor' | 'done.state';

export interface DiagramState {
  /** The state node's id, e.g. `session.signedIn.token.valid` (what the coverage report names). */
  id: string;
  key: string;
  type: DiagramStateType;
  parentId: string | null;
  /** This state is its parent's initial state. */
  initial: boolean;
  tags: string[];
  entry: string[];
  exit: string[];
  invokes: Array<{ id: string; src: string }>;
  description: string | null;
  childIds: string[];
}

export interface DiagramTransition {
  /**
   * Source, event, index among that event's transitions (only when it has siblings), guard and
   * targets: the same string the model tests' coverage report uses, so the report can colour edges.
   */
  id: string;
  sourceId: string;
  /** The event type as the machine stores it; '' for always. */
  eventType: string;
  /** Index among the source's transitions for this event (or among its always transitions). */
  index: number;
  siblings: number;
  kind: DiagramTransitionKind;
  /** Human label of the event: `LOGOUT`, `always`, `after resendCooldown (60 s)`, `done: login`. */
  event: string;
  guard: string | null;
  targetIds: string[];
  actions: string[];
  description: string | null;
  /** The machine delay reference, for `after` transitions. */
  delay: string | null;
}

export interface DiagramModel {
  machineId: string;
  rootId: string;
  states: DiagramState[];
  transitions: DiagramTransition[];
}

function nameOf(item: unknown, fallback: string): string {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && 'type' in item && typeof (item as { type: unknown }).type === 'string') {
    return (item as { type: string }).type;
  }
  if (typeof item === 'function') {
    const name = (item as { name?: string }).name;
    return name && name !== 'anonymous' ? name : fallback;
  }
  return fallback;
}

function actionNames(actions: readonly unknown[]): string[] {
  return actions.map((action) => nameOf(action, 'inline action'));
}

export function guardName(transition: AnyTransitionDefinition): string | null {
  const guard = transition.guard as unknown;
  return guard === undefined ? null : guardLabel(guard);
}

function describeDelay(machine: AnyStateMachine, delay: unknown): { ref: string; label: string } {
  if (typeof delay === 'number') return { ref: String(delay), label: formatMs(delay) };
  if (typeof delay === 'string') {
    const known = (machine.implementations.delays as Record<string, unknown>)[delay];
    return { ref: delay, label: typeof known === 'number' ? `${delay} (${formatMs(known)})` : delay };
  }
  return { ref: 'inline delay', label: 'inline delay' };
}

export function formatMs(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function classify(node: AnyStateNode, eventType: string): { kind: DiagramTransitionKind; label: string; delay: string | null } {
  if (eventType === '') return { kind: 'always', label: 'always', delay: null };
  if (eventType.startsWith('xstate.after.')) {
    const after = node.after.find((candidate) => candidate.eventType === eventType);
    const { ref, label } = describeDelay(node.machine, after?.delay);
    return { kind: 'after', label: `after ${label}`, delay: ref };
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return { kind: 'done.actor', label: `done: ${done[1]}`, delay: null };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return { kind: 'error.actor', label: `error: ${error[1]}`, delay: null };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'done.state', label: 'done', delay: null };
  return { kind: 'event', label: eventType, delay: null };
}

function toTransition(node: AnyStateNode, transition: AnyTransitionDefinition, index: number, siblings: number): DiagramTransition {
  const { kind, label, delay } = classify(node, transition.eventType);
  return {
    id: transitionKey(transition),
    sourceId: node.id,
    eventType: transition.eventType,
    index,
    siblings,
    kind,
    event: label,
    guard: guardName(transition),
    targetIds: (transition.target ?? []).map((target) => target.id),
    actions: actionNames(transition.actions),
    description: transition.description ?? null,
    delay,
  };
}

function srcName(src: unknown): string {
  if (typeof src === 'string') return src;
  return nameOf(src, 'inline actor');
}

export function buildDiagramModel(machine: AnyStateMachine): DiagramModel {
  const states: DiagramState[] = [];
  const transitions: DiagramTransition[] = [];

  const visit = (node: AnyStateNode, parent: AnyStateNode | null) => {
    const parentInitial = parent?.type === 'compound' ? parent.initial.target.map((target) => target.id) : [];
    const children = Object.values(node.states ?? {}) as AnyStateNode[];
    states.push({
      id: node.id,
      key: node.key,
      type: node.type,
      parentId: parent?.id ?? null,
      initial: parentInitial.includes(node.id),
      tags: [...node.tags],
      entry: actionNames(node.entry),
      exit: actionNames(node.exit),
      invokes: node.invoke.map((invoke) => ({ id: invoke.id, src: srcName(invoke.src) })),
      description: node.description ?? null,
      childIds: children.map((child) => child.id),
    });
    for (const list of node.transitions.values()) {
      list.forEach((transition, index) => transitions.push(toTransition(node, transition, index, list.length)));
    }
    const always = node.always ?? [];
    always.forEach((transition, index) => transitions.push(toTransition(node, transition, index, always.length)));
    for (const child of children) visit(child, node);
  };
  visit(machine.root, null);
  return { machineId: machine.id, rootId: machine.root.id, states, transitions };
}

/** The active state ids for a state value (as an inspected snapshot carries it). */
export function activeStateIds(machine: AnyStateMachine, value: unknown): Set<string> {
  const active = new Set<string>([machine.root.id]);
  const walk = (node: AnyStateNode, current: unknown) => {
    const states = (node.states ?? {}) as Record<string, AnyStateNode>;
    if (typeof current === 'string') {
      const child = states[current];
      if (child) active.add(child.id);
      return;
    }
    if (current && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current as Record<string, unknown>)) {
        const child = states[key];
        if (!child) continue;
        active.add(child.id);
        walk(child, inner);
      }
    }
  };
  walk(machine.root, value);
  return active;
}
