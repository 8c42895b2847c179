import { getShortestPaths } from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { formatStateLeaves } from '../../../src/machines/shared/introspection';

/**
 * Path generation for model tests, shared by the vitest replay (tests/model) and the Playwright
 * drive (e2e). No test-runner imports here.
 */

/** An event with its payload, e.g. `{ type: 'xstate.done.actor.login', output: tokens }`. */
export type SampleEvent = EventObject & Record<string, unknown>;

/** Sample events: every handled event type gets the samples of that type (each guarded branch needs one). */
export type SampleEvents = readonly SampleEvent[] | ((snapshot: AnyMachineSnapshot) => readonly SampleEvent[]);

export interface PathGenerationOptions {
  machine: AnyStateMachine;
  /** Machine input for this run (e.g. feature flags); part of each path. */
  input?: unknown;
  /** Short label of the input, prefixed to descriptions, e.g. 'unifiedLogin'. */
  variant?: string;
  events: SampleEvents;
  /**
   * The context fields that decide where the machine can go next (guards read them). Typed text
   * and counters must be reduced (e.g. to "filled or not") or traversal never ends.
   */
  project?: (context: never) => unknown;
  /** Safety net against a projection that lets the state space grow without bound. */
  limit?: number;
  /**
   * Event types this variant never sends (not even as a bare `{ type }`), so a parallel machine's
   * regions can be explored in separate variants whose coverage adds up.
   */
  ignore?: readonly string[];
}

export interface ModelStep {
  /** The event to deliver; the first step's is `xstate.init` (start the actor). */
  event: EventObject;
  /** The snapshot expected after the event. */
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  description: string;
  variant: string | undefined;
  input: unknown;
  steps: ModelStep[];
  /** The snapshot the path ends in. */
  state: AnyMachineSnapshot;
  /**
   * The context projection that was part of the state key. Only it is guaranteed along a path:
   * traversal merges snapshots whose keys are equal, so other context fields may differ.
   */
  project: ((context: never) => unknown) | undefined;
}

const ACTOR_RESULT = /^xstate\.(done|error)\.actor\./;

export function stateKey(snapshot: AnyMachineSnapshot, project?: (context: never) => unknown): string {
  return JSON.stringify([snapshot.value, snapshot.status, project ? project(snapshot.context as never) : null]);
}

/**
 * Every event type the snapshot's active states have a transition for, with the matching samples. Invoked
 * actors' done/error events must have samples: a bare `{ type }` would carry no output or error.
 */
export function eventsFor(snapshot: AnyMachineSnapshot, samples: SampleEvents, ignore: readonly string[] = []): EventObject[] {
  if (snapshot.status !== 'active') return [];
  const all = typeof samples === 'function' ? samples(snapshot) : samples;
  // Not xstate's getAllOwnEventDescriptors: it leaves out explicitly empty transitions, and "this
  // event is deliberately ignored here" (e.g. single-flight refresh) is behaviour worth a path too.
  const handled = new Set(snapshot._nodes.flatMap((node) => [...node.transitions.keys()]));
  for (const type of ignore) handled.delete(type);
  return [...handled].flatMap((type) => {
    const matching = all.filter((event) => event.type === type);
    if (matching.length > 0) return matching;
    if (ACTOR_RESULT.test(type)) {
      throw new Error(`No sample event for "${type}" in state ${JSON.stringify(snapshot.value)}`);
    }
    return [{ type }];
  });
}

/** A short label of a payload value for path descriptions: an error's code, else truncated JSON. */
function summarize(value: unknown): string {
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.code === 'string') return record.code;
    if (value instanceof Error) return value.message;
  }
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}

export function formatEvent(event: EventObject): string {
  const { type, ...payload } = event as SampleEvent;
  const shortType = type.replace(/^xstate\.(done|error)\.actor\.(.+)$/, '$2.$1').replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1');
  const entries = Object.entries(payload);
  if (entries.length === 0) return shortType;
  if (entries.length === 1) return `${shortType}(${summarize(entries[0]![1])})`;
  return `${shortType}(${entries.map(([key, value]) => `${key}=${summarize(value)}`).join(', ')})`;
}

/** Active leaf states as dotted paths, e.g. "signedIn.profile.profileReady + signedIn.token.valid". */
export function formatState(snapshot: AnyMachineSnapshot): string {
  return formatStateLeaves(snapshot.value);
}

function describePath(variant: string | undefined, steps: ModelStep[], state: AnyMachineSnapshot): string {
  const events = steps.filter((step) => step.event.type !== 'xstate.init').map((step) => formatEvent(step.event));
  const head = variant ? `[${variant}] ` : '';
  return `${head}reaches ${formatState(state)}${events.length ? ` via ${events.join(' → ')}` : ' at start'}`;
}

/** Drops paths whose event sequence is a prefix of a longer path: every step is asserted anyway. */
export function withoutPrefixPaths(paths: ModelPath[]): ModelPath[] {
  const sequences = paths.map((path) => path.steps.map((step) => JSON.stringify(step.event)));
  const order = paths.map((_, index) => index).sort((a, b) => sequences[b]!.length - sequences[a]!.length);
  const kept: number[] = [];
  for (const index of order) {
    const sequence = sequences[index]!;
    const covered = kept.some((other) => {
      const longer = sequences[other]!;
      return sequence.every((event, i) => longer[i] === event);
    });
    if (!covered) kept.push(index);
  }
  return kept.sort((a, b) => a - b).map((index) => paths[index]!);
}

/**
 * Shortest paths to every (state, incoming transition) pair. The state key includes the event
 * and the previous state, so each transition, self-transitions and refused events included, ends
 * some path: all-transitions coverage rather than only all-states.
 */
export function generateModelPaths(options: PathGenerationOptions): ModelPath[] {
  const { machine, input, variant, events, project, limit, ignore } = options;
  const serializeState = (snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) =>
    event && previous
      ? `${stateKey(snapshot, project)} via ${JSON.stringify(event)} from ${stateKey(previous, project)}`
      : stateKey(snapshot, project);
  const statePaths = getShortestPaths(machine, {
    input,
    events: (snapshot: AnyMachineSnapshot) => eventsFor(snapshot, events, ignore),
    serializeState,
    limit: limit ?? 20_000,
  });
  const paths = statePaths.map((statePath): ModelPath => {
    const steps = statePath.steps.map((step) => ({ event: step.event as EventObject, state: step.state as AnyMachineSnapshot }));
    const state = statePath.state as AnyMachineSnapshot;
    return { description: describePath(variant, steps, state), variant, input, steps, state, project };
  });
  return withoutPrefixPaths(paths);
}
